import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { demoOrigin } from '../support/login-screen.ts';

// gallery.css's page colors, as the browser computes them.
const BACKGROUND = { light: 'rgb(244, 245, 247)', dark: 'rgb(17, 24, 39)' };

/** The logo a-dok's card shows: the one image of it that is not display: none. */
function aDokLogo(page: Page) {
  return page.locator('.brand', { has: page.locator('code', { hasText: /^a-dok$/ }) }).getByRole('img');
}

async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND[scheme]);
  const logo = aDokLogo(page);
  await expect(logo).toHaveCount(1);
  await expect(logo).toHaveAttribute('src', `gallery/${scheme === 'dark' ? 'logo-dark' : 'logo'}/a-dok.svg`);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
}

test('the gallery follows the system, or the scheme picked on it, by keyboard too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${demoOrigin()}/`);
  const scheme = page.getByRole('group', { name: 'Farbschema' });
  const system = scheme.getByRole('radio', { name: 'System' });
  const light = scheme.getByRole('radio', { name: 'Hell' });
  const dark = scheme.getByRole('radio', { name: 'Dunkel' });
  await expect(system).toBeChecked();
  await expectScheme(page, 'light');

  await system.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dark).toBeChecked();
  await expect(dark).toBeFocused();
  await expect(dark).toHaveCSS('outline-style', 'solid');
  await expectScheme(page, 'dark');
  await expectNoViolations(page, 'the gallery, Dunkel');

  await page.emulateMedia({ colorScheme: 'dark' });
  await light.check();
  await expectScheme(page, 'light');
  await expectNoViolations(page, 'the gallery, Hell on a dark system');

  await system.check();
  await expectScheme(page, 'dark');
});
