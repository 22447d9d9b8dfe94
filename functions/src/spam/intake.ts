/**
 * The spam filter at the callable: a new record's verdict, and a held message's answer time, so a
 * spammer learns nothing from how long the answer takes.
 */
import { logger } from 'firebase-functions';
import type { SpamInfo, SpamMarkStore } from '../store/types';
import { spamFilterFor } from './filter';
import type { SpamSettings } from './settings';

export interface Screened {
  /** What the record keeps; undefined with the filter off and the honeypot empty. */
  info: SpamInfo | undefined;
  /** Stored with delivery `spam`: no mail, no webhook until the studio says "not spam". */
  hold: boolean;
}

/** The honeypot was filled: a bot, held whatever the filter's settings. */
const HONEYPOT_REASON = 'honeypot field filled';

/** Scores a new message. A filter that fails lets the message through and logs why. */
export async function screen(
  store: SpamMarkStore,
  settings: SpamSettings | null,
  message: { name: string; message: string; honeypot: boolean },
): Promise<Screened> {
  if (message.honeypot)
    return { info: { score: 1, reasons: [HONEYPOT_REASON], flagged: true }, hold: true };
  if (!settings) return { info: undefined, hold: false };
  try {
    const verdict = await spamFilterFor(store).score(message.name, message.message);
    const flagged = verdict.score >= settings.threshold;
    return { info: { ...verdict, flagged }, hold: flagged && settings.action === 'hold' };
  } catch (error) {
    logger.error('spam filter failed; the message goes through', {
      error: (error as Error).message,
    });
    return { info: { score: 0, reasons: ['spam filter failed'], flagged: false }, hold: false };
  }
}

/** How long the last sends of accepted messages took, newest last. */
const recent: number[] = [];
const KEPT = 21;

export function noteSendTime(ms: number): void {
  recent.push(ms);
  if (recent.length > KEPT) recent.shift();
}

/** Waits the median of the last sends before a held message's answer. */
export async function paceLikeSend(): Promise<void> {
  if (recent.length === 0) return;
  const sorted = [...recent].sort((a, b) => a - b);
  const ms = sorted[Math.floor(sorted.length / 2)]!;
  await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)));
}
