/**
 * One Lighthouse 12 run in a fresh headless Debian Chromium, offline against the local server.
 * Each run gets its own browser (clean profile, no cache) and a time limit; the browser is
 * always killed afterwards, also when the run fails or times out.
 */
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRun {
  url: string;
  preset: Preset;
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number };
  /** ms, except CLS (unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Bytes over the wire for the whole load (Lighthouse's total-byte-weight). */
  totalBytes: number;
  /** Audits that did not pass in the non-performance categories, for the report. */
  failing: string[];
}

/** One run: Lighthouse's scores and metrics of `url`, or an error. */
export async function runLighthouse(
  url: string,
  preset: Preset,
  timeoutMs = 120_000,
): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse timed out after ${timeoutMs} ms on ${url}`)),
        timeoutMs,
      );
    });
    const result = await Promise.race([run, timeout]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const other = ['accessibility', 'best-practices', 'seo'] as const;
    const failing = other.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    );
    return {
      url,
      preset,
      scores: {
        performance: score('performance'),
        ...(Object.fromEntries(other.map((id) => [id, score(id)])) as Record<
          (typeof other)[number],
          number
        >),
      },
      metrics: {
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        si: num('speed-index'),
      },
      totalBytes: num('total-byte-weight'),
      failing,
    };
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}
