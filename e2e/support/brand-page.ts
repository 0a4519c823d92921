import type { Page } from '@playwright/test';

export interface BrandPageVisit {
  /** CSP violations and uncaught errors, which the page must not have. */
  problems: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
}

/**
 * Opens a brand's deployed folder the way a visitor arrives: with ?service=, and for a-ident the
 * qrid it cannot start without.
 */
export async function openBrandPage(page: Page, service: string): Promise<BrandPageVisit> {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set; the global setup did not run');
  const visit: BrandPageVisit = { problems: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      visit.problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => visit.problems.push(`page error: ${error.message}`));
  page.on('request', (request) => visit.requests.push(request.url()));
  const url = new URL(`${encodeURIComponent(service)}/`, `${baseUrl}/`);
  url.searchParams.set('service', service);
  if (service === 'a-ident') url.searchParams.set('qrid', 'qr-e2e');
  await page.goto(url.href);
  return visit;
}
