import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { expect, type Page, type Request } from '@playwright/test';
import type { OutboxEntry } from '../../tools/demo/reference-mws.ts';
import { methodFlags } from '../../tools/demo/dev-config.ts';
import { METHOD_NAMES } from '../../src/lib/first-view-messages.ts';
import type { LoginMethod } from '../../src/types/login-method.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

/** Each method's name on view 0 and on view 1's field: the spec's for its methods, the page's for others. */
export const METHOD_LABELS: Readonly<Record<LoginMethod, string>> = {
  ...METHOD_NAMES,
  ...SPEC_TEXTS.methods,
};
export type Method = LoginMethod;

function demoPort(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set; the global setup did not run');
  return port;
}

/** The demo server on the bare host, reachable from Node as well as from the browser. */
export const demoOrigin = () => `http://localhost:${demoPort()}`;

/**
 * Where the demo's config sends a page for Firebase: the Auth emulator, which stands in for
 * Google's hosts (identitytoolkit, securetoken, reCAPTCHA) of a production page.
 */
export function firebaseOrigin(): string {
  const origin = process.env.E2E_AUTH_EMULATOR_ORIGIN;
  if (!origin) throw new Error('E2E_AUTH_EMULATOR_ORIGIN is not set; the global setup did not run');
  return origin;
}

/** The origins, in order of first use, that the requests went to besides the allowed ones. */
export function otherOrigins(requests: URL[], allowed: string[]): string[] {
  return [...new Set(requests.map((url) => url.origin))].filter((origin) => !allowed.includes(origin));
}

/**
 * One brand's site on the demo server, whatever browser drives it: its host, the page's URL, where
 * a sign-in lands, and the codes the demo sent. LoginScreen (Chromium, Playwright) and
 * EngineLoginScreen (Firefox and WebKit, engines/) share it, and with it their vocabulary.
 */
export class BrandSite {
  constructor(readonly service: string) {}

  /** The brand's own host, as production serves it; browsers resolve *.localhost themselves. */
  get origin(): string {
    return `http://${this.service}.localhost:${demoPort()}`;
  }

  /** The MWS the demo config names for every service: the demo server's bare host. */
  get mwsOrigin(): string {
    return demoOrigin();
  }

  /** The page with ?service= and the brand's qrid when it needs one, plus `query`. */
  pageUrl(query: Record<string, string> = {}): string {
    const url = new URL(`${this.origin}/`);
    url.searchParams.set('service', this.service);
    if (this.service === RESOLVER_SERVICE) url.searchParams.set('qrid', 'qr-exists');
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  }

  /** Where a finished sign-in lands on the demo: redirectUrl, or the resolver's target for qr-exists. */
  get landingUrl(): string {
    return this.service === RESOLVER_SERVICE
      ? `${this.origin}/landing/a-ident/qr-exists`
      : `${this.origin}/landing/${this.service}`;
  }

