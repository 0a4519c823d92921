import { expect } from '@playwright/test';
import { POLICY_REPORTS_PATH, type PolicyReport } from '../../../tools/demo/policy-reports.ts';
import { BrandSite, demoOrigin, METHOD_LABELS, recordLiveRegions, type Method } from '../login-screen.ts';
import type { ElementState, EngineElement, EnginePage, Name, Role } from './engine.ts';

/** The query parameter that ties a page, and the policy reports it sends, to one test. */
const RUN_PARAMETER = 'e2e-run';

/**
 * The login page of one brand in Firefox or WebKit: the same vocabulary as LoginScreen (open,
 * chooseMethod, submitValue, pasteCode, codeFor, landingUrl), on an EnginePage.
 */
export class EngineLoginScreen extends BrandSite {
  constructor(
    readonly page: EnginePage,
    service: string,
    /** Unique per test: the page URL carries it, so the policy reports can be told apart. */
    readonly runId: string,
  ) {
    super(service);
  }

  async open(query: Record<string, string> = {}): Promise<void> {
    await this.page.goto(this.pageUrl({ ...query, [RUN_PARAMETER]: this.runId }));
  }

  /** Waits for a visible element with this role and name. */
  async waitFor(role: Role, name: Name, timeout = 15_000): Promise<EngineElement> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const element = await this.page.find(role, name);
      if (element) return element;
      if (Date.now() > deadline) throw new Error(`no visible ${role} named ${String(name)} in ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  heading(name: Name, timeout?: number): Promise<EngineElement> {
    return this.waitFor('heading', name, timeout);
  }

  async chooseMethod(method: Method): Promise<void> {
    await (await this.waitFor('button', METHOD_LABELS[method])).click();
  }

  /**
   * Types the value and presses Enter, as most visitors do. Once the app's flow runs view 1: the
   * view 1 of a pre-rendered page is replaced by the flow's as it takes over, the typed value and
   * the focus carried over (decision 019), which a visitor does not notice but an element handle
   * does. The flow prefetches the sending of the code as it shows view 1.
   */
  async submitValue(method: Method, value: string): Promise<void> {
    await expect
      .poll(
        async () => (await this.requestedUrls()).some((url) => /\/assets\/send-step-[^/]+\.js$/.test(url)),
        {
          message: "the flow's view 1 (its prefetch of send-step)",
          timeout: 15_000,
        },
      )
      .toBe(true);
    const input = await this.waitFor('textbox', METHOD_LABELS[method]);
    await input.click();
    await input.type(value);
    await input.press('Enter');
  }

  /** Types a code into the code field, digit by digit. */
  async typeCode(code: string): Promise<void> {
    await (await this.waitFor('textbox', 'Bestätigungscode')).type(code);
  }

  /** The state of the visible element with this role and name, which must be there. */
  async stateOf(role: Role, name: Name): Promise<ElementState> {
    const state = await this.page.inspect(role, name);
    if (!state) throw new Error(`no visible ${role} named ${String(name)}`);
    return state;
  }

  /**
   * From now on keeps every text a live region of the document takes, in `window.liveLog`, as
   * the Chromium specs record it (recordLiveRegions). Without an init script in WebDriver it
   * starts once the page is open, and a reload ends it.
   */
  async recordLiveRegions(): Promise<void> {
    await this.page.evaluate(recordLiveRegions);
  }

  /** Every text a live region held since recordLiveRegions, in order. */
  liveLog(): Promise<string[]> {
    return this.page.evaluate(() => (window as { liveLog?: string[] }).liveLog ?? []);
  }

  /** The text of the view's polite status region („Bitte warten“, a new code sent). */
  statusText(): Promise<string> {
    return this.page.evaluate(() => document.querySelector('#root [role="status"]')?.textContent ?? '');
  }

  /** The text of the error shown in the view's assertive region, or ''. */
  errorText(): Promise<string> {
    return this.page.evaluate(
      () => document.querySelector('[aria-live="assertive"] [data-error-code]')?.textContent ?? '',
    );
  }

  title(): Promise<string> {
    return this.page.evaluate(() => document.title);
  }

  /** Copies the code in another tab, as from a mail, and pastes it with Ctrl+V into the code field. */
  async pasteCode(code: string): Promise<void> {
    await this.page.copyInOtherTab(`${demoOrigin()}/`, code);
    const input = await this.waitFor('textbox', 'Bestätigungscode');
    await input.click();
    await input.paste();
  }

  /** Waits until the page has left for a URL starting with `prefix`, and answers it. */
  async waitForUrl(prefix: string, timeout = 15_000): Promise<URL> {
    await expect.poll(() => this.page.url(), { timeout }).toMatch(new RegExp(`^${escapeRegExp(prefix)}`));
    return new URL(await this.page.url());
  }

  /** Every URL the current document fetched, the document itself first (Resource Timing). */
  requestedUrls(): Promise<string[]> {
    return this.page.evaluate(() => [
      location.href,
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ]);
  }

  /**
   * The violations the pages of this test reported to the demo server. A frame drawn by script
   * (about:blank, as PayPal's are) reports no URL of its own: such a report counts for every test,
   * as it is a violation all the same.
   */
  async policyReports(): Promise<PolicyReport[]> {
    const reports = (await (await fetch(`${demoOrigin()}${POLICY_REPORTS_PATH}`)).json()) as PolicyReport[];
    return reports.filter((report) => {
      if (!/^https?:/.test(report.documentUri)) return true;
      return new URL(report.documentUri).searchParams.get(RUN_PARAMETER) === this.runId;
    });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
