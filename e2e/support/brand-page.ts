import type { Page } from '@playwright/test';

/** Opens a brand's deployed folder the way a visitor arrives: with ?service=. */
export async function openBrandPage(page: Page, service: string): Promise<string[]> {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set; the global setup did not run');
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      policyViolations.push(message.text());
    }
  });
  page.on('pageerror', (error) => policyViolations.push(`page error: ${error.message}`));
  const url = new URL(`${encodeURIComponent(service)}/`, `${baseUrl}/`);
  url.searchParams.set('service', service);
  await page.goto(url.href);
  return policyViolations;
}
