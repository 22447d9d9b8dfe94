/**
 * The spam filter's speed and memory, in Node (docs/performance.md). Its quality on the held-out
 * sets is tested: tests/unit/spam-quality.test.ts.
 */
import { quantile } from '../../src/shared/stats';
import { heldOutSets, type Labelled } from '../spam/corpus';

/** 2,000 characters of one word, 500 links, and mixed scripts with emoji. */
const BAD_INPUT = [
  'spam '.repeat(400),
  Array.from({ length: 500 }, (_, i) => `https://l${i}.example.com/p`).join(' '),
  '你好 Привет مرحبا שלום नमस्ते 🌻🚀👍 Hеllо wörld '.repeat(40).slice(0, 2000),
].map((message) => ({ spam: true, name: 'Some Body', message }));

/** The filter, loaded once. The larger of what the process and its heap grew by is the model's. */
async function loadFilter() {
  const before = process.memoryUsage();
  const { judge } = await import('../../functions/src/spam/filter');
  const { withMarks } = await import('../../functions/src/spam/classifier');
  const nbc = withMarks([]);
  const after = process.memoryUsage();
  const grew = Math.max(after.rss - before.rss, after.heapUsed - before.heapUsed);
  return { score: (m: Labelled) => judge(nbc, m.name, m.message).score, modelMb: grew / 2 ** 20 };
}
/** Loaded as the bench starts, before any page: what the process grew by is the model's alone. */
const filter = loadFilter();
let heldOut: Labelled[] | undefined;

/** p95 of each scoring of `messages`, one after another, `runs` times over, in ms. */
function p95(messages: Labelled[], runs: number, score: (m: Labelled) => unknown) {
  const ms = Array.from({ length: runs }).flatMap(() =>
    messages.map((m) => {
      const t0 = performance.now();
      score(m);
      return performance.now() - t0;
    }),
  );
  return quantile(ms, 0.95);
}

/** Each held-out message scored five times; the bad input warmed up, then scored 200 times. */
export async function spamBench() {
  const { score, modelMb } = await filter;
  heldOut ??= heldOutSets().flatMap(([, set]) => set);
  p95(BAD_INPUT, 20, score);
  return {
    scoreP95: p95(heldOut, 5, score),
    badInputP95: p95(BAD_INPUT, 200, score),
    modelMb,
  };
}
