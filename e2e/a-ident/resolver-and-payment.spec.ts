import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Request, Route } from '@playwright/test';
import { expectNoViolations } from '../support/accessibility.ts';
import { PAYPAL_CLIENT_ID_META } from '../../src/lib/paypal-client-ids.ts';
import { expect, test } from '../support/fixtures.ts';
import { demoOrigin, type LoginScreen } from '../support/login-screen.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// The demo resolver's rows (docs/demo.md) pick what happens after the code; the config points
// the page at the demo's PayPal stand-in unless a test takes paymentSdkUrl out of it.

const STAND_IN_SCRIPT = readFileSync(new URL('../../tools/demo/paypal-stand-in.js', import.meta.url), 'utf8');
// The stand-in's buttons (tools/demo/paypal-stand-in.js): two in PayPal's button frame, two
// in its checkout overlay, which stands in for PayPal's popup.
const PAY = 'Mit PayPal bezahlen (Platzhalter)';
const FAIL = 'Zahlungsfehler auslösen (Platzhalter)';
const CONFIRM = 'Zahlung bestätigen (Platzhalter)';
const CANCEL = 'Zahlung abbrechen (Platzhalter)';
const UNAVAILABLE = 'Die Zahlung konnte nicht geladen werden. Bitte versuche es später erneut.';
const LIVE_SDK = 'https://www.paypal.com/sdk/js';
const SANDBOX_SDK = 'https://www.sandbox.paypal.com/sdk/js';
const DISABLED_CARDS = 'amex,discover,jcb,elo,hiper';
const PAYMENT_VIEW_CHUNK = /\/payment-view-[\w-]+\.js$/;
const SDK = /\/sdk\/js/;

/** PayPal's hosts, or the demo's stand-in of them on the page's own host. */
const isPayPal = (url: URL) =>
  /(^|\.)paypal(objects)?\.com$/.test(url.hostname) || url.pathname.startsWith('/dev/paypal/');

/** Signs in by mail with an address no other test uses; the resolver then runs for `qrid`. */
async function signIn(login: LoginScreen, qrid: string): Promise<string> {
  const address = `${qrid}-${randomUUID().slice(0, 8)}@example.com`;
  await login.open({ qrid, method: 'mail' });
  await login.submitValue('mail', address);
  await login.codeInput().fill(await login.codeFor(address, 'mail'));
  return address;
}

/** The resolver's target on the page's own host, carrying a token issued for `address`. */
function expectLanding(url: URL, login: LoginScreen, qrid: string, address: string): void {
  expect(url.origin).toBe(login.origin);
  expect(url.pathname).toBe(`/landing/a-ident/${qrid}`);
  const [, payload = ''] = (url.searchParams.get('idtoken') ?? '').split('.');
  expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toMatchObject({ sub: address });
}

/**
 * The live client id the build baked into the page (PAYPAL_CLIENT_ID_LIVE or deploy.config.json's
 * paypal.clientIdLive), or undefined when it has none.
 */
function liveClientIdOf(login: LoginScreen): Promise<string | undefined> {
  return login.page.evaluate(
    (name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || undefined,
    PAYPAL_CLIENT_ID_META.live,
  );
}

/** Without the config's paymentSdkUrl the page loads PayPal's own SDK, as in production. */
async function useRealPayPalSdk(login: LoginScreen): Promise<void> {
  await login.page.route(`${login.origin}/api/config`, async (route) => {
    // Node cannot resolve *.localhost as browsers do: ask the same server by address, with the
    // brand's Host header, so the config is the one the page would have received.
    const response = await route.fetch({
      url: `${demoOrigin()}/api/config`,
      headers: { ...route.request().headers(), host: new URL(login.origin).host },
    });
    const config = (await response.json()) as { services: Record<string, { paymentSdkUrl?: string }> };
    for (const entry of Object.values(config.services)) delete entry.paymentSdkUrl;
    await route.fulfill({ response, json: config });
  });
}

/** Answers PayPal's SDK URLs with the demo stand-in, so the real-URL path runs offline. */
async function serveStandInForPayPal(login: LoginScreen): Promise<void> {
  const serve = (route: Route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN_SCRIPT });
  await login.page.route(`${LIVE_SDK}**`, serve);
  await login.page.route(`${SANDBOX_SDK}**`, serve);
}

function paymentView(login: LoginScreen) {
  return login.heading(SPEC_TEXTS.payTitle);
}

