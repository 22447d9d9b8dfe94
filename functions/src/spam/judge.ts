/** The studio's word on a message, from the tool or the inbox: kept on the record and learnt. */
import type { BackendSettings } from '../settings';
import type { ContactRecord, MessageStore, SpamMarkStore } from '../store/types';
import { features } from './features';
import { setSpamMark } from './marks';

/**
 * Marks message `id` spam or not ('ham') and teaches the filter at once. A held message marked not
 * spam is `released` for the caller to send. Null when there is no such message.
 */
export async function judgeMessage(
  store: MessageStore & SpamMarkStore,
  id: string,
  mark: 'spam' | 'ham',
  settings: Pick<BackendSettings, 'destinations'>,
): Promise<{ after: ContactRecord; released: boolean } | null> {
  const before = await store.get(id);
  if (!before) return null;
  const names = settings.destinations.map((d) => d.name);
  const after = await store.judge(id, mark, names);
  if (!after) return null;
  await setSpamMark(store, id, {
    label: mark,
    features: features(`${after.name}\n${after.message}`),
    at: new Date().toISOString(),
  });
  const released = before.delivery.state === 'spam' && after.delivery.state !== 'spam';
  return { after, released };
}
