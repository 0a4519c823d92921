import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBrands } from '../../scripts/lib/build-brands.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { MIN_MARK_CONTRAST } from '../../scripts/lib/mark-pixels.ts';
import { projectRoot, defaultBrandsDir } from '../../scripts/vite/app-config.ts';
import { makeTempDir } from '../scripts/brand-fixtures.ts';
import { startDemo, type RunningDemo } from './demo/demo-fixtures.ts';

// `npm run brand-marks` (docs/brands.md) against a demo server, as a brand manager runs it next to
// `npm start`, for one brand: every brand takes the same steps, and fifteen take seconds each.
// Whether each logo holds its contrast is e2e/every-brand/branding.spec.ts's to judge; this
// proves the command still draws its sheet and prints its table.
const SERVICE = 'a-ident';
let dir: string;
let demo: RunningDemo | undefined;

beforeAll(async () => {
  dir = await makeTempDir('brand-marks-');
  const distDir = path.join(dir, 'dist-demo');
  const { brands, invalid } = await loadBrands(defaultBrandsDir);
  const built = await buildBrands({
    brandsDir: defaultBrandsDir,
    outDir: distDir,
    cacheDir: path.join(projectRoot, 'node_modules', '.cache', 'login-gateway', 'favicons'),
    build: 'demo',
    only: SERVICE,
  });
  if (!built.ok) throw new Error(built.message);
  demo = await startDemo({ root: dir, distDir, brands, invalid, remove: async () => {} });
}, 120_000);

afterAll(async () => {
  await demo?.stop();
  await rm(dir, { recursive: true, force: true });
});

test(`npm run brand-marks -- <demo URL> --brand ${SERVICE} --out <file> draws its logo in both schemes and prints its row`, async () => {
  if (!demo) throw new Error('no demo');
  const sheet = path.join(dir, 'sheet.png');
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (resolve) =>
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          'tools/brand-marks-sheet.ts',
          `http://localhost:${demo?.port}`,
          '--brand',
          SERVICE,
          '--out',
          sheet,
        ],
        { cwd: projectRoot, timeout: 90_000 },
        (error, out, err) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
            stdout: out,
            stderr: err,
          }),
      ),
  );
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const lines = stdout.trimEnd().split('\n');
  // A heading, a row with the lowest ratio (– when no part of the logo meets the page) and the
  // color in each scheme, and where the sheet went.
  const cell = String.raw`[ ✗] (?:\d+\.\d\d:1|–) +(?:#[0-9a-f]{6})?`;
  expect(lines).toEqual([
    expect.stringMatching(/^brand +light +dark *$/),
    expect.stringMatching(new RegExp(`^${SERVICE} +${cell} +${cell} *$`)),
    '',
    `Lowest contrast of the logo's colors that meet the page (✗ below ${MIN_MARK_CONTRAST}:1). Sheet: ${sheet}`,
  ]);
  const image = await sharp(sheet).metadata();
  expect(image.format).toBe('png');
  // A heading and one row at least as tall as the logo's box at twice the pixels.
  expect(image.height).toBeGreaterThan(40 + 40);
  expect(image.width).toBeGreaterThan(200 + 2 * 190);
}, 120_000);