  /** The newest code the demo sent to `to`, waiting for it to arrive. */
  async codeFor(to: string, channel?: OutboxEntry['channel']): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const entries = (await (await fetch(`${demoOrigin()}/dev/outbox`)).json()) as OutboxEntry[];
      const match = entries
        .filter((entry) => entry.to === to && (!channel || entry.channel === channel))
        .at(-1);
      if (match) return match.code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code for ${to} in the outbox`);
  }
}

/**
 * The login page of one brand, as a visitor drives it. Page helpers live here; the specs say
 * what should happen.
 */
export class LoginScreen extends BrandSite {
  readonly consoleMessages: string[] = [];
  readonly pageErrors: string[] = [];

  constructor(
    readonly page: Page,
    service: string,
  ) {
    super(service);
    page.on('console', (message) => this.consoleMessages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  /**
   * The page showed nothing, ever: `logged` is in the console, no landmark is there to see, and
   * the root the build pre-renders view 0 into was never revealed, not even for a moment
   * (recordRootShown).
   */
  async expectNothingShown(logged: string | RegExp): Promise<void> {
    await expect
      .poll(() => this.consoleMessages)
      .toContainEqual(typeof logged === 'string' ? logged : expect.stringMatching(logged));
    await expect(this.page.getByRole('main')).toHaveCount(0);
    expect(await this.page.locator('#root').count(), 'the page has its root').toBe(1);
    expect(await this.rootEverShown(), 'the root was revealed at some point').toBe(false);
  }

  /** Every text a live region of the page has held since it loaded, in order (recordLiveRegions). */
  liveLog(): Promise<string[]> {
    return this.page.evaluate(() => (window as { liveLog?: string[] }).liveLog ?? []);
  }

  /** Whether the page's root has been revealed since the page loaded (recordRootShown). */
  rootEverShown(): Promise<boolean> {
    return this.page.evaluate(() => (window as { rootShown?: boolean }).rootShown === true);
  }

  /**
   * Every method on for this brand, whatever the development config says, so each project runs
   * every flow. The config still comes from the demo server and passes the page's schema.
   */
  async enableAllMethods(): Promise<void> {
    await this.setLoginMethods(methodFlags('mail', 'number', 'edp'));
  }

  /** The config's loginMethods of every service, whatever the development config says. */
  async setLoginMethods(loginMethods: Record<LoginMethod, boolean>): Promise<void> {
    await this.page.route(`${this.origin}/api/config`, async (route) => {
      // Node cannot resolve *.localhost: ask by address and name the brand's host, as the browser
      // does, so the URLs in the config point back at that host.
      const response = await route
        .fetch({
          url: `http://127.0.0.1:${demoPort()}/api/config`,
          headers: { ...route.request().headers(), host: new URL(this.origin).host },
        })
        // A test that ends while the page still asks (one that shows nothing ends early, and the
        // first script asks again after a network failure) closes the page; nothing to answer.
        .catch(() => undefined);
      if (!response) return;
      const config = (await response.json()) as { services: Record<string, { loginMethods: object }> };
      for (const entry of Object.values(config.services)) entry.loginMethods = loginMethods;
      await route.fulfill({ response, json: config });
    });
  }

  /** Opens the page with ?service= and the brand's qrid when it needs one, plus `query`. */
  async open(query: Record<string, string> = {}): Promise<void> {
    await this.page.goto(this.pageUrl(query));
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { name });
  }

  valueInput(method: Method) {
    return this.page.getByRole('textbox', { name: METHOD_LABELS[method], exact: true });
  }

  codeInput() {
    return this.page.getByRole('textbox', { name: 'Bestätigungscode' });
  }

  methodButton(method: Method) {
    return this.page.getByRole('button', { name: METHOD_LABELS[method], exact: true });
  }

  async chooseMethod(method: Method): Promise<void> {
    await this.methodButton(method).click();
  }

  /** Types the value and presses Enter, as most visitors do. */
  async submitValue(method: Method, value: string): Promise<void> {
    await this.valueInput(method).fill(value);
    await this.valueInput(method).press('Enter');
  }

  /** The six boxes the code field draws; hidden from assistive technology, so found by class. */
  codeBoxes() {
    return this.page.locator('.otp__box');
  }

  /** View 2's hint: where the code went, in full, how long it lasts, and for mail the spam folder. */
  codeSentHint() {
    return this.page.locator('#code-hint');
  }

  /** The view's polite status region: „Bitte warten“ while a call runs, then what happened. */
  statusRegion() {
    return this.page.locator('.card p[role="status"]');
  }

  /** The view's submit button by its name alone; its busy state is aria-disabled and the status region. */
  submitButton(name: typeof SPEC_TEXTS.signIn | typeof SPEC_TEXTS.verify) {
    return this.page.getByRole('button', { name, exact: true });
  }

  resendButton() {
    return this.page.getByRole('button', { name: /^Code erneut senden/ });
  }

  /**
   * Pastes through the real clipboard with the keyboard shortcut, so the browser's paste runs.
   * The code is copied on another page, as a visitor copies it from their mail: the login page's
   * Permissions-Policy denies it the Clipboard API, which a paste by keyboard does not need.
   */
  async pasteCode(code: string): Promise<void> {
    const context = this.page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoOrigin() });
    const mail = await context.newPage();
    try {
      await mail.goto(`${demoOrigin()}/`);
      await mail.evaluate((text) => navigator.clipboard.writeText(text), code);
    } finally {
      await mail.close();
    }
    await this.page.bringToFront();
    await this.codeInput().press('ControlOrMeta+V');
  }

  /**
   * Firebase refuses every SMS with too-many-attempts, which sends the page to the backend's SMS.
   * One pattern covers Google's host and the emulator, which takes the same path below its own
   * origin (http://127.0.0.1:<port>/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode).
   */
  async refuseFirebaseSms(): Promise<void> {
    await this.page.route(/accounts:sendVerificationCode/, (route) =>
      route.fulfill({
        status: 400,
        headers: { 'access-control-allow-origin': '*' },
        json: { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } },
      }),
    );
  }

  /**
   * Waits for the page to leave for `pattern` and answers that navigation itself, so the test
   * sees the exact redirect URL without depending on the landing page.
   */
  async interceptRedirect(pattern: RegExp): Promise<() => Promise<URL>> {
    let resolveUrl: (url: URL) => void = () => undefined;
    const arrived = new Promise<URL>((resolve) => (resolveUrl = resolve));
    await this.page.route(pattern, async (route) => {
      if (route.request().isNavigationRequest()) resolveUrl(new URL(route.request().url()));
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Ziel</title><h1>Ziel</h1>',
      });
    });
    return () => arrived;
  }

  /**
   * Every http(s) request of the page, its frames and any window it opens, from now on: what
   * reached which host, for the rule that no third party hears of a visitor before its step.
   */
  recordRequests(): () => URL[] {
    const seen: URL[] = [];
    this.page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') seen.push(url);
    });
    return () => seen;
  }

  /** Counts the requests whose URL matches, from now on. */
  countRequests(pattern: RegExp): () => Request[] {
    const seen: Request[] = [];
    this.page.on('request', (request) => {
      if (pattern.test(request.url())) seen.push(request);
    });
    return () => seen;
  }
}

