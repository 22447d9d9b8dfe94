/** One Lighthouse 12 run in a fresh headless Chromium (no cache), time-limited; kills it after. */
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { within } from './frames';

export type Preset = 'mobile' | 'desktop';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

const record = <K extends string>(keys: readonly K[], value: (k: K) => number) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, number>;

/** Scores (0–100), metrics (ms; CLS unitless), bytes over the wire, and the failing audits. */
export async function runLighthouse(url: string, preset: Preset, timeoutMs = 120_000) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const options = { port: chrome.port, logLevel: 'error' as const, output: 'json' as const };
    const config = preset === 'desktop' ? desktopConfig : undefined;
    const run = lighthouse(url, { ...options, onlyCategories: [...CATEGORIES] }, config);
    const message = `Lighthouse timed out after ${timeoutMs} ms on ${url}`;
    const lhr = (await within(run, timeoutMs, message))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const err = lhr.runtimeError;
    if (err) throw new Error(`Lighthouse: ${err.code} ${err.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      url,
      preset,
      scores: record(CATEGORIES, (id) => (lhr.categories[id]?.score ?? Number.NaN) * 100),
      metrics: record(Object.keys(METRICS) as (keyof typeof METRICS)[], (k) => num(METRICS[k])),
      totalBytes: num('total-byte-weight'),
      /** Audits that did not pass in the categories other than performance, for the log. */
      failing: CATEGORIES.slice(1).flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}:${ref.id}`),
      ),
    };
  } finally {
    chrome.kill();
  }
}

export type LighthouseRun = Awaited<ReturnType<typeof runLighthouse>>;
