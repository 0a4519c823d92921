import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser downloads do not work on these machines: the suite drives the system's Chromium.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Without these, Chromium keeps calling Google services this closed network refuses.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
