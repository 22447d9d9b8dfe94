import type { ContactRecord } from '../store/types';

/**
 * For a message sent though flagged (SPAM_ACTION=tag, not marked "not spam"): the line that
 * says so, with the score and reasons, for the mail and the destinations; null otherwise.
 */
export function spamNote(record: ContactRecord): string | null {
  const spam = record.spam;
  if (!spam?.flagged || spam.mark === 'ham') return null;
  return `Possible spam (score ${spam.score}): ${spam.reasons.join('; ')}.`;
}
