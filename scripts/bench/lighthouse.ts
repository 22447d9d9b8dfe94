/** One Lighthouse 12 run in a fresh headless Chromium (no cache), time-limited. */
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, within, type Device } from './browser';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Scores (0–100), timings (ms) and CLS; the audits that failed outside performance are logged. */
export async function runLighthouse(url: string, device: Device) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const options = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
    } as const;
    // The phone is Lighthouse's mobile preset, its default.
    const run = lighthouse(url, options, device === 'desktop' ? desktopConfig : undefined);
    const lhr = (await within(run, 120_000, `Lighthouse timed out on ${url}`))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
    const failing = CATEGORIES.slice(1).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? []).filter(
        (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1,
      ),
    );
    if (failing.length)
      console.log(`  audits not passed: ${failing.map((ref) => ref.id).join(', ')}`);
    return {
      performance: score('performance'),
      /** The lowest of accessibility, best practices and SEO. */
      otherScores: Math.min(...CATEGORIES.slice(1).map(score)),
      tbt: num('total-blocking-time'),
      lcp: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}
