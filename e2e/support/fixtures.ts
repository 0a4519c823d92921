import { test as base, expect } from '@playwright/test';
import { LoginScreen, recordLiveRegions, recordRootShown } from './login-screen.ts';

export interface BrandOptions {
  /** The brand folder, and service key, a project runs the suite for. */
  service: string;
}

interface Fixtures {
  login: LoginScreen;
  /** Every Content-Security-Policy violation of the test, in any frame; the test fails on any. */
  policyViolations: string[];
}

/** The suite's test: every project knows its brand, and gets a login screen for it. */
export const test = base.extend<BrandOptions & Fixtures>({
  service: ['a-dok', { option: true }],
  login: async ({ page, service }, use) => {
    await page.addInitScript(recordRootShown);
    await page.addInitScript(recordLiveRegions);
    await use(new LoginScreen(page, service));
  },
  // A blocked style or script is a broken page in production even when the flow goes on (PayPal's
  // button, for one, just looks wrong), so every view of every brand is held to its policy.
  policyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeBinding('__reportPolicyViolation', ({ frame }, report: string) => {
        violations.push(`${frame.url()}: ${report}`);
      });
      // Init scripts run in every frame, about:blank ones drawn by script included.
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as { __reportPolicyViolation: (text: string) => Promise<void> })
              .__reportPolicyViolation;
            void report(
              `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
            );
          },
          true,
        );
      });
      // The browser's own console line as well, for what no listener sees (a worker, say).
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text()))
          violations.push(`console: ${message.text()}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
