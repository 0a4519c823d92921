import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/chromium.ts';
import { takesPayments } from '../src/lib/services.ts';
import type { BrandOptions } from './support/fixtures.ts';

// Browser downloads do not work on these machines: the suite drives the system's Chromium.
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

// One project per brand folder, so a new brand is covered with no change here.
const services = readdirSync(new URL('../brands', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort();

export default defineConfig<BrandOptions>({
  testDir: '.',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  forbidOnly: Boolean(process.env.CI),
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI
    ? [['dot']]
    : [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: services.map((service) => ({
    name: service,
    use: { service },
    // The resolver and the payment belong to the brands that can take a payment.
    ...(takesPayments(service) ? {} : { testIgnore: /a-ident\.spec\.ts$/ }),
  })),
});
