import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { expectNoViolations } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';
import { previewViews } from '../../src/preview/preview-views.ts';
import { LOGIN_METHODS } from '../../src/types/login-method.ts';
import { METHOD_LABELS } from '../support/login-screen.ts';

const CHECK_INPUT = SPEC_TEXTS.wrongCode;

function verifyView([before, after]: readonly [string, string], sentTo: string, change: string): string {
  return `
- form "${SPEC_TEXTS.enterCode}":
  - heading "${SPEC_TEXTS.enterCode}" [level=1]
  - paragraph:
    - text: ${before}
    - strong: ${JSON.stringify(sentTo)}
    - text: ${after}
  - textbox "Bestätigungscode" [invalid]
  - paragraph: ${CHECK_INPUT}
  - button "${SPEC_TEXTS.verify}"
  - button /Code erneut senden \\(\\d+ s\\)/ [disabled]
  - button "${change}"`;
}

function sendCodeView(heading: string, ...fields: string[]): string {
  return `
- form "${heading}":
  - heading "${heading}" [level=1]
${fields.map((field) => `  - textbox "${field}"`).join('\n')}
  - button "${SPEC_TEXTS.signIn}"
  - button "${SPEC_TEXTS.otherMethod}"`;
}

/** How long a mailed code lasts, and where else to look for it. */
const MAIL_HINT =
  'Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.';

/**
 * What the card of each view must hold, by role and German name, in every frame of it. The
 * cooldown counts down with the button aria-disabled; the destination shows in full.
 */
const VIEWS: Record<string, string> = {
  method: `
- region "${SPEC_TEXTS.chooseMethod}":
  - heading "${SPEC_TEXTS.chooseMethod}" [level=1]
  - list:
${LOGIN_METHODS.map((method) => `    - listitem:\n      - button "${METHOD_LABELS[method]}"`).join('\n')}`,
  'send-code-mail': sendCodeView('Mit E-Mail-Adresse anmelden', 'E-Mail-Adresse'),
  'send-code-number': sendCodeView('Mit Telefonnummer anmelden', 'Ländervorwahl', 'Telefonnummer'),
  'send-code-edp': sendCodeView('Mit EDP-Kennung anmelden', 'EDP-Kennung'),
  'verify-mail': verifyView(
    ['Wir haben einen 6-stelligen Code an', `gesendet. ${MAIL_HINT}`],
    'erika.mustermann@example.de',
    'E-Mail-Adresse ändern',
  ),
  'verify-number': verifyView(
    ['Wir haben einen 6-stelligen Code per SMS an', 'gesendet. Der Code ist nur einige Minuten gültig.'],
    '+491701234567',
    'Telefonnummer ändern',
  ),
  'verify-edp': verifyView(
    [
      'Wir haben einen 6-stelligen Code an die E-Mail-Adresse gesendet, die für die EDP-Kennung',
      `hinterlegt ist. ${MAIL_HINT}`,
    ],
    'MUSTER4711',
    'EDP-Kennung ändern',
  ),
  payment: `
- region "Zu bezahlender Betrag für A-Ident freischaltung":
  - heading "Zu bezahlender Betrag für A-Ident freischaltung" [level=1]
  - paragraph: 12,34 €
  - iframe`,
  redirect: `
- region "Bitte warten...":
  - heading "Bitte warten..." [level=1]`,
};

const WIDTHS = [375, 1280];

/** The relative luminance of a computed `rgb(…)` color, 0 for black to 1 for white. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Width, page color and logo of every frame, read at once: the frames are same-origin. */
function frameLooks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('iframe')].map((iframe) => {
      const html = iframe.contentDocument?.documentElement;
      const query = new URL(iframe.src).searchParams;
      return {
        frame: `${query.get('view')}, ${query.get('scheme')}, ${iframe.width} px`,
        scheme: query.get('scheme'),
        width: iframe.contentWindow?.innerWidth,
        expectedWidth: Number(iframe.width),
        background: html ? getComputedStyle(html).backgroundColor : '',
        logo: html?.querySelector<HTMLImageElement>('.page__logo')?.currentSrc ?? '',
      };
    }),
  );
}