/** PayPal's button frame; the loading frame above it has another title. */
function buttonFrame(login: LoginScreen) {
  return login.page.frameLocator('iframe[title="PayPal"]');
}

function standInButton(login: LoginScreen, name: string) {
  return buttonFrame(login).getByRole('button', { name });
}

function checkout(login: LoginScreen) {
  return login.page.getByRole('dialog', { name: 'PayPal (Platzhalter)' });
}

/** Pays as a buyer does: PayPal's button, then the confirmation in PayPal's checkout. */
async function payWithStandIn(login: LoginScreen): Promise<void> {
  await standInButton(login, PAY).click();
  await checkout(login).getByRole('button', { name: CONFIRM }).click();
}

/** The SDK's requests among these, whatever asked for them. */
const sdkRequests = (requests: URL[]) => requests.filter((url) => isPayPal(url) && SDK.test(url.pathname));

for (const [qrid, what] of [
  ['qr-exists', 'an unlocked QR id'],
  ['qr-free', 'a QR id with value 0'],
] as const) {
  test(`${what} redirects right after the code, and PayPal never hears of it`, async ({ login }) => {
    const requests = login.recordRequests();
    const redirected = await login.interceptRedirect(/\/landing\//);
    const address = await signIn(login, qrid);

    const url = await redirected();
    expectLanding(url, login, qrid, address);
    expect([...url.searchParams.keys()]).toEqual(['idtoken']);
    expect(requests().filter(isPayPal)).toEqual([]);
  });
}

test('a QR id with a value asks for the amount in euros and redirects with the PayPal capture after approval', async ({
  login,
  page,
}) => {
  const requests = login.recordRequests();
  const chunks = login.countRequests(PAYMENT_VIEW_CHUNK);
  const sdkLoads = login.countRequests(SDK);
  const redirected = await login.interceptRedirect(/\/landing\//);
  const address = await signIn(login, 'qr-pay');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('main').getByText(/^5,00\s€$/)).toBeVisible();
  await payWithStandIn(login);

  const url = await redirected();
  expectLanding(url, login, 'qr-pay', address);
  expect([...url.searchParams.keys()]).toEqual(['idtoken', 'ppid']);
  expect(url.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);
  expect(chunks()).toHaveLength(1);
  // One download of the SDK: the preload, which the loader's <script> then runs.
  expect(sdkLoads().map((request) => request.resourceType())).toEqual(['script']);
  expect(sdkRequests(requests()).map((sdk) => sdk.pathname)).toEqual(['/dev/paypal/sdk/js']);
});

test('view 3’s chunk comes while the visitor reads the code, and view 3 follows the answer without a loading view', async ({
  login,
  page,
}) => {
  const requests = login.recordRequests();
  const chunks = login.countRequests(PAYMENT_VIEW_CHUNK);
  const address = `qr-pay-${randomUUID().slice(0, 8)}@example.com`;
  await login.open({ qrid: 'qr-pay', method: 'mail' });
  await login.submitValue('mail', address);
  const code = await login.codeFor(address, 'mail');

  // View 2: the chunk is the page's own; nothing has gone to PayPal.
  await expect(login.codeInput()).toBeVisible();
  await expect.poll(() => chunks().length).toBe(1);
  expect(requests().filter(isPayPal)).toEqual([]);
  // The flow's loading view (its Suspense fallback, a spinner that speaks; view 4's own spinner
  // is silent) would hold the next view back for React's 300 ms, view 3 and PayPal's script too.
  await page.evaluate(() => {
    const flags = window as { loadingViewShown?: boolean };
    flags.loadingViewShown = false;
    const loading = '[role="status"] > .spinner--large';
    new MutationObserver((mutations) => {
      for (const node of mutations.flatMap((mutation) => [...mutation.addedNodes]))
        if (node instanceof Element && (node.matches(loading) || node.querySelector(loading)))
          flags.loadingViewShown = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await login.codeInput().fill(code);

  await expect(standInButton(login, PAY)).toBeVisible();
  await expect(paymentView(login)).toBeVisible();
  expect(await page.evaluate(() => (window as { loadingViewShown?: boolean }).loadingViewShown)).toBe(false);
  expect(chunks()).toHaveLength(1);
});

test('an amount given as a decimal string is shown with its cents', async ({ login, page }) => {
  await signIn(login, 'qr-cents');
  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('main').getByText(/^12,34\s€$/)).toBeVisible();
});

test('a reload of the payment view, which cannot resume, returns to view 1 with the address and says why', async ({
  login,
  page,
}) => {
  const address = await signIn(login, 'qr-cents');
  await expect(paymentView(login)).toBeVisible();
  // Back cannot return to a code already used: the visitor stays on the payment view.
  await page.goBack();
  await expect(paymentView(login)).toBeVisible();

  await page.reload();
  await expect(login.heading('Mit E-Mail-Adresse anmelden')).toBeVisible();
  await expect(login.valueInput('mail')).toHaveValue(address);
  await expect(login.statusRegion()).toHaveText(
    'Die Seite wurde während der Zahlung neu geladen. Aus Sicherheitsgründen beginnt die Anmeldung neu: Bitte fordere einen neuen Code an.',
  );
});

test('cancelling PayPal’s checkout keeps the visitor on the payment view, free to pay after all', async ({
  login,
  page,
}) => {
  const landings = login.countRequests(/\/landing\//);
  const redirected = await login.interceptRedirect(/\/landing\//);
  await signIn(login, 'qr-pay');
  await expect(paymentView(login)).toBeVisible();
  const loginUrl = page.url();

  await standInButton(login, PAY).click();
  await checkout(login).getByRole('button', { name: CANCEL }).click();
  await expect(checkout(login)).toHaveCount(0);
  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByText('Bei der Bearbeitung Ihrer Bestellung')).toHaveCount(0);
  expect(page.url()).toBe(loginUrl);

  // Had the cancel led anywhere, that navigation would be the first one counted here.
  await payWithStandIn(login);
  expect((await redirected()).searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-/);
  expect(landings().filter((request) => request.isNavigationRequest())).toHaveLength(1);
});

test('a payment error shows the alert with PayPal’s detail and stays on the payment view', async ({
  login,
  page,
}) => {
  const landings = login.countRequests(/\/landing\//);
  await signIn(login, 'qr-pay');
  await expect(paymentView(login)).toBeVisible();
  const loginUrl = page.url();

  await standInButton(login, FAIL).click();
  await expect(page.getByRole('alert')).toHaveText(
    `${SPEC_TEXTS.paymentFailed} (INSTRUMENT_DECLINED (Platzhalter))`,
  );
  await expect(paymentView(login)).toBeVisible();
  await expect(standInButton(login, PAY)).toBeVisible();
  expect(page.url()).toBe(loginUrl);
  expect(landings()).toEqual([]);
});

test('a PayPal script that does not load says the payment could not be loaded', async ({ login, page }) => {
  const sdkAnswers: string[] = [];
  await page.route(`${login.origin}/dev/paypal/sdk/js**`, async (route) => {
    sdkAnswers.push(route.request().resourceType());
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'kaputt' });
  });
  await signIn(login, 'qr-pay');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  // Asked for once, by the preload, whose failure the loader's script then takes.
  expect(sdkAnswers).toEqual(['script']);
});

test('PayPal’s own SDK that cannot be reached gives the same message', async ({ login, page }) => {
  await useRealPayPalSdk(login);
  const aborted: string[] = [];
  for (const host of [LIVE_SDK, SANDBOX_SDK]) {
    await page.route(`${host}**`, async (route) => {
      aborted.push(route.request().url());
      await route.abort('internetdisconnected');
    });
  }
  // The sandbox sponsor, because it has a client id in every build (PayPal's shared `sb`).
  await signIn(login, 'qr-sandbox');

  await expect(paymentView(login)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  expect(aborted).toHaveLength(1);
  expect(aborted[0]).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/sdk\/js\?/);
});

test.describe('the PayPal SDK request', () => {
  test('for the sandbox sponsor carries the sandbox client id, euros and the cards the spec turns off', async ({
    login,
    page,
  }) => {
    const sdkRequest = page.waitForRequest(SDK);
    await signIn(login, 'qr-sandbox');

    const query = new URL((await sdkRequest).url()).searchParams;
    expect(query.get('client-id')).toBe('sb');
    expect(query.get('currency')).toBe('EUR');
    expect(query.get('disable-card')).toBe(DISABLED_CARDS);
    await expect(standInButton(login, PAY)).toBeVisible();
  });

  test('for a live sponsor carries the live setting, not the sandbox client id', async ({ login, page }) => {
    const sdkRequest = page.waitForRequest(SDK);
    await signIn(login, 'qr-pay');

    const url = new URL((await sdkRequest).url());
    expect(url.origin).toBe(login.origin);
    // A page without a live id uses the stand-in's placeholder (decision 005), never `sb`.
    expect(url.searchParams.get('client-id')).toBe((await liveClientIdOf(login)) ?? 'stand-in');
    expect(url.searchParams.get('currency')).toBe('EUR');
    expect(url.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
    await expect(standInButton(login, PAY)).toBeVisible();
  });

  test('against PayPal’s own SDK, the sandbox sponsor’s first and only request to PayPal goes to the sandbox host, and it pays', async ({
    login,
  }) => {
    await useRealPayPalSdk(login);
    await serveStandInForPayPal(login);
    const requests = login.recordRequests();
    const redirected = await login.interceptRedirect(/\/landing\//);
    const address = await signIn(login, 'qr-sandbox');

    await payWithStandIn(login);
    const url = await redirected();
    expectLanding(url, login, 'qr-sandbox', address);
    expect(url.searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);

    const paypal = requests().filter(isPayPal);
    expect(paypal.map((sdk) => `${sdk.origin}${sdk.pathname}`)).toEqual([SANDBOX_SDK]);
    expect(paypal[0]?.searchParams.get('client-id')).toBe('sb');
    expect(paypal[0]?.searchParams.get('currency')).toBe('EUR');
    expect(paypal[0]?.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
  });

  test('against PayPal’s own SDK, a live sponsor never uses the sandbox host', async ({ login, page }) => {
    await useRealPayPalSdk(login);
    await serveStandInForPayPal(login);
    const requests = login.recordRequests();
    await signIn(login, 'qr-pay');
    await expect(paymentView(login)).toBeVisible();

    // The build decides: with a live id baked into the page, the page loads PayPal's live SDK
    // with that id; without one, it refuses to load PayPal at all and logs why.
    const liveClientId = await liveClientIdOf(login);
    if (liveClientId) {
      await expect(standInButton(login, PAY)).toBeVisible();
      const paypal = requests().filter(isPayPal);
      expect(paypal.map((sdk) => `${sdk.origin}${sdk.pathname}`)).toEqual([LIVE_SDK]);
      expect(paypal[0]?.searchParams.get('client-id')).toBe(liveClientId);
      expect(paypal[0]?.searchParams.get('currency')).toBe('EUR');
      expect(paypal[0]?.searchParams.get('disable-card')).toBe(DISABLED_CARDS);
    } else {
      await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
      expect(login.consoleMessages).toContainEqual(
        expect.stringContaining('This page carries no PayPal client id'),
      );
      // Not even preloaded: there is no client id to ask with.
      expect(requests().filter(isPayPal)).toEqual([]);
    }
  });
});

test.describe('a resolver failure stops the flow: nothing shown, the reason in the console, PayPal never asked', () => {
  async function expectStopped(login: LoginScreen, qrid: string, requests: () => URL[]): Promise<void> {
    const landings = login.countRequests(/\/landing\//);
    await signIn(login, qrid);

    await expect
      .poll(() => login.consoleMessages.filter((message) => message.startsWith('error: Login flow stopped')))
      .toHaveLength(1);
    // The card stays in the DOM, empty and hidden; the frame around it keeps logo and links.
    const card = login.page.locator('main');
    await expect(card).toBeEmpty();
    await expect(card.locator('*')).toHaveCount(0);
    await expect(card).toBeHidden();
    expect(new URL(login.page.url()).searchParams.get('qrid')).toBe(qrid);
    expect(new URL(login.page.url()).origin).toBe(login.origin);
    expect(landings()).toEqual([]);
    expect(requests().filter(isPayPal)).toEqual([]);
  }

  test('for a QR id the resolver does not know', async ({ login }) => {
    const requests = login.recordRequests();
    await expectStopped(login, 'qr-fail', requests);
  });

  test('for a resolver that cannot be reached', async ({ login, page }) => {
    const requests = login.recordRequests();
    await page.route(`${login.origin}/api/resolver`, (route) => route.abort('connectionrefused'));
    await expectStopped(login, 'qr-pay', requests);
    // The refused resolver logs its own network error; nothing else reached the console.
    expect(login.consoleMessages.filter((message) => message.startsWith('error:'))).toHaveLength(2);
  });
});

test.describe('what loads when', () => {
  test('the payment view is in before the resolver answers (fetched on view 2); PayPal’s SDK only once the answer asks for a payment', async ({
    login,
  }) => {
    // Every request of interest and the resolver's answer, in the order the browser reports them.
    const events: string[] = [];
    let chunkSeen: () => void = () => undefined;
    const chunkRequested = new Promise<void>((resolve) => (chunkSeen = resolve));
    login.page.on('request', (request: Request) => {
      if (PAYMENT_VIEW_CHUNK.test(request.url())) {
        events.push('payment view');
        chunkSeen();
      } else if (SDK.test(request.url())) events.push(`sdk ${request.resourceType()}`);
    });
    login.page.on('response', (response) => {
      if (response.url() === `${login.origin}/api/resolver`) events.push('resolver answered');
    });
    // A slow resolver: it answers once view 3's chunk was asked for, or after 3 s. A page that
    // waited for the answer to fetch the chunk, or that asked PayPal early, shows it below.
    await login.page.route(`${login.origin}/api/resolver`, async (route) => {
      events.push('resolver asked');
      await Promise.race([chunkRequested, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      await route.fallback();
    });
    const redirected = await login.interceptRedirect(/\/landing\//);
    const address = await signIn(login, 'qr-pay');

    await expect(standInButton(login, PAY)).toBeVisible();
    const answered = events.indexOf('resolver answered');
    expect(answered).toBeGreaterThan(0);
    expect(events.slice(0, answered).toSorted()).toEqual(['payment view', 'resolver asked']);
    expect(events.slice(answered)).toEqual(['resolver answered', 'sdk script']);

    await payWithStandIn(login);
    const url = await redirected();
    expectLanding(url, login, 'qr-pay', address);
  });

  test('choosing the phone method fetches Firebase before the visitor sends anything', async ({ login }) => {
    const firebase = login.countRequests(/\/firebase-auth-[\w-]+\.js$/);
    const sent = login.countRequests(/\/mws\/|identitytoolkit|recaptcha/);
    await login.open();
    await expect(login.methodButton('number')).toBeVisible();
    // The first view has no use for Firebase and does not load it.
    expect(firebase()).toEqual([]);

    await login.chooseMethod('number');
    await expect(login.valueInput('number')).toBeVisible();
    await expect.poll(() => firebase().length).toBe(1);
    expect((await firebase()[0]?.response())?.status()).toBe(200);
    await expect(login.valueInput('number')).toHaveValue('');
    expect(sent()).toEqual([]);
  });
});

// PayPal's Buttons container adds a <style> with a random id per render to the page; only it
// sizes the button frame and the loading frame, and the checkout overlay has one of its own. A
// policy that blocks them leaves 300 × 150 px frames spilling out of their box and an overlay
// that covers nothing (and the suite's fixture reports the violations).
test('PayPal’s button, loading frame and checkout overlay keep their own styles under the page’s policy', async ({
  login,
  page,
}) => {
  await useRealPayPalSdk(login);
  await serveStandInForPayPal(login);
  const redirected = await login.interceptRedirect(/\/landing\//);
  await signIn(login, 'qr-sandbox');
  await expect(standInButton(login, PAY)).toBeVisible();

  const box = await page.locator('[id^="zoid-paypal-buttons-uid_"]').boundingBox();
  const frame = page.locator('iframe[title="PayPal"]');
  const frameBox = await frame.boundingBox();
  expect(box?.width).toBeGreaterThan(0);
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(frameBox?.[side]).toBeCloseTo(box?.[side] ?? -1, 0);
  // The frame shows its buttons whole: nothing is cut off inside it.
  const inside = await (await frame.elementHandle())?.contentFrame();
  const overflow = await inside?.evaluate(() => ({
    height: document.documentElement.scrollHeight - window.innerHeight,
    width: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(overflow).toEqual({ height: 0, width: 0 });
  await expectNoViolations(page, 'view 3 with PayPal’s button');

  await standInButton(login, PAY).click();
  const viewport = page.viewportSize();
  await expect(checkout(login)).toBeVisible();
  expect(await checkout(login).boundingBox()).toEqual({
    x: 0,
    y: 0,
    width: viewport?.width,
    height: viewport?.height,
  });
  await checkout(login).getByRole('button', { name: CONFIRM }).click();
  expect((await redirected()).searchParams.get('ppid')).toMatch(/^DEMO-CAPTURE-\d+$/);
});