/**
 * An init script: keeps in `window.liveLog` each text a live region (aria-live, role status or
 * alert) takes, as a screen reader would be told it, so a test can tell what was announced even
 * when it was replaced at once.
 */
export function recordLiveRegions(): void {
  const log: string[] = [];
  (window as { liveLog?: string[] }).liveLog = log;
  const regionOf = (node: Node) =>
    (node instanceof Element ? node : node.parentElement)?.closest(
      '[aria-live], [role="status"], [role="alert"]',
    );
  new MutationObserver((records) => {
    const regions = new Set(
      records.map((record) => regionOf(record.target)).filter((region) => region != null),
    );
    for (const region of regions) {
      const text = region.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (text !== '' && log.at(-1) !== text) log.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * An init script: sets `window.rootShown` once the page's root loses its `hidden` attribute, as
 * when the first script or the app reveals the page, even when it is hidden again at once. A
 * record holds the value before its change, so the value after it is the next record's old
 * value, or for the last one the value now.
 */
export function recordRootShown(): void {
  new MutationObserver((records) => {
    const root = records.filter(
      (record) => record.target instanceof HTMLElement && record.target.id === 'root',
    );
    root.forEach((record, index) => {
      const after =
        index + 1 < root.length
          ? root[index + 1]?.oldValue
          : (record.target as HTMLElement).getAttribute('hidden');
      if (after === null) (window as { rootShown?: boolean }).rootShown = true;
    });
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden'],
    attributeOldValue: true,
  });
}
