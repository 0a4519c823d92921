import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import { precompressFiles } from '../../scripts/lib/precompress.ts';
import { START_CONFIG_CHUNK } from '../../scripts/vite/app-config.ts';
import type { BenchServer } from './bench-server.ts';
import { median } from '../../scripts/perf/build-timing.ts';

/**
 * A mid-range phone on a slow mobile network, as Lighthouse's mobile preset describes it: 4×
 * CPU slowdown and "slow 4G" (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), applied the
 * way DevTools throttles, which adds latency per request and caps the throughput.
 */
export const MOBILE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
} as const;

/** View 0 is there when a method button has a box and the logo, if any, has loaded. */
const VIEW_ZERO = '.method-list button';
const STATIC_PAGE = 'static-view-0.html';
/**
 * Our page without its first script (src/start-config.ts), to show what starting the config
 * request before React is worth: without it, the app's entry starts the request once every
 * chunk it imports has arrived.
 */
const NO_FIRST_SCRIPT_PAGE = 'no-first-script.html';

export interface FirstViewTimes {
  service: string;
  runs: number;
  /** Milliseconds from navigation start until view 0 was painted, per run. */
  ours: number[];
  /** The same for a static HTML copy of view 0, same server, same look. */
  static: number[];
  /** Our page with its first script's tag taken out of its HTML. */
  withoutFirstScript: number[];
  /** The largest cumulative layout shift of our page over the runs. */
  maxLayoutShift: number;
}

// Runs in the page before any of its own code: watches every frame until view 0 shows, and
// adds up layout shifts. Injected by the browser's debugging protocol, so the CSP does not apply.
const probe = `(() => {
  const bench = (window.__bench = { visibleAt: undefined, layoutShift: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) bench.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    // Any button: before the app runs, CSS hides the methods the service does not enable.
    const buttons = [...document.querySelectorAll(${JSON.stringify(VIEW_ZERO)})];
    const logo = document.querySelector('img');
    if (buttons.some((button) => button.getBoundingClientRect().height > 0) && (!logo || logo.complete)) {
      requestAnimationFrame(() => { bench.visibleAt = performance.now(); });
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})();`;

/**
 * Times view 0 of one brand, cold cache each run, alternating our page and its static copy so
 * that both see the same moments of a busy machine. Writes the static copy into the brand's
 * folder first: view 0 as our page renders it, without scripts.
 */
export async function measureFirstView(
  server: BenchServer,
  service: string,
  runs: number,
): Promise<FirstViewTimes> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    await writeStaticCopy(browser, server, service);
    await writeWithoutFirstScript(server, service);
    // Served as index.html is, so that the pages differ only in what they hold.
    if (!server.plain) {
      await precompressFiles(
        [STATIC_PAGE, NO_FIRST_SCRIPT_PAGE].map((file) => path.join(server.distDir, service, file)),
      );
    }
    const times: FirstViewTimes = {
      service,
      runs,
      ours: [],
      static: [],
      withoutFirstScript: [],
      maxLayoutShift: 0,
    };
    const variantUrl = new URL(server.fileUrl(service, NO_FIRST_SCRIPT_PAGE));
    variantUrl.search = new URL(server.pageUrl(service)).search;
    for (let run = 0; run < runs; run++) {
      const ours = await timeOnce(browser, server.pageUrl(service));
      times.ours.push(ours.visibleAt);
      times.maxLayoutShift = Math.max(times.maxLayoutShift, ours.layoutShift);
      times.static.push((await timeOnce(browser, server.fileUrl(service, STATIC_PAGE))).visibleAt);
      times.withoutFirstScript.push((await timeOnce(browser, variantUrl.href)).visibleAt);
    }
    return times;
  } finally {
    await browser.close();
  }
}

export function summarizeFirstView(times: FirstViewTimes) {
  const ours = median(times.ours);
  const staticPage = median(times.static);
  return {
    ours,
    static: staticPage,
    ratio: ours / staticPage,
    // Issue 28's goal: nothing but the config's one round trip over a static page, give or take 10 %.
    bound: (staticPage + MOBILE_PROFILE.latencyMs) * 1.1,
    withoutFirstScript: median(times.withoutFirstScript),
  };
}

async function timeOnce(browser: Browser, url: string): Promise<{ visibleAt: number; layoutShift: number }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  try {
    const page = await context.newPage();
    await throttle(page);
    await page.addInitScript(probe);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as { __bench?: { visibleAt?: number } }).__bench?.visibleAt,
      null,
      {
        timeout: 60_000,
      },
    );
    return await page.evaluate(() => {
      const { visibleAt, layoutShift } = (
        window as unknown as { __bench: { visibleAt: number; layoutShift: number } }
      ).__bench;
      return { visibleAt, layoutShift };
    });
  } finally {
    await context.close();
  }
}

/** Applies MOBILE_PROFILE to a page, from now on. */
export async function throttle(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_PROFILE.latencyMs,
    downloadThroughput: MOBILE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: MOBILE_PROFILE.uploadBytesPerSecond,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
}

async function writeWithoutFirstScript(server: BenchServer, service: string): Promise<void> {
  const html = await readFile(path.join(server.distDir, service, 'index.html'), 'utf8');
  const firstScript = new RegExp(`\\s*<script [^>]*src="assets/${START_CONFIG_CHUNK}-[^"]+\\.js"></script>`);
  if (!firstScript.test(html))
    throw new Error(`no first script (${START_CONFIG_CHUNK}) in ${service}'s index.html`);
  await writeFile(path.join(server.distDir, service, NO_FIRST_SCRIPT_PAGE), html.replace(firstScript, ''));
}

/**
 * View 0 as static HTML: our page's DOM once view 0 shows, without its scripts and module
 * preloads. It keeps the same stylesheets, logo and policy, so the two pages differ only
 * in what it takes to get there.
 */
async function writeStaticCopy(browser: Browser, server: BenchServer, service: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(server.pageUrl(service));
    await page.locator(VIEW_ZERO).first().waitFor();
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      const dropped = 'script, link[rel="modulepreload"]';
      for (const element of copy.querySelectorAll(dropped)) element.remove();
      return `<!doctype html>\n${copy.outerHTML}\n`;
    });
    await writeFile(path.join(server.distDir, service, STATIC_PAGE), html);
  } finally {
    await page.close();
  }
}
