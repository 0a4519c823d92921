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

/** Whether `--project` (Playwright's only way to pick projects) names this project alone. */
function onlyProjects(name: string): boolean {
  const picked: string[] = [];
  process.argv.forEach((arg, index) => {
    if (arg === '--project') picked.push(process.argv[index + 1] ?? '');
    else if (arg.startsWith('--project=')) picked.push(arg.slice('--project='.length));
  });
  return picked.length > 0 && picked.every((project) => project === name);
}

// One project per brand folder, so a new brand is covered with no change here.
const services = readdirSync(new URL('../brands', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort();

const PRODUCTION = 'production';
const PRODUCTION_SPECS = /[\\/]production[\\/]/;

export default defineConfig<BrandOptions>({
  testDir: '.',
  outputDir: '../test-results/e2e',
  // The demo server and the emulator are for the brand projects; a run of the production project
  // alone neither needs them nor dist-demo/.
  ...(onlyProjects(PRODUCTION) ? {} : { globalSetup: './support/global-setup.ts' }),
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
  projects: [
    ...services.map((service) => ({
      name: service,
      use: { service },
      // The resolver and the payment belong to the brands that can take a payment; the
      // production project's specs run once, in that project.
      testIgnore: [PRODUCTION_SPECS, ...(takesPayments(service) ? [] : [/a-ident\.spec\.ts$/])],
    })),
    {
      // The release in dist/ behind a real nginx with the generated config, every brand by its
      // own domain over https (e2e/production/support/gateway.ts). Needs `npm run build` first.
      name: PRODUCTION,
      testDir: './production',
      fullyParallel: true,
    },
  ],
});
