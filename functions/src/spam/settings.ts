import { DEFAULT_SPAM_THRESHOLD } from './filter';

/** What the backend does with a message the filter finds to be spam. */
export interface SpamSettings {
  /** hold: stored, not sent until the studio says "not spam"; tag: sent with "[Spam?]". */
  action: 'hold' | 'tag';
  threshold: number;
}

/** SPAM_FILTER (on, off), SPAM_ACTION (hold, tag) and SPAM_THRESHOLD; null when the filter is off. */
export function spamSettings(env: Record<string, string | undefined>): SpamSettings | null {
  const mode = env.SPAM_FILTER?.trim().toLowerCase() || 'on';
  if (mode === 'off') return null;
  if (mode !== 'on') throw new Error(`SPAM_FILTER must be on or off, got "${env.SPAM_FILTER}"`);
  const action = env.SPAM_ACTION?.trim().toLowerCase() || 'hold';
  if (action !== 'hold' && action !== 'tag')
    throw new Error(`SPAM_ACTION must be hold or tag, got "${env.SPAM_ACTION}"`);
  const raw = env.SPAM_THRESHOLD?.trim();
  const threshold = raw ? Number(raw) : DEFAULT_SPAM_THRESHOLD;
  if (!Number.isFinite(threshold) || threshold <= 0)
    throw new Error(`SPAM_THRESHOLD must be a positive number, got "${env.SPAM_THRESHOLD}"`);
  return { action, threshold };
}
