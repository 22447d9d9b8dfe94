import { inboxWords as w } from '../content/inbox';

/** A time as the studio reads it: in its own time zone, with the zone named. */
export function studioTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: w.timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
