/**
 * The spam filter at its default threshold, on the two sets its model never learnt
 * (scripts/spam/corpus.ts): at least 90 % of spam held and at most 1 % of legitimate messages
 * held, on each set. The scores do not depend on the machine, so the budgets are tested here;
 * the bench times the scoring (docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { withMarks } from '../../functions/src/spam/classifier';
import { DEFAULT_SPAM_THRESHOLD, judge } from '../../functions/src/spam/filter';
import { heldOutSets } from '../../scripts/spam/corpus';

const model = withMarks([]);

describe.each(heldOutSets())('the spam filter on the %s', (_, messages) => {
  const held = messages.filter(
    (m) => judge(model, m.name, m.message).score >= DEFAULT_SPAM_THRESHOLD,
  );
  const share = (spam: boolean) =>
    held.filter((m) => m.spam === spam).length / messages.filter((m) => m.spam === spam).length;

  it('holds at least 90 % of its spam', () => {
    console.log(`[figures] spam held: ${(100 * share(true)).toFixed(1)} %`);
    expect(share(true)).toBeGreaterThanOrEqual(0.9);
  });

  it('holds at most 1 % of its legitimate messages', () => {
    console.log(`[figures] legitimate messages held: ${(100 * share(false)).toFixed(2)} %`);
    expect(share(false)).toBeLessThanOrEqual(0.01);
  });
});
