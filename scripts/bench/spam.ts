/**
 * `npm run bench -- --only spam`: the spam filter's speed and memory against their budgets
 * (docs/performance.md). Its quality on the held-out sets is tested: tests/unit/spam-quality.test.ts.
 */
import { quantile } from '../../src/shared/stats';
import { heldOutSets, type Labelled } from '../spam/corpus';
import { table } from './report';

const BAD_INPUT: Record<string, string> = {
  '2,000 characters of one word': 'spam '.repeat(400),
  '500 links': Array.from({ length: 500 }, (_, i) => `https://l${i}.example.com/p`).join(' '),
  'mixed scripts and emoji': '你好 Привет مرحبا שלום नमस्ते 🌻🚀👍 Hеllо wörld '
    .repeat(40)
    .slice(0, 2000),
};

const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
/** The time of each of `runs` scorings of `messages` one after another, in ms. */
const timed = (messages: Labelled[], runs: number, score: (m: Labelled) => unknown) =>
  Array.from({ length: runs }).flatMap(() =>
    messages.map((m) => {
      const t0 = performance.now();
      score(m);
      return performance.now() - t0;
    }),
  );

export async function spamBench(): Promise<string> {
  const before = process.memoryUsage();
  const { judge } = await import('../../functions/src/spam/filter');
  const { withMarks } = await import('../../functions/src/spam/classifier');
  const nbc = withMarks([]);
  const after = process.memoryUsage();
  // The larger of what the process and its heap grew by: the model's share of the function.
  const memoryMb = Math.max(after.rss - before.rss, after.heapUsed - before.heapUsed) / 2 ** 20;
  const score = (m: Labelled) => judge(nbc, m.name, m.message).score;

  const row = (what: string, ms: number[]) => {
    const [p50, p95] = [quantile(ms, 0.5), quantile(ms, 0.95)];
    return [what, `${p50.toFixed(2)} ms`, `${p95.toFixed(2)} ms ${verdict(p95 <= 5)}`];
  };
  // Five scoring passes over every message; each bad input warmed up, then scored 200 times.
  const everyMessage = heldOutSets().flatMap(([, messages]) => messages);
  const times = [row('every message of both sets', timed(everyMessage, 5, score))];
  for (const [what, message] of Object.entries(BAD_INPUT)) {
    const bad = { spam: true, name: 'Some Body', message };
    timed([bad], 20, score);
    times.push(row(what, timed([bad], 200, score)));
  }
  const memory = `${memoryMb.toFixed(1)} MB (≤ 50 MB) ${verdict(memoryMb <= 50)}`;
  return [
    ...table(['scoring one message (one core)', 'p50', 'p95 (≤ 5 ms)'], times),
    '',
    `Memory the model adds (resident, loaded once): ${memory}.`,
  ].join('\n');
}
