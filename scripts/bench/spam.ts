/**
 * `npm run bench -- --only spam`: the spam filter (functions/src/spam/) on messages it never
 * learnt: the held-out fifth of the SpamAssassin corpus (scripts/spam/corpus.ts) and the
 * contact-form set (scripts/spam/contactSet.ts). Prints precision, recall and the share of
 * legitimate messages held, the time to score one message (with bad input too) and the memory
 * the model adds, each against its budget. Needs no build and no browser.
 */
import { DEFAULT_SPAM_THRESHOLD } from '../../functions/src/spam/filter';
import { quantile } from '../../src/shared/stats';
import { CONTACT_SET } from '../spam/contactSet';
import { loadCorpus } from '../spam/corpus';

interface Labelled {
  spam: boolean;
  name: string;
  message: string;
}

/** Scoring passes over every message, for the time figures. */
const PASSES = 5;

const BAD_INPUT: Record<string, string> = {
  '2,000 characters of one word': 'spam '.repeat(400),
  '500 links': Array.from({ length: 500 }, (_, i) => `https://l${i}.example.com/p`).join(' '),
  'mixed scripts and emoji': '你好 Привет مرحبا שלום नमस्ते 🌻🚀👍 Hеllо wörld '
    .repeat(40)
    .slice(0, 2000),
};

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export async function spamBench(): Promise<string> {
  const before = process.memoryUsage();
  const { judge } = await import('../../functions/src/spam/filter');
  const { withMarks } = await import('../../functions/src/spam/classifier');
  const nbc = withMarks([]);
  const after = process.memoryUsage();
  // The larger of what the process and its heap grew by: the model's share of the function.
  const memoryMb = Math.max(after.rss - before.rss, after.heapUsed - before.heapUsed) / 2 ** 20;

  const threshold = DEFAULT_SPAM_THRESHOLD;
  const sets: [string, Labelled[]][] = [
    [
      'SpamAssassin, held-out fifth',
      loadCorpus()
        .filter((m) => m.heldOut)
        .map((m) => ({ spam: m.spam, name: 'Corpus Sender', message: m.text })),
    ],
    ['contact-form set', CONTACT_SET],
  ];
  const lines = [
    '| set | spam | legitimate | precision | recall (spam held, ≥ 90 %) | legitimate held (≤ 1 %) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const times: number[] = [];
  for (const [name, items] of sets) {
    let tp = 0;
    let fp = 0;
    for (const m of items) {
      const held = judge(nbc, m.name, m.message).score >= threshold;
      if (held && m.spam) tp++;
      if (held && !m.spam) fp++;
    }
    const spam = items.filter((m) => m.spam).length;
    const ham = items.length - spam;
    lines.push(
      `| ${name} | ${spam} | ${ham} | ${pct(tp / Math.max(1, tp + fp))} | ${pct(tp / spam)} ${tp / spam >= 0.9 ? 'met' : 'missed'} | ${pct(fp / ham)} (${fp}) ${fp / ham <= 0.01 ? 'met' : 'missed'} |`,
    );
    for (let pass = 0; pass < PASSES; pass++)
      for (const m of items) {
        const t0 = performance.now();
        judge(nbc, m.name, m.message);
        times.push(performance.now() - t0);
      }
  }
  lines.push('', '| scoring one message (one core) | p50 | p95 (≤ 5 ms) |', '| --- | --- | --- |');
  const row = (what: string, ms: number[]) =>
    `| ${what} | ${quantile(ms, 0.5).toFixed(2)} ms | ${quantile(ms, 0.95).toFixed(2)} ms ${quantile(ms, 0.95) <= 5 ? 'met' : 'missed'} |`;
  lines.push(row('every message of both sets', times));
  for (const [what, text] of Object.entries(BAD_INPUT)) {
    const bad: number[] = [];
    for (let i = 0; i < 20; i++) judge(nbc, 'Some Body', text); // warm up
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      judge(nbc, 'Some Body', text);
      bad.push(performance.now() - t0);
    }
    lines.push(row(what, bad));
  }
  lines.push(
    '',
    `Memory the model adds (resident, loaded once): ${memoryMb.toFixed(1)} MB (≤ 50 MB) ${memoryMb <= 50 ? 'met' : 'missed'}.`,
  );
  return lines.join('\n');
}
