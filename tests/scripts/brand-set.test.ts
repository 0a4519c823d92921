import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { copyRealBrands, makeTempDir, readJson, writeBrandFolder } from './brand-fixtures.ts';

// A brand manager adds a folder and retires another, and nothing else changes: the build, the
// tests that read brands/, the browser project of each brand and the host configs follow the
// folders. Every command below is the one the README and docs/brands.md give, pointed at the
// changed set by BRANDS_DIR (scripts/vite/app-config.ts), so the repository's brands/ is untouched.

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The suite's example brand (e2e/playwright.config.ts) stays, as do the brands that take payments. */
const EXAMPLE_BRAND = 'a-dok';
const ADDED = 'wd-bank';
const ADDED_DOMAIN = 'login.wd-bank.example';

/** WD Bank's own drawings: a navy wordmark, its light twin for dark pages, and a square mark. */
const wordmark = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><title>WD Bank</title><path fill="${color}" d="M0 4h8l4 24 4-24h8l4 24 4-24h8l-8 32h-8l-4-20-4 20H8zM48 4h14c10 0 16 7 16 16s-6 16-16 16H48zm8 7v18h6c5 0 8-4 8-9s-3-9-8-9zM84 4h14c6 0 10 3 10 8 0 3-2 6-5 7 4 1 6 4 6 8 0 6-4 9-11 9H84zm8 6v7h5c3 0 4-1 4-4s-1-3-4-3zm0 13v7h6c3 0 5-1 5-4s-2-3-5-3z"/></svg>`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#2563eb"/><path fill="#ffffff" d="M8 12h6l3 18 3-18h8l3 18 3-18h6l-6 24h-6l-4-16-4 16h-6z"/></svg>`;

let root: string;
let brandsDir: string;
let removed: string;
let sharedAccent: { accentColor: string; owner: string };

/**
 * The environment a brand manager's shell has: without what Vitest sets for its own workers
 * (NODE_ENV=test would make Vite build React's development bundle, VITEST the nested run a worker).
 */
function commandEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(NODE_ENV|TEST|VITEST.*|FORCE_COLOR|__VITEST.*)$/.test(name),
    ),
  );
}

