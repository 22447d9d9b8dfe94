import { useSyncExternalStore } from 'react';
import { onWaitingChange, waitingMessages } from '../contact/outbox';
import { LineIcon } from '../layout/LineIcon';
import { words } from '../content/words';

/** The kiosk staff's count of messages waiting for the network; it names no visitor or text. */
export function OutboxMark() {
  const count = useSyncExternalStore(onWaitingChange, waitingMessages);
  if (count === 0) return null;
  return (
    <p className="event-outbox" title={words.event.outboxTitle}>
      <LineIcon d="M4 6h16v12H4zM4 7l8 6 8-6" size={16} stroke={1.8} />
      <span className="event-outbox__count">{count}</span>
      <span className="visually-hidden">{words.event.outboxCount(count)}</span>
    </p>
  );
}
