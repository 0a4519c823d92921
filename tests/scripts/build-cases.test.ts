import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { buildBrands, type BuildResult } from '../../scripts/lib/build-brands.ts';
import { DEPLOY_FILES } from '../../scripts/lib/deploy-configs.ts';
import { checkRelease } from '../../scripts/lib/release-check.ts';
import { defaultBrandsDir, faviconCacheDir, projectRoot } from '../../scripts/vite/app-config.ts';
import {
  copyRealBrands,
  makeTempDir,
  readJson,
  validIconSvg,
  validSvg,
  writeBrandFolder,
} from './brand-fixtures.ts';

/** PayPal's ids for a release of the real brands, one of which takes payments. */
const PAYPAL = { live: 'test-live-client-id', sandbox: 'test-sandbox-client-id' };

const run = promisify(execFile);
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const buildScript = path.join(projectRoot, 'scripts', 'build.ts');

// The project's favicon cache, as `npm run build` uses it: these builds are about folders, not
// icons (build.test.ts draws every icon into a cache of its own and takes them from it again).
// What they check is about the brands they name (a-dok, caac, wdpall, wdwd), whichever others
// there are, so tests/scripts/brand-set.test.ts leaves them out of its run on another set:
// brand-set: independent of the list
const cacheDir = faviconCacheDir;
let release: Promise<{ outDir: string; result: BuildResult }> | undefined;
afterAll(async () => {
  const outDir = release && (await release).outDir;
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** A release of the real brands, built once on first use: a build takes seconds. */
function releaseOfRealBrands() {
  release ??= makeTempDir('dist-').then(async (outDir) => ({
    outDir,
    result: await buildBrands({ brandsDir: defaultBrandsDir, outDir, cacheDir, paypal: PAYPAL }),
  }));
  return release;
}

describe('a release of a brand that takes payments', () => {
  test('is refused without a live PayPal client id, naming the brand and the setting', async () => {
    const result = await buildBrands({
      brandsDir: defaultBrandsDir,
      outDir: '/nonexistent',
      cacheDir: '/nonexistent',
      paypal: { sandbox: 'sb' },
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^a-ident takes payments, but the release has no PayPal live client id: set paypal\.clientIdLive in deploy\.config\.json or PAYPAL_CLIENT_ID_LIVE/,
      ),
    });
  });

  test('is not needed for a one-brand release of a brand that takes none', async () => {
    const outDir = await makeTempDir('dist-');
    try {
      // An earlier build left a paying brand's folder, which this build cannot refresh.
      await writeBrandFolder(outDir, 'a-ident', {
        'index.html': '<!doctype html>\n<html lang="de" data-brand="a-ident">',
      });
      const result = await buildBrands({ brandsDir: defaultBrandsDir, outDir, cacheDir, only: 'a-dok' });
      expect(result).toMatchObject({
        ok: true,
        rows: [{ service: 'a-dok' }],
        refreshed: [],
        warnings: expect.arrayContaining([
          {
            service: 'a-ident',
            warnings: [
              expect.stringMatching(
                /^not refreshed, and its earlier folder removed from [\w-]+\/: it takes payments and this build has no PayPal live client id/,
              ),
            ],
          },
        ]),
      });
      expect(existsSync(path.join(outDir, 'a-ident'))).toBe(false);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a demo build', () => {
  test('keeps the development switches, is marked as a demo and is refused as a release', async () => {
    const outDir = await makeTempDir('demo-');
    try {
      expect(
        await buildBrands({ brandsDir: defaultBrandsDir, outDir, cacheDir, only: 'a-dok', build: 'demo' }),
      ).toMatchObject({ ok: true });
      const html = await readFile(path.join(outDir, 'a-dok', 'index.html'), 'utf8');
      expect(html).toContain('<meta name="login-gateway-build" content="demo">');
      const problems = await checkRelease(outDir, [{ service: 'a-dok', domains: [] }]);
      expect(problems).toEqual(
        expect.arrayContaining([
          'a-dok/index.html: is a demo build (npm start); build the release with `npm run build`',
          'a-dok/index.html: its policy is not the release policy',
          expect.stringMatching(/^a-dok\/assets\/.+\.js: contains development code \("authEmulatorUrl"\)$/),
          expect.stringMatching(/^a-dok\/assets\/.+\.js: contains development code \("paymentSdkUrl"\)$/),
          expect.stringMatching(
            /^a-dok\/assets\/.+\.js: contains development code \("emulator-config-failed"\)$/,
          ),
        ]),
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('building into a folder that holds other things', () => {
  test('replaces earlier brand folders, also of deleted brands, and keeps everything else', async () => {
    const [brandsDir, outDir] = await Promise.all([makeTempDir(), makeTempDir('dist-')]);
    try {
      await writeBrandFolder(brandsDir, 'only-brand');
      await writeBrandFolder(outDir, 'deleted-brand', {
        'index.html': '<!doctype html>\n<html lang="de" data-brand="deleted-brand">',
      });
      const webApp = { 'index.html': '<!doctype html>\n<html lang="de">', 'manifest.webmanifest': '{}' };
      await writeBrandFolder(outDir, 'other-web-app', webApp);
      await writeBrandFolder(outDir, 'renamed-copy', {
        'index.html': '<!doctype html>\n<html lang="de" data-brand="a-dok">',
      });
      await writeFile(path.join(outDir, 'notes.txt'), 'keep me');
      const result = await buildBrands({ brandsDir, outDir, cacheDir });
      expect(result.ok).toBe(true);
      expect((await readdir(outDir)).sort()).toEqual([
        'notes.txt',
        'only-brand',
        'other-web-app',
        'renamed-copy',
      ]);
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);
});

describe('building one brand', () => {
  test('builds it despite another invalid folder, and leaves no folder with stale data of it', async () => {
    const [brandsDir, outDir] = await Promise.all([copyRealBrands(), makeTempDir('dist-')]);
    try {
      await writeBrandFolder(outDir, 'left-alone', {});
      // An earlier build of every brand, as `npm run build` leaves it: a copy of the release.
      const earlier = await releaseOfRealBrands();
      expect(earlier.result.ok).toBe(true);
      for (const service of earlier.result.ok ? earlier.result.rows.map((row) => row.service) : []) {
        await cp(path.join(earlier.outDir, service), path.join(outDir, service), { recursive: true });
      }
      const brandChunks = async (service: string) =>
        (await readdir(path.join(outDir, service, 'assets'))).filter((file) => /^caac-.*\.js$/.test(file));
      const [oldChunk] = await brandChunks('wdpall');

      // caac gets a new accent; wdwd breaks; a folder with a space in its name appears.
      const caacJson = path.join(brandsDir, 'caac', 'brand.json');
      await writeFile(caacJson, (await readFile(caacJson, 'utf8')).replace('#b91c1c', '#9a1b1b'));
      await rm(path.join(brandsDir, 'wdwd', 'logo.svg'));
      await writeBrandFolder(brandsDir, 'wd news', {});
      const result = await buildBrands({ brandsDir, outDir, cacheDir, only: 'caac', paypal: PAYPAL });
      const earlierServices = earlier.result.ok ? earlier.result.rows.length : 0;

      expect(result).toMatchObject({
        ok: true,
        rows: [{ service: 'caac' }],
        invalid: [{ service: 'wd news' }, { service: 'wdwd' }],
      });
      const folders = (await readdir(outDir)).sort();
      expect(folders).toContain('left-alone');
      // The broken brand's old folder would carry the old shared app, so it is gone.
      expect(folders).not.toContain('wdwd');
      // Every other brand of the earlier release but the broken one.
      expect(result.ok && result.refreshed).toHaveLength(earlierServices - 2);
      for (const service of folders.filter((name) => name !== 'left-alone')) {
        const chunks = await brandChunks(service);
        expect(chunks, service).toHaveLength(1);
        expect(chunks[0], service).not.toBe(oldChunk);
        expect(await readFile(path.join(outDir, service, 'assets', chunks[0] ?? ''), 'utf8')).toContain(
          '#9a1b1b',
        );
      }
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 120_000);

  test("fails on its own folder's problems, naming them", async () => {
    const brandsDir = await copyRealBrands();
    try {
      await rm(path.join(brandsDir, 'caac', 'logo.svg'));
      const result = await buildBrands({
        brandsDir,
        outDir: '/nonexistent',
        cacheDir: '/nonexistent',
        only: 'caac',
      });
      expect(result).toEqual({ ok: false, message: expect.stringContaining('✗ logo.svg: missing') });
    } finally {
      await rm(brandsDir, { recursive: true, force: true });
    }
  });

  test('refuses an unknown brand and lists the known ones', async () => {
    const result = await buildBrands({
      brandsDir: defaultBrandsDir,
      outDir: '/nonexistent',
      cacheDir: '/nonexistent',
      only: 'nope',
    });
    expect(result).toEqual({
      ok: false,
      message: expect.stringMatching(/^unknown brand "nope"; the brands are: a-dok, /),
    });
  });
});

describe('building for the demo server, which serves what it can', () => {
  test('builds every valid brand and reports the invalid ones', async () => {
    const [brandsDir, outDir] = await Promise.all([makeTempDir(), makeTempDir('dist-')]);
    try {
      await writeBrandFolder(brandsDir, 'good-one', {
        'icon.svg': validIconSvg,
        'logo.svg': validSvg.replace('#0f766e', '#0d9488'),
      });
      await writeBrandFolder(brandsDir, 'no-icon');
      await writeBrandFolder(brandsDir, 'Bad Name');
      const result = await buildBrands({ brandsDir, outDir, cacheDir, skipInvalid: true, build: 'demo' });
      expect(result).toMatchObject({
        ok: true,
        rows: [{ service: 'good-one' }, { service: 'no-icon' }],
        invalid: [
          {
            service: 'Bad Name',
            problems: [expect.stringContaining('Rename the folder, e.g. to "bad-name"')],
          },
        ],
        warnings: [
          {
            service: 'no-icon',
            warnings: [expect.stringMatching(/^icon\.svg: missing; the favicon will be logo\.svg/)],
          },
        ],
      });
      expect((await readdir(outDir)).sort()).toEqual(['good-one', 'no-icon']);
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);
});

describe('the build command with broken brand folders', () => {
  test('exits non-zero, names every invalid brand and emits nothing', async () => {
    const [brandsDir, outDir] = await Promise.all([copyRealBrands(), makeTempDir('dist-')]);
    try {
      await rm(path.join(brandsDir, 'caac', 'logo.svg'));
      await writeBrandFolder(brandsDir, 'wdwd', {
        'brand.json': JSON.stringify({
          ...((await readJson(path.join(defaultBrandsDir, 'wdwd', 'brand.json'))) as object),
          accentColor: '#12',
        }),
      });
      const failure = await run(tsx, [buildScript, '--brands-dir', brandsDir, '--out-dir', outDir]).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('2 invalid brand folder(s): caac, wdwd');
      expect(failure?.stderr).toContain('brands/caac/');
      expect(failure?.stderr).toContain('✗ logo.svg: missing');
      expect(failure?.stderr).toContain('brands/wdwd/');
      expect(failure?.stderr).toContain('✗ brand.json → accentColor: "#12" is not a hex color');
      expect(await readdir(outDir)).toEqual([]);
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);
  test('refuses a wordmark the visitor would not see as drawn: a dark embedded PNG, and text in a web font', async () => {
    const [brandsDir, outDir] = await Promise.all([copyRealBrands(), makeTempDir('dist-')]);
    try {
      const darkLetters = await sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect x="4" y="8" width="40" height="32" fill="#1f2937"/><rect x="60" y="8" width="40" height="32" fill="#1f2937"/></svg>',
        ),
      )
        .png()
        .toBuffer();
      const caac = (await readJson(path.join(brandsDir, 'caac', 'brand.json'))) as object;
      const brandJson = (service: string) =>
        JSON.stringify({ ...caac, domains: [`login.${service}.example`], name: service });
      await writeBrandFolder(brandsDir, 'wdpng', {
        'brand.json': brandJson('wdpng'),
        'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><image href="data:image/png;base64,${darkLetters.toString('base64')}" width="120" height="48"/></svg>`,
      });
      await writeBrandFolder(brandsDir, 'wdfont', {
        'brand.json': brandJson('wdfont'),
        'logo.svg':
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><text x="0" y="36" font-family="\'Source Sans 3\', sans-serif" font-size="32" fill="#0f766e">WD</text></svg>',
      });
      const failure = await run(tsx, [buildScript, '--brands-dir', brandsDir, '--out-dir', outDir]).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('2 invalid brand folder(s): wdfont, wdpng');
      expect(failure?.stderr).toContain(
        '✗ logo.svg: color #1f2937 covers 100% of the logo and has 1.20:1 against the dark page #111827; expected at least 3:1 so the logo stays readable in dark mode. Add logo-dark.svg with lighter colors, or change the color (e.g. to #5a6576, the nearest with 3:1 on both pages).',
      );
      expect(failure?.stderr).toContain(
        '✗ logo.svg: its text asks for the font "Source Sans 3", which a visitor\'s device does not have',
      );
      expect(await readdir(outDir)).toEqual([]);
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);

  test('reports a domain of two brands as a mistake of both, for a one-brand build too, and leaves the release as it was', async () => {
    const [brandsDir, outDir] = await Promise.all([copyRealBrands(), makeTempDir('dist-')]);
    try {
      const aDok = (await readJson(path.join(brandsDir, 'a-dok', 'brand.json'))) as { domains: string[] };
      await cp(path.join(brandsDir, 'caac'), path.join(brandsDir, 'wdnews'), { recursive: true });
      await writeBrandFolder(brandsDir, 'wdnews', {
        'brand.json': JSON.stringify({
          ...((await readJson(path.join(brandsDir, 'caac', 'brand.json'))) as object),
          domains: ['login.wdnews.example', ...aDok.domains],
        }),
      });
      // What an earlier release left: it stays as it is, configs and all.
      await writeFile(path.join(outDir, DEPLOY_FILES.nginx), 'earlier config\n');
      for (const brand of [[], ['--brand', 'a-dok']]) {
        const failure = await run(tsx, [
          buildScript,
          '--brands-dir',
          brandsDir,
          '--out-dir',
          outDir,
          ...brand,
        ]).then(
          () => undefined,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).not.toMatch(/\bat \w+ \(/);
        expect(failure?.stderr).toContain(
          `✗ brand.json → domains: ${aDok.domains[0]} is also a domain of wdnews; a host name serves one brand, so remove it from all but one of these folders`,
        );
        // A build of a-dok alone names a-dok's problems; a build of all names both folders.
        if (brand.length === 0)
          expect(failure?.stderr).toContain(
            `✗ brand.json → domains: ${aDok.domains[0]} is also a domain of a-dok; a host name serves one brand`,
          );
        expect(await readdir(outDir)).toEqual([DEPLOY_FILES.nginx]);
      }
    } finally {
      await Promise.all([brandsDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);
});
