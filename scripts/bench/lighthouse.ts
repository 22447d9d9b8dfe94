/**
 * One Lighthouse 12 run in a fresh headless Debian Chromium, offline against the local server.
 * Each run gets its own browser (clean profile, no cache) and a time limit; the browser is
 * always killed afterwards, also when the run fails or times out.
 */
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';

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

const live = new Set<LaunchedChrome>();

/** Kills every browser this module started (for Ctrl-C and crashes). */
export function killAllChromes(): void {
  for (const c of live) {
    try {
      c.kill();
    } catch {
      // already gone
    }
  }
  live.clear();
}

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
  live.add(chrome);
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
    const failing: string[] = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${id}:${ref.id}`);
      }
    }
    return {
      url,
      preset,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
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
    try {
      chrome.kill();
    } catch {
      // already gone
    }
    live.delete(chrome);
  }
}