/** Runs a command on the changed set; a failure throws with all the command printed. */
async function inTrial(command: string, args: string[], env: Record<string, string> = {}) {
  try {
    return await run(command, args, {
      cwd: projectRoot,
      env: { ...commandEnv(), BRANDS_DIR: brandsDir, NO_COLOR: '1', ...env },
      maxBuffer: 32 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

beforeAll(async () => {
  root = await makeTempDir('brand-set-');
  brandsDir = await copyRealBrands();
  const { brands } = await loadBrands(defaultBrandsDir);
  const retirable = brands.filter(({ service }) => service !== EXAMPLE_BRAND && !takesPayments(service));
  const last = retirable.at(-1);
  const first = retirable[0];
  if (!last || !first || last === first) throw new Error('brands/ holds too few brands to retire one');
  removed = last.service;
  // The new brand takes the accent of a brand that stays: a warning, not a failure.
  sharedAccent = { accentColor: first.accentColor, owner: first.service };
  await rm(path.join(brandsDir, removed), { recursive: true });
  await writeBrandFolder(brandsDir, ADDED, {
    'brand.json': JSON.stringify({
      name: 'WD Bank',
      title: 'WD Bank – Anmeldung',
      accentColor: first.accentColor,
      accentTextColor: first.accentTextColor,
      // The dark accent too, which a brand needs where its accent is too dark for the dark card.
      ...(first.accentColorDark && { accentColorDark: first.accentColorDark }),
      ...(first.accentTextColorDark && { accentTextColorDark: first.accentTextColorDark }),
      domains: [ADDED_DOMAIN],
      links: {
        impressum: 'https://www.wd-bank.example/impressum',
        datenschutz: 'https://www.wd-bank.example/datenschutz',
      },
      redirectHosts: ['wd-bank.example', '*.wd-bank.example'],
    }),
    'logo.svg': wordmark('#1e3a8a'),
    'logo-dark.svg': wordmark('#bfdbfe'),
    'icon.svg': ICON,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([root, brandsDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
});

describe('a brand added and another retired by their folders', () => {
  test('the release builds the new brand, warns of the shared accent, and its host configs follow', async () => {
    const out = path.join(root, 'dist');
    const { stdout, stderr } = await inTrial(npm, ['run', 'build', '--', '--out-dir', out], {
      PAYPAL_CLIENT_ID_LIVE: 'check-build-not-for-deployment',
    });
    expect(stderr).toContain(`brands/${ADDED}/`);
    expect(stderr).toMatch(
      new RegExp(`accentColor ${sharedAccent.accentColor} is also ${sharedAccent.owner}'s`),
    );
    expect(stdout).toMatch(new RegExp(`^${ADDED} +\\d+`, 'm'));
    const folders = (await readdir(out, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders).toContain(ADDED);
    expect(folders).not.toContain(removed);
    expect(await readJson(path.join(out, 'release.json'))).toMatchObject({
      brands: expect.arrayContaining([ADDED]) as unknown,
    });
    const removedDomains = (await readJson(path.join(defaultBrandsDir, removed, 'brand.json'))) as {
      domains: string[];
    };
    for (const file of ['login-gateway.nginx.conf', 'firebase.json']) {
      const config = await readFile(path.join(out, file), 'utf8');
      expect(config, file).toContain(file === 'firebase.json' ? ADDED.replace('_', '-') : ADDED_DOMAIN);
      for (const domain of removedDomains.domains) expect(config, file).not.toContain(domain);
    }
    // What `npm run deploy` would install, checked as CI checks a release.
    await inTrial(npm, ['run', 'release-check', '--', '--dir', out]);
  }, 120_000);

  test('the tests that read brands/ pass on the new set', async () => {
    const readers = await testsReadingBrands();
    expect(readers.length).toBeGreaterThan(3);
    // A failure throws with vitest's report, which names the test.
    const { stdout } = await inTrial('npx', ['vitest', 'run', '--reporter=dot', ...readers]);
    expect(stdout).toMatch(/Tests +\d+ passed/);
    // They built what they needed elsewhere: dist-demo/ still serves brands/ to the browser suite.
    expect(existsSync(path.join(projectRoot, 'dist-demo', ADDED))).toBe(false);
  }, 300_000);

  test('the browser suite has a project for the new brand, which passes, and none for the retired one', async () => {
    const { stdout } = await inTrial('npx', ['playwright', 'test', '-c', 'e2e', '--list']);
    expect(stdout).toContain(`[${ADDED}] ›`);
    expect(stdout).not.toContain(`[${removed}] ›`);
    const demo = path.join(root, 'dist-demo');
    await inTrial(npm, ['run', 'build', '--', '--demo', '--brand', ADDED, '--out-dir', demo]);
    const { stdout: report } = await inTrial(
      'npx',
      [
        'playwright',
        'test',
        '-c',
        'e2e',
        `--project=${ADDED}`,
        '--reporter=line',
        '--output',
        path.join(root, 'e2e'),
      ],
      { E2E_DIST_DIR: demo },
    );
    expect(report).toMatch(/\d+ passed/);
    expect(report).not.toMatch(/failed|skipped/);
  }, 300_000);
});

/**
 * Every test file that reads the brand list from brands/: those naming the brands folder of the
 * project (defaultBrandsDir) or the suite's list of brand projects, unless a file says its checks
 * do not depend on the list (build-cases.test.ts). This file is left out: it would run itself.
 */
async function testsReadingBrands(): Promise<string[]> {
  const files = (await readdir(path.join(projectRoot, 'tests'), { recursive: true, encoding: 'utf8' }))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('tests', file));
  const readers = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(projectRoot, file), 'utf8');
      // A file may say that what it checks does not depend on which brands there are.
      const independent = text.includes('brand-set: independent of the list');
      return /defaultBrandsDir|copyRealBrands|brand-services/.test(text) && !independent ? [file] : [];
    }),
  );
  return readers.flat().filter((file) => !file.endsWith('brand-set.test.ts'));
}
