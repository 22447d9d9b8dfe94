import { useEffect, type Dispatch } from 'react';
import { DEFAULT_ERROR } from './callResult';
import type { ContactPayload } from '../contract/contact';
import type { CallOutcome } from './client';
import type { FormEvent } from './formState';
import { cancelPreload, loadClient, loadOutbox } from './lazy';

/** Sends one message and says how it ended, as the form's next event. */
async function sendMessage(payload: ContactPayload): Promise<FormEvent> {
  const key = payload.idempotencyKey;
  cancelPreload();
  let outcome: CallOutcome;
  try {
    outcome = await (await loadClient()).callContact(payload);
  } catch (error) {
    // The client's chunk did not load: the network is down.
    outcome = { result: { success: false, message: DEFAULT_ERROR }, failure: 'unreachable', error };
  }
  if (outcome.failure === null) return { type: 'sent', key };
  console.error(outcome.error);
  // No answer: the message waits in the outbox, also when its visitor has been forgotten since.
  const queued =
    outcome.failure === 'unreachable' &&
    (await loadOutbox()
      .then((outbox) => outbox.enqueue(payload))
      .catch(() => false));
  return queued
    ? { type: 'queued', key }
    : { type: 'failed', key, message: outcome.result.message };
}

/** Makes the call whenever the form holds a message on its way. */
export function useSend(attempt: ContactPayload | null, dispatch: Dispatch<FormEvent>): void {
  useEffect(() => {
    if (attempt) void sendMessage(attempt).then(dispatch);
  }, [attempt, dispatch]);
}
