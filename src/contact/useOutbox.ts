import { useEffect, type Dispatch } from 'react';
import type { FormEvent, FormState } from './formState';
import { loadOutbox } from './lazy';
import type { Delivery } from './outbox';
import { outboxMayHold } from './outboxHint';

const eventOf = (delivery: Delivery): FormEvent =>
  delivery.sent
    ? { type: 'sent', key: delivery.key }
    : { type: 'refused', key: delivery.key, message: delivery.message };

/**
 * Follows the form's message while it may wait in the outbox: queued now, or brought back by
 * the draft with its key after a reload. It tells the form when the message waits, goes or is
 * refused.
 */
export function useOutbox(state: FormState, dispatch: Dispatch<FormEvent>): void {
  const queued = state.status === 'queued';
  const key = queued || state.status === 'idle' ? state.fields.idempotencyKey : '';
  useEffect(() => {
    // An idle form loads the outbox only when the device flag says something may wait.
    if (!key || (!queued && !outboxMayHold())) return;
    let live = true;
    let stop = () => {};
    const tell = (delivery: Delivery) => {
      if (live && delivery.key === key) dispatch(eventOf(delivery));
    };
    void loadOutbox()
      .then(async (outbox) => {
        if (!live) return;
        stop = outbox.onDelivery(tell);
        const where = await outbox.statusOf(key);
        if (where === 'queued') {
          if (live) dispatch({ type: 'waiting', key });
        } else if (where) tell(where);
      })
      .catch(() => {});
    return () => {
      live = false;
      stop();
    };
  }, [key, queued, dispatch]);
}
