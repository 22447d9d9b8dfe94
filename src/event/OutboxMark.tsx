import { useSyncExternalStore } from 'react';
import { onWaitingChange, waitingMessages } from '../contact/outbox';

/** The kiosk staff's count of messages waiting for the network; it names no visitor or text. */
export function OutboxMark() {
  const count = useSyncExternalStore(onWaitingChange, waitingMessages);
  if (count === 0) return null;
  return (
    <p className="event-outbox" title="Contact messages waiting for the network">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M4 6h16v12H4zM4 7l8 6 8-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="event-outbox__count">{count}</span>
      <span className="visually-hidden">
        {count === 1 ? 'message waits' : 'messages wait'} for the network
      </span>
    </p>
  );
}
