import { expect, type Page } from '@playwright/test';

/** Fails where the page scrolls sideways at its current width. */
export async function expectFits(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `scroll width on ${where}`).toBeLessThanOrEqual(clientWidth);
}