/** Which frames have loaded their page so far; a lazy frame not yet loaded holds about:blank. */
function loadedFrames(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('iframe')].map((iframe) => iframe.contentDocument?.URL !== 'about:blank'),
  );
}

// A trace snapshots the page with all its 37 documents at every step, which makes each step some
// ten times slower; a failure still leaves its screenshot and error context.
test.use({ trace: 'off' });

test('the preview shows every view of the brand, light and dark, at phone and desktop width', async ({
  login,
  page,
  service,
}) => {
  // The views the preview has (one more for a method that is not the spec's: its view 1, which
  // VIEWS has no look of); VIEWS holds the look of the spec's.
  const views = previewViews(service).map((view) => view.key);
  const hasDarkLogo = existsSync(path.join(defaultBrandsDir, service, 'logo-dark.svg'));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto(`${login.origin}/preview.html?service=${service}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Vorschau: / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(views.length);
  await expect(page.getByRole('heading', { level: 2, name: /^Ansicht 3/ })).toHaveCount(
    takesPayments(service) ? 1 : 0,
  );

  // The frames near the viewport load at once, the others only when scrolled to.
  await expect(page.locator('iframe').first().contentFrame().getByRole('main')).toBeVisible();
  const loaded = await loadedFrames(page);
  expect(loaded.slice(0, 4)).toEqual([true, true, true, true]);
  expect(loaded.slice(-4)).toEqual([false, false, false, false]);
  expect(requests.filter((url) => url.includes('view=redirect'))).toEqual([]);

  for (const view of views) {
    for (const scheme of ['light', 'dark']) {
      const pair = page.locator(`iframe[src*="view=${view}&scheme=${scheme}"]`);
      await expect(pair).toHaveCount(WIDTHS.length);
      for (const [index, width] of WIDTHS.entries()) {
        await pair.nth(index).scrollIntoViewIfNeeded();
        const main = pair.nth(index).contentFrame().getByRole('main');
        const look = VIEWS[view];
        // A view that is not the spec's has no look written here: its heading at least.
        if (look) await expect(main, `${view}, ${scheme}, ${width} px`).toMatchAriaSnapshot(look);
        else
          await expect(
            main.getByRole('heading', { level: 1 }),
            `${view}, ${scheme}, ${width} px`,
          ).toBeVisible();
      }
    }
  }
  // The PayPal stand-in drew its button frame under the page's policy.
  for (const frame of await page.locator('iframe[src*="view=payment"]').all()) {
    const paypal = frame.contentFrame().locator('iframe[title="PayPal"]').contentFrame();
    await expect(paypal.getByRole('button', { name: 'Mit PayPal bezahlen (Platzhalter)' })).toBeVisible();
  }

  const looks = await frameLooks(page);
  expect(looks).toHaveLength(views.length * 4);
  for (const { frame, scheme, width, expectedWidth, background, logo } of looks) {
    expect(width, frame).toBe(expectedWidth);
    if (scheme === 'dark') expect(luminance(background), frame).toBeLessThan(0.1);
    else expect(luminance(background), frame).toBeGreaterThan(0.7);
    expect(logo.includes('/logo-dark-'), frame).toBe(hasDarkLogo && scheme === 'dark');
  }

  // Fixed states: no frame asks for the config, the MWS or the resolver, and none navigates.
  expect(requests.filter((url) => /\/(api|mws|landing)\//.test(url))).toEqual([]);
  // The views' own focus calls do not pull the focus into a frame.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // a11y.spec.ts holds every brand's light views to axe. The dark look is one stylesheet for all
  // brands, whose one color pair on it (accent and accent text) is checked when a brand loads,
  // so the dark views are checked once, where a brand has every view.
  if (takesPayments(service))
    await expectNoViolations(page, 'the dark views at 375 px', [
      '.preview__header',
      'iframe[src*="scheme=dark"][width="375"]',
    ]);
});
