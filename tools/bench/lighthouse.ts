import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import type { BenchServer } from './bench-server.ts';
import { median } from '../../scripts/perf/build-timing.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export interface LighthouseRun {
  service: string;
  url: string;
  /** 0–1 per category, as Lighthouse reports them. */
  scores: Record<Category, number>;
  /** Milliseconds, and CLS unitless: the metrics behind the performance score. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** The audits with weight that did not score 1, to see what cost points. */
  missed: string[];
}

/**
 * Lighthouse's default (mobile) configuration, simulated slow 4G and 4× CPU, on each brand's
 * first view, one fresh headless Chromium per brand so that no brand warms another's cache.
 */
export async function runLighthouse(server: BenchServer, services: string[]): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  for (const service of services) {
    const url = server.pageUrl(service);
    // On a busy machine Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP)
    // and asks to be run again: one more try, in a fresh Chromium, before the bench gives up.
    let result = await auditOnce(url);
    if (typeof result === 'string') result = await auditOnce(url);
    if (typeof result === 'string') throw new Error(`Lighthouse failed twice on ${url}: ${result}`);
    const lhr = result;
    const score = (category: Category) => lhr.categories[category]?.score ?? 0;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      service,
      url,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndex: metric('speed-index'),
      },
      missed: CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id} ${lhr.audits[ref.id]?.displayValue ?? ''}`.trim()),
      ),
    });
  }
  return runs;
}

/** One Lighthouse run in its own Chromium: the result, or the runtime error Lighthouse reported. */
async function auditOnce(url: string): Promise<Report | string> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr.runtimeError?.message ?? result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The lowest and the median score per category over the brands. */
export function summarizeLighthouse(
  runs: LighthouseRun[],
): Record<Category, { lowest: number; median: number }> {
  const summary = {} as Record<Category, { lowest: number; median: number }>;
  for (const category of CATEGORIES) {
    const scores = runs.map((run) => run.scores[category]);
    summary[category] = { lowest: Math.min(...scores), median: median(scores) };
  }
  return summary;
}
