import type { EngineBrowser, EnginePage } from '../../e2e/support/engines/engine.ts';
import { parseCommandLine, refuseCommandLine } from '../../scripts/lib/command-line.ts';

// `npx tsx tools/bench/engine-view-zero.ts [--runs 9] [--brand a-dok]`: per engine, how often a
// load asks for api/config and how long view 0 takes, on the demo build in dist-demo/ (or
// E2E_DIST_DIR) served by the suite's demo server. Firefox ESR and WebKitGTK as the engine
// projects drive them (docs/decisions/014); Chromium's figures come from `npm run bench`.
const command = 'npx tsx tools/bench/engine-view-zero.ts';
const { values } = parseCommandLine({
  command,
  summary:
    'Per engine (Firefox ESR, WebKitGTK): how many config requests a load of view 0 makes and how long it takes, on the demo build in dist-demo/ (or E2E_DIST_DIR).',
  options: {
    runs: {
      type: 'string',
      default: '9',
      valueName: '<n>',
      description: 'Loads per engine, after one to warm up',
    },
    brand: { type: 'string', default: 'a-dok', valueName: '<service>', description: 'The brand to load' },
  },
  notes: [
    "Chromium's figures come from `npm run bench`. See docs/decisions/014-other-engines-without-playwright.md.",
  ],
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  refuseCommandLine(command, '--runs must be a whole number of at least 1.');

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { launchFirefox } = await import('../../e2e/support/engines/firefox.ts');
const { launchWebKit } = await import('../../e2e/support/engines/webkit.ts');
const { default: globalSetup } = await import('../../e2e/support/global-setup.ts');
const { median } = await import('../../scripts/perf/build-timing.ts');

/**
 * In the page, once view 0's heading is there: how many config requests the load made, and when
 * the last thing view 0 waits for arrived (the config and every script, from Resource Timing,
 * since navigation began). The heading's own time needs a page still loading when it is asked,
 * which a load event wait rarely leaves, so that is the figure reported.
 */
function viewZeroAt(): Promise<{ at: number; configRequests: number; configEnd: number }> {
  const measure = () => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const config = entries.filter((entry) => new URL(entry.name).pathname.endsWith('/api/config'));
    const scripts = entries.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      at: performance.now(),
      configRequests: config.length,
      configEnd: Math.max(0, ...[...config, ...scripts].map((entry) => entry.responseEnd)),
    };
  };
  const ready = () =>
    [...document.querySelectorAll('h1')].some((h1) => h1.textContent === 'Anmeldemethode wählen');
  return new Promise((resolve) => {
    if (ready()) return resolve({ ...measure(), at: -1 });
    new MutationObserver((_, observer) => {
      if (!ready()) return;
      observer.disconnect();
      resolve(measure());
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function measureEngine(browser: EngineBrowser, url: string) {
  const times: number[] = [];
  const requests: number[] = [];
  const headings: number[] = [];
  let late = 0;
  for (let run = 0; run < runs + 1; run += 1) {
    const page: EnginePage = await browser.newPage({ colorScheme: 'light' });
    try {
      await page.goto(url);
      const result = await page.evaluate(viewZeroAt);
      // The first load warms the engine's caches of code, not of the page (each page is fresh).
      if (run === 0) continue;
      requests.push(result.configRequests);
      if (result.at < 0) late += 1;
      else headings.push(result.at);
      times.push(result.configEnd);
    } finally {
      await page.close();
    }
  }
  return { requests, times, headings, late };
}

const stop = await globalSetup();
try {
  const url = `http://${values.brand}.localhost:${process.env.E2E_PORT}/?service=${values.brand}`;
  for (const [name, launch] of [
    ['firefox', launchFirefox],
    ['webkit', launchWebKit],
  ] as const) {
    const browser = await launch();
    try {
      const { requests, times, headings, late } = await measureEngine(browser, url);
      console.log(
        `${name}: config requests per load ${[...new Set(requests)].join('/')} (${requests.length} loads); ` +
          `config and scripts in at ${median(times).toFixed(1)} ms (median of ${times.length})` +
          (headings.length
            ? `; heading drawn at ${median(headings).toFixed(1)} ms (median of ${headings.length})`
            : '') +
          (late ? `; ${late} loads had drawn view 0 before the page was asked` : ''),
      );
    } finally {
      await browser.close();
    }
  }
} finally {
  await stop();
}
