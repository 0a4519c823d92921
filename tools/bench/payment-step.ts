import { chromium, type Page } from '@playwright/test';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import type { BenchServer } from './bench-server.ts';
import { throttle } from './first-view.ts';

export interface PaymentStepTimes {
  runs: number;
  /** Milliseconds from typing the code's last digit to PayPal's button, per run. */
  times: number[];
  /**
   * Where each run's time went, from the page's Resource Timing: milliseconds from the keydown
   * of the code's last digit to the start and end of the code check, the resolver's call and
   * PayPal's SDK (JSON only; a run whose page lacked an entry leaves it out).
   */
  phases?: PaymentPhases[];
}

/** Milliseconds after the last digit's keydown, in the page's clock. */
export type PaymentPhases = Partial<
  Record<'verifyStart' | 'verifyEnd' | 'resolverStart' | 'resolverEnd' | 'sdkStart' | 'sdkEnd', number>
>;

/** The requests of the step, by the path they end in. */
const PHASE_REQUESTS = { verify: /\/users\/verify\/\w+$/, resolver: /\/api\/resolver$/, sdk: /\/sdk\/js$/ };

const PAYING_QR = 'qr-pay';
const STAND_IN_BUTTON = 'Mit PayPal bezahlen (Platzhalter)';

/** Sets `window.benchButtonAt` in the first frame in which the stand-in's button has a box. */
const buttonWatch = `(() => {
  const watch = () => {
    const frame = document.querySelector('iframe[title="PayPal"]');
    const buttons = [...(frame?.contentDocument?.querySelectorAll('button') ?? [])];
    const shown = buttons.some(
      (button) => button.textContent.trim() === ${JSON.stringify(STAND_IN_BUTTON)} && button.getBoundingClientRect().height > 0,
    );
    if (shown) window.benchButtonAt = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();`;

/**
 * a-ident with a QR id that must be paid for: signs in by mail, then, throttled like the first
 * view, times from the keydown of the code's last digit to the first frame of PayPal's button in
 * its frame, both in the page's clock (the demo's
 * stand-in, served by the same server). Covers the code check, the resolver, view 3's chunk and
 * the SDK, which the page may only ask for once the resolver has answered.
 */
export async function measurePaymentStep(server: BenchServer, runs: number): Promise<PaymentStepTimes> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const result: PaymentStepTimes = { runs, times: [], phases: [] };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const to = `bench-${run}-${Date.now()}@example.de`;
        const url = new URL(server.pageUrl(RESOLVER_SERVICE));
        url.searchParams.set('qrid', PAYING_QR);
        await page.goto(url.href);
        await page.getByRole('button', { name: 'E-Mail-Adresse', exact: true }).click();
        const input = page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true });
        await input.fill(to);
        await input.press('Enter');
        const codeInput = page.getByRole('textbox', { name: 'Bestätigungscode' });
        await codeInput.waitFor();
        const code = await codeFor(server, to, page);
        // A visitor takes seconds to read the mail: what the code view prefetches has arrived.
        await page.waitForTimeout(1500);
        // The page's clock of the last keydown, which phases count from; a listener, no polling.
        await page.evaluate(() => {
          addEventListener(
            'keydown',
            () => ((window as { benchKeyAt?: number }).benchKeyAt = performance.now()),
            {
              capture: true,
            },
          );
        });
        // The code but its last digit, then the clock: the step starts with the last digit.
        await codeInput.pressSequentially(code.slice(0, -1));
        await throttle(page);
        // The button's first frame with a box, in the page's clock: no polling from outside,
        // whose interval (up to 500 ms in Playwright) would be measured too.
        // A string, as the first view's probe: a function would reach the page with the helpers
        // tsx wraps named functions in.
        await page.evaluate(buttonWatch);
        await page.keyboard.press(code.slice(-1));
        const shownAt = await page.waitForFunction(
          () => (window as { benchButtonAt?: number }).benchButtonAt,
          undefined,
          { timeout: 60_000 },
        );
        const keyAt = await page.evaluate(() => (window as { benchKeyAt?: number }).benchKeyAt ?? Number.NaN);
        result.times.push(Math.round(Number(await shownAt.jsonValue()) - keyAt));
        result.phases?.push(await phasesOf(page));
      } finally {
        await context.close();
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

async function phasesOf(page: Page): Promise<PaymentPhases> {
  const entries = await page.evaluate(() => ({
    keyAt: (window as { benchKeyAt?: number }).benchKeyAt ?? 0,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  }));
  const phases: PaymentPhases = {};
  for (const [name, path] of Object.entries(PHASE_REQUESTS) as [keyof typeof PHASE_REQUESTS, RegExp][]) {
    const entry = entries.resources.findLast((resource) => path.test(resource.path));
    if (!entry) continue;
    phases[`${name}Start`] = Math.round(entry.start - entries.keyAt);
    phases[`${name}End`] = Math.round(entry.end - entries.keyAt);
  }
  return phases;
}

async function codeFor(server: BenchServer, to: string, page: Page): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = server.codes.findLast((entry) => entry.to === to)?.code;
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no code for ${to}`);
}
