/**
 * RETENTION_DAYS: how long contact messages are kept. The build puts it in the privacy policy
 * (__RETENTION_DAYS__, from vite.config.ts) and the backend deletes older messages
 * (functions/src/retention.ts); both read it with this function, so they agree.
 */

/** Whole days, or null (unset or empty): kept until the visitor asks for removal. */
export function retentionDays(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const days = Number(raw);
  if (!Number.isInteger(days) || days <= 0)
    throw new Error(`RETENTION_DAYS must be a whole number of days above 0, got "${raw}"`);
  return days;
}
