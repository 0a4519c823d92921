import { METHOD_NAMES } from '../../src/lib/first-view-messages.ts';
import { expect, test } from '../support/fixtures.ts';
import { firebaseOrigin, otherOrigins, type LoginScreen } from '../support/login-screen.ts';
import {
  claimsOf,
  enabledMethods,
  expectMwsToken,
  requestCode,
  tokenOfRedirect,
  valuesFor,
} from '../support/sign-in.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

// The sign-in of each method the brand's service enables, end to end on the brand's own host
// with its real config: tagged by method, and the project leaves out the tags of the methods its
// service does not enable (playwright.config.ts). The details of the flow, the same for every
// brand, are in behaviour/.

/** Opens view 0, which offers the service's methods and nothing else; returns the redirect's URL when it comes. */
async function openViewZero(login: LoginScreen): Promise<() => Promise<URL>> {
  const redirected = await login.interceptRedirect(/\/landing\//);
  await login.open();
  const offered = (await enabledMethods(login.service)).map((method) => METHOD_NAMES[method]);
  await expect(login.page.getByRole('listitem').getByRole('button')).toHaveText(offered);
  return redirected;
}

/** The IndexedDB databases Firebase keeps on the page's origin, seen from another page there. */
async function firebaseDatabases(login: LoginScreen): Promise<string[]> {
  const page = await login.page.context().newPage();
  try {
    // Not favicon.svg: its policy sandboxes it into an origin of its own, as on the real hosts.
    await page.goto(`${login.origin}/manifest.webmanifest`);
    const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
    return names.filter((name) => name.startsWith('firebase'));
  } finally {
    await page.close();
  }
}

/**
 * No third party heard of the visitor: every request went to the page's own host or the MWS
 * the config names, and the MWS was among them.
 */
function expectPageAndMwsOnly(login: LoginScreen, requests: URL[]): void {
  expect(otherOrigins(requests, [login.origin, login.mwsOrigin])).toEqual([]);
  expect(requests.map((url) => url.origin)).toContain(login.mwsOrigin);
}

test(
  'by e-mail: the MWS mails a code and its token reaches the service',
  { tag: '@mail' },
  async ({ login }, testInfo) => {
    const { mail } = valuesFor(testInfo);
    const requests = login.recordRequests();
    const redirected = await openViewZero(login);
    await requestCode(login, 'mail', mail);
    // The whole address, as the visitor typed it, so a typo shows; and where else to look.
    await expect(login.codeSentHint()).toHaveText(
      `Wir haben einen 6-stelligen Code an ${mail} gesendet. Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.`,
    );
    await login.codeInput().pressSequentially(await login.codeFor(mail, 'mail'));

    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', mail);
    expect(login.pageErrors).toEqual([]);
    expectPageAndMwsOnly(login, requests());
  },
);

test(
  'by EDP-Kennung: the code goes through the mail calls with the identifier',
  { tag: '@edp' },
  async ({ login }, testInfo) => {
    const { edp } = valuesFor(testInfo);
    const requests = login.recordRequests();
    const redirected = await openViewZero(login);
    await requestCode(login, 'edp', edp);
    // The code went to the address stored for the EDP-Kennung, not to the identifier.
    await expect(login.codeSentHint()).toHaveText(
      `Wir haben einen 6-stelligen Code an die E-Mail-Adresse gesendet, die für die EDP-Kennung ${edp} hinterlegt ist. Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.`,
    );
    await login.codeInput().pressSequentially(await login.codeFor(edp, 'mail'));

    expectMwsToken(await tokenOfRedirect(login, redirected), 'mail', edp);
    expect(login.pageErrors).toEqual([]);
    expectPageAndMwsOnly(login, requests());
  },
);

test(
  'by phone: Firebase sends the SMS and its id token reaches the service',
  { tag: '@number' },
  async ({ login }, testInfo) => {
    const { phone, e164 } = valuesFor(testInfo);
    const backendSms = login.countRequests(/\/mws\/users\/(auth|verify)\/sms$/);
    const requests = login.recordRequests();
    const redirected = await openViewZero(login);
    // View 0 asks nothing of anyone but the page's own host.
    expect(otherOrigins(requests(), [login.origin])).toEqual([]);
    await login.chooseMethod('number');
    await expect(login.page.getByRole('textbox', { name: 'Ländervorwahl' })).toHaveValue('+49');
    await login.submitValue('number', phone);
    await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible({ timeout: 15_000 });
    await expect(login.codeSentHint()).toHaveText(
      `Wir haben einen 6-stelligen Code per SMS an ${e164} gesendet. Der Code ist nur einige Minuten gültig.`,
    );
    await login.codeInput().pressSequentially(await login.codeFor(e164, 'firebase'));

    const token = await tokenOfRedirect(login, redirected);
    // The emulator's tokens are unsigned (alg "none"), so the third part is empty.
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(claimsOf(token)).toMatchObject({ phone_number: e164, firebase: { sign_in_provider: 'phone' } });
    // Firebase's heartbeat database goes with the page that used it (docs/privacy.md).
    await expect.poll(() => firebaseDatabases(login), { timeout: 10_000 }).toEqual([]);
    expect(backendSms()).toEqual([]);
    expect(login.pageErrors).toEqual([]);
    // Choosing the phone brought in Firebase (here its emulator), and no one else.
    expect(otherOrigins(requests(), [login.origin, login.mwsOrigin])).toEqual([firebaseOrigin()]);
  },
);
