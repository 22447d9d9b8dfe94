/** The spam filter: rules.ts and classifier.ts add up to a score (docs/contact.md). */
import type { NaiveBayesTextClassifier } from 'wink-naive-bayes-text-classifier';
import type { SpamMarks, SpamMarkStore } from '../store/types';
import { spamOdds, withMarks } from './classifier';
import { features } from './features';
import { ruleFindings } from './rules';
import { MESSAGE_MAX, NAME_MAX } from '../../../src/contract/rules';

export interface SpamVerdict {
  score: number;
  reasons: string[];
}

export const DEFAULT_SPAM_THRESHOLD = 1;

/** Log2 odds at which the classifier alone reaches the threshold. */
const SURE_ODDS = 20;

/**
 * The classifier's share of the score, from −1 to the threshold (at SURE_ODDS). Short texts in
 * other languages land near 0 odds and get nothing either way.
 */
function classifierPoints(odds: number): number {
  if (odds >= 0) return Math.min(1, odds / SURE_ODDS);
  return Math.max(-1, Math.min(0, (odds + 10) / SURE_ODDS));
}

export function judge(
  nbc: NaiveBayesTextClassifier,
  fullName: string,
  fullMessage: string,
): SpamVerdict {
  // The form takes no more than this; a longer text is read as far as the form would take it.
  const name = fullName.slice(0, NAME_MAX);
  const message = fullMessage.slice(0, MESSAGE_MAX);
  const findings = ruleFindings(name, message);
  const odds = spamOdds(nbc, features(`${name}\n${message}`));
  const share = classifierPoints(odds);
  const total = findings.reduce((sum, f) => sum + f.points, 0) + share;
  const reasons = findings.map((f) => f.reason);
  if (Math.abs(share) >= 0.05)
    reasons.push(
      `classifier: ${share > 0 ? 'spam-like' : 'ordinary'} wording (${share > 0 ? '+' : ''}${share.toFixed(2)})`,
    );
  return { score: Math.max(0, Math.round(total * 100) / 100), reasons };
}

/** A store's filter: the model with the store's marks, learnt again when they change. */
export class SpamFilter {
  private nbc: NaiveBayesTextClassifier | null = null;
  private version: string | undefined;

  constructor(private readonly store: Pick<SpamMarkStore, 'spamMarks'>) {}

  /** The classifier with the store's latest marks: one small read when they have not changed. */
  private async classifier(): Promise<NaiveBayesTextClassifier> {
    const marks = await this.store.spamMarks(this.nbc ? this.version : undefined);
    if (marks !== 'unchanged' || !this.nbc) this.learn(marks === 'unchanged' ? null : marks);
    return this.nbc!;
  }

  private learn(marks: SpamMarks | null) {
    this.nbc = withMarks(Object.values(marks?.marks ?? {}));
    this.version = marks?.version;
  }

  async score(name: string, message: string): Promise<SpamVerdict> {
    return judge(await this.classifier(), name, message);
  }
}

const filters = new WeakMap<object, SpamFilter>();

export function spamFilterFor(store: Pick<SpamMarkStore, 'spamMarks'>): SpamFilter {
  let filter = filters.get(store);
  if (!filter) filters.set(store, (filter = new SpamFilter(store)));
  return filter;
}
