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
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set; the global setup did not run');
  const visit: BrandPageVisit = { problems: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      visit.problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => visit.problems.push(`page error: ${error.message}`));
  page.on('request', (request) => visit.requests.push(request.url()));
  // Each brand on its own host, as production serves it; browsers resolve *.localhost locally.
  const url = new URL(`http://${service}.localhost:${port}/`);
  url.searchParams.set('service', service);
  if (service === 'a-ident') url.searchParams.set('qrid', 'qr-e2e');
  await page.goto(url.href);
  return visit;
}
