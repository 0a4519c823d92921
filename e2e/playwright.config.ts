import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { devLoginMethods } from '../tools/demo/dev-config.ts';
import { CHROMIUM_ARGS, suiteChromiumPath } from '../scripts/lib/chromium.ts';
import { takesPayments } from '../src/lib/services.ts';
import type { EngineOptions } from './support/engines/fixtures.ts';
import type { BrandOptions } from './support/fixtures.ts';
import { BRAND_SERVICES } from './support/brand-services.ts';

// Browser downloads do not work on these machines: the suite drives the system's Chromium.
if (!existsSync(suiteChromiumPath)) {
  throw new Error(
    `No Chromium at ${suiteChromiumPath}. Install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
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
const services = BRAND_SERVICES;
const methods = devLoginMethods(services);

/** The brand the behaviour project runs against: one whose development config enables every method. */
const BEHAVIOUR_BRAND = 'a-dok';
const BEHAVIOUR = 'behaviour';
const PRODUCTION = 'production';

const behaviourMethods = methods.get(BEHAVIOUR_BRAND);
if (!behaviourMethods || !Object.values(behaviourMethods).every(Boolean) || takesPayments(BEHAVIOUR_BRAND)) {
  throw new Error(
    `The ${BEHAVIOUR} project needs a brand with every method and no payment; ${BEHAVIOUR_BRAND} is not.`,
  );
}

/** The sign-in tests (tagged @mail, @number, @edp) of the methods a brand's service leaves off. */
function methodsOff(service: string): RegExp | undefined {
  const off = Object.entries(methods.get(service) ?? {})
    .filter(([, on]) => !on)
    .map(([method]) => method);
  return off.length > 0 ? new RegExp(`@(${off.join('|')})\\b`) : undefined;
}

/**
 * Set by `npm run e2e -- --shard=<i>/<n>` (tools/e2e.ts): this run is one shard, which leaves its
 * results as Playwright's blob report for `merge-reports` (e2e/merge.config.ts).
 */
const shard = process.env.E2E_SHARD;
const blob = shard
  ? [['blob', { outputDir: `../test-results/blob-${shard}`, fileName: `report-${shard}.zip` }] as const]
  : [];

export default defineConfig<BrandOptions & EngineOptions>({
  testDir: '.',
  outputDir: '../test-results/e2e',
  // The demo server and the emulator are for the brand and behaviour projects; a run of the
  // production project alone neither needs them nor dist-demo/.
  ...(onlyProjects(PRODUCTION) ? {} : { globalSetup: './support/global-setup.ts' }),
  forbidOnly: Boolean(process.env.CI),
  // Every test stands alone (its own context, values and routes), so tests of one file spread
  // over the workers too. Playwright's default is half the cores: one worker on two, where the
  // browsers' waits leave room for a second.
  fullyParallel: true,
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // The suite reporter names the browsers and nginx first and the minutes by project last.
  reporter: process.env.CI
    ? [['dot'], ['./support/suite-reporter.ts'], ...blob]
    : [
        ['list'],
        ['html', { outputFolder: '../playwright-report', open: 'never' }],
        ['./support/suite-reporter.ts'],
        ...blob,
      ],
  // Sized for a loaded machine (the check passes with `stress --cpu 2` beside it, issue 37): a
  // limit catches a hang, not a busy machine. Waits follow the thing awaited.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failed test runs once more, recording its trace then: recording every test's trace in case
  // it fails cost a fifth of the suite's processor time. A test that passes only the second time is
  // flaky, and a flaky test fails the run like a failed one: the retry buys the trace, not a pass.
  retries: 1,
  failOnFlakyTests: true,
  use: {
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: suiteChromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // What can differ by brand, for each brand: its branding in both schemes, the sign-in of each
    // method its service enables, every view with its colors, the layout at 320 px. The brands
    // that take payments add the resolver, the payment and their hostile inputs.
    ...services.map((service) => ({
      name: service,
      use: { service },
      testMatch: [
        /every-brand[\\/].*\.spec\.ts$/,
        ...(takesPayments(service) ? [/a-ident[\\/].*\.spec\.ts$/] : []),
      ],
      grepInvert: methodsOff(service),
    })),
    {
      // What cannot differ by brand, once: the error catalogue, hostile inputs, the code field,
      // double submits, a reload, the SMS fallback; against a brand with every method.
      name: BEHAVIOUR,
      use: { service: BEHAVIOUR_BRAND },
      testMatch: /behaviour[\\/].*\.spec\.ts$/,
    },
    {
      // The gallery of every brand and its try-out of a folder: what a change to any brand
      // folder can break besides the brand's own project (`npm run affected`).
      name: 'gallery',
      use: { service: BEHAVIOUR_BRAND },
      testMatch: /gallery[\\/].*\.spec\.ts$/,
    },
    // The same few flows in the other engines, where they can differ: Firefox ESR and WebKitGTK,
    // driven without Playwright (docs/decisions/014-other-engines-without-playwright.md).
    ...(['firefox', 'webkit'] as const).map((engine) => ({
      name: engine,
      use: { engine },
      testMatch: /engines[\\/].*\.spec\.ts$/,
    })),
    {
      // The release in dist/ behind a real nginx with the generated config, every brand by its
      // own domain over https (e2e/production/support/gateway.ts). Needs `npm run build` first.
      name: PRODUCTION,
      testDir: './production',
    },
  ],
});
