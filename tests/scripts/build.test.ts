import { createHash } from 'node:crypto';
import { chmod, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBrands, type BuildResult } from '../../scripts/lib/build-brands.ts';
import { buildContentSecurityPolicy } from '../../scripts/lib/csp.ts';
import { DEPLOY_FILES, writeDeployConfigs } from '../../scripts/lib/deploy-configs.ts';
import { PAYPAL_CLIENT_ID_META } from '../../src/lib/paypal-client-ids.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { checkRelease, domainNotes } from '../../scripts/lib/release-check.ts';
import { describeRelease, RELEASE_FILE, writeReleaseManifest } from '../../scripts/lib/release-manifest.ts';
import { squareSvg } from '../../scripts/lib/favicons.ts';
import { loadBrands, type Brand } from '../../scripts/lib/load-brands.ts';
import { LICENSES_FILE } from '../../scripts/lib/third-party-licenses.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { changedFiles, folderDigests } from '../../e2e/support/folder-digests.ts';
import { makeTempDir, readJson } from './brand-fixtures.ts';
import { committedSettings, TEST_RELEASE } from './committed-settings.ts';

/** PayPal's ids for a release of the real brands, one of which takes payments. */
const PAYPAL = { live: 'test-live-client-id', sandbox: 'test-sandbox-client-id' };

/** Width and height of every image in an .ico file, from its directory (0 stands for 256). */
function icoSizes(ico: Buffer): number[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + i * 16;
    expect(ico.readUInt8(entry + 1)).toBe(ico.readUInt8(entry));
    return ico.readUInt8(entry) || 256;
  }).sort((a, b) => a - b);
}

// One favicon cache for the file, as on a brand manager's machine: the first build draws every
// brand's icons (and says so), the later builds take the unchanged ones from it.
let cacheDir: string;
let release: Promise<{ outDir: string; result: BuildResult }> | undefined;
beforeAll(async () => {
  cacheDir = await makeTempDir('cache-');
});
afterAll(async () => {
  const outDir = release && (await release).outDir;
  await Promise.all([cacheDir, outDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
});

/** A release of the real brands, built once on first use: a build takes seconds. */
function releaseOfRealBrands() {
  release ??= makeTempDir('dist-').then(async (outDir) => ({
    outDir,
    result: await buildBrands({ brandsDir: defaultBrandsDir, outDir, cacheDir, paypal: PAYPAL }),
  }));
  return release;
}

describe('building all brands', () => {
  let outDir: string;
  let result: BuildResult;
  let brands: Brand[];

  beforeAll(async () => {
    brands = (await loadBrands(defaultBrandsDir)).brands;
    ({ outDir, result } = await releaseOfRealBrands());
  }, 120_000);

  test('emits one folder per brand and reports each one', async () => {
    expect(result.ok).toBe(true);
    const services = brands.map((brand) => brand.service);
    expect((await readdir(outDir)).sort()).toEqual(services);
    if (result.ok) {
      expect(result.rows.map((row) => row.service)).toEqual(services);
      for (const row of result.rows) {
        expect(row.files).toBeGreaterThan(10);
        expect(row.gzipBytes).toBeGreaterThan(10_000);
      }
      expect(result.faviconsFromCache).toBe(0);
    }
  });

  test('bakes each brand title, its service, its colors and its policy into its index.html', async () => {
    for (const brand of brands) {
      const dir = path.join(outDir, brand.service);
      const html = await readFile(path.join(dir, 'index.html'), 'utf8');
      expect(html).toContain(`<title>${brand.title}</title>`);
      expect(html).toContain(`<html lang="de" data-brand="${brand.service}">`);
      expect(html).toContain(`<meta name="theme-color" content="${brand.themeColor}">`);
      const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
      expect(csp).toBe(buildContentSecurityPolicy(brand.service));
      // The colors come as a content-named stylesheet in the brand's own assets.
      const href = /<link rel="stylesheet" href="(assets\/brand-[0-9a-f]{10}\.css)">/.exec(html)?.[1] ?? '';
      const css = await readFile(path.join(dir, href), 'utf8');
      expect(css).toContain(`--accent:${brand.accentColor};--accent-text:${brand.accentTextColor}`);
      expect(href).toBe(`assets/brand-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`);
    }
  });

  test('runs no inline script and has no inline style', async () => {
    for (const brand of brands) {
      const html = await readFile(path.join(outDir, brand.service, 'index.html'), 'utf8');
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
      // The config request's first script, async, and the app's entry.
      expect(scripts).toHaveLength(2);
      expect(scripts[0]).toMatch(
        /^<script type="module" async crossorigin src="assets\/start-config-[\w-]+\.js"><\/script>$/,
      );
      for (const script of scripts) expect(script).toMatch(/^<script\b[^>]*\ssrc="[^"]+"[^>]*><\/script>$/);
      expect(html).not.toMatch(/<style|\sstyle=/);
    }
  });

  test('draws real favicons of the right sizes', async () => {
    for (const brand of brands) {
      const dir = path.join(outDir, brand.service);
      expect(icoSizes(await readFile(path.join(dir, 'favicon.ico')))).toEqual([16, 32, 48]);
      for (const [file, size] of [
        ['apple-touch-icon.png', 180],
        ['icon-192.png', 192],
        ['icon-512.png', 512],
      ] as const) {
        const meta = await sharp(path.join(dir, file)).metadata();
        expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          file,
          format: 'png',
          width: size,
          height: size,
        });
      }
      expect(await readFile(path.join(dir, 'favicon.svg'), 'utf8')).toBe(squareSvg(brand.icon ?? brand.logo));
    }
  });

  test('writes a manifest whose icons exist', async () => {
    for (const brand of brands) {
      const dir = path.join(outDir, brand.service);
      const manifest = (await readJson(path.join(dir, 'manifest.webmanifest'))) as {
        name: string;
        short_name: string;
        start_url: string;
        theme_color: string;
        icons: { src: string }[];
      };
      expect(manifest).toMatchObject({
        name: brand.title,
        short_name: brand.name,
        start_url: `./?service=${encodeURIComponent(brand.service)}`,
        theme_color: brand.themeColor,
      });
      const files = await readdir(dir);
      for (const icon of manifest.icons) expect(files).toContain(icon.src);
    }
  });

  test("ships the bundled packages' licence texts, the same in every folder, with their twins", async () => {
    const [first, ...others] = await Promise.all(
      brands.map((brand) => readFile(path.join(outDir, brand.service, LICENSES_FILE), 'utf8')),
    );
    for (const text of others) expect(text).toBe(first);
    // The texts, not only the names: React's and zod's MIT notices, and Apache-2.0 for Firebase's
    // packages, which ship no licence file.
    expect(first).toMatch(/^react \d+\.\d+\.\d+ \(MIT\)$/m);
    expect(first).toContain('Copyright (c) Meta Platforms, Inc. and affiliates.');
    expect(first).toMatch(/^zod \d+\.\d+\.\d+ \(MIT\)$/m);
    expect(first).toContain('Copyright (c) 2025 Colin McDonnell');
    expect(first).toMatch(/^firebase \d+\.\d+\.\d+ \(Apache-2\.0\)$/m);
    expect(first).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
    const file = path.join(outDir, 'a-dok', LICENSES_FILE);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(first);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(first);
  });

  test('ships the same shared bundle and every brand logo as hashed assets in each folder', async () => {
    const assetLists = await Promise.all(
      brands.map((brand) => readdir(path.join(outDir, brand.service, 'assets'))),
    );
    // Each folder's own brand colors aside, every folder has the same files.
    const ownStylesheet = /^brand-[0-9a-f]{10}\.css(\.br|\.gz)?$/;
    for (const list of assetLists)
      expect(list.filter((file) => /^brand-.*\.css$/.test(file))).toHaveLength(1);
    const [first, ...others] = assetLists.map((list) =>
      list.filter((file) => !ownStylesheet.test(file)).sort(),
    );
    for (const list of others) expect(list).toEqual(first);
    expect(first?.filter((file) => /^index-[\w-]{8}\.js$/.test(file))).toHaveLength(1);
    expect(first?.filter((file) => /^index-[\w-]{8}\.css$/.test(file))).toHaveLength(1);
    // One asset per distinct drawing: a copied logo is one file (its name is its content's hash).
    const logos = new Set(brands.flatMap((brand) => [brand.logo.text, brand.logoDark?.text ?? []].flat()));
    expect(first?.filter((file) => /^logo(-dark)?-[\w-]{8}\.svg$/.test(file))).toHaveLength(logos.size);
  });

  test('writes brotli and gzip twins of its page and scripts that decode to the same bytes', async () => {
    for (const brand of brands) {
      const dir = path.join(outDir, brand.service);
      const assets = await readdir(path.join(dir, 'assets'));
      const script = assets.find((file) => /^index-[\w-]{8}\.js$/.test(file)) ?? 'missing';
      for (const file of ['index.html', 'manifest.webmanifest', path.join('assets', script)]) {
        const plain = await readFile(path.join(dir, file));
        // Buffer.equals: toEqual walks a quarter megabyte byte by byte.
        expect(brotliDecompressSync(await readFile(path.join(dir, `${file}.br`))).equals(plain)).toBe(true);
        expect(gunzipSync(await readFile(path.join(dir, `${file}.gz`))).equals(plain)).toBe(true);
      }
      expect(assets.filter((file) => file.endsWith('.png.br') || file.endsWith('.png.gz'))).toEqual([]);
    }
  });

  test('references its script, stylesheet and preloaded logo by relative URLs that exist', async () => {
    for (const brand of brands) {
      const dir = path.join(outDir, brand.service);
      const html = await readFile(path.join(dir, 'index.html'), 'utf8');
      const script = /<script type="module" crossorigin src="\.\/(assets\/[^"]+)"><\/script>/.exec(html)?.[1];
      const style = /<link rel="stylesheet" crossorigin href="\.\/(assets\/[^"]+)">/.exec(html)?.[1];
      const logo = /<link rel="preload" href="(assets\/[^"]+)" as="image"/.exec(html)?.[1];
      for (const file of [script, style]) {
        expect(file).toBeDefined();
        await readFile(path.join(dir, file ?? ''));
      }
      expect(await readFile(path.join(dir, logo ?? ''), 'utf8')).toBe(brand.logo.text);
    }
  });

  test('takes unchanged favicons from the cache on the next build, and a new PayPal id changes only the paying pages', async () => {
    const secondOut = await makeTempDir('dist-');
    try {
      const rotated = { ...PAYPAL, live: 'rotated-live-client-id' };
      const again = await buildBrands({
        brandsDir: defaultBrandsDir,
        outDir: secondOut,
        cacheDir,
        paypal: rotated,
      });
      expect(again).toMatchObject({ ok: true, faviconsFromCache: brands.length });
      const a = await readFile(path.join(outDir, 'a-dok', 'favicon.ico'));
      const b = await readFile(path.join(secondOut, 'a-dok', 'favicon.ico'));
      expect(b.equals(a)).toBe(true);

      // Byte for byte, every folder but the paying brand's page (and its precompressed twins).
      const paying = brands.filter((brand) => takesPayments(brand.service)).map((brand) => brand.service);
      expect(paying).toEqual(['a-ident']);
      for (const { service } of brands) {
        const [before, after] = await Promise.all([
          folderDigests(path.join(outDir, service)),
          folderDigests(path.join(secondOut, service)),
        ]);
        const changed = changedFiles(before, after);
        expect(Object.keys(after).sort(), service).toEqual(Object.keys(before).sort());
        expect(changed, service).toEqual(
          paying.includes(service) ? ['index.html', 'index.html.br', 'index.html.gz'] : [],
        );
      }
      const page = await readFile(path.join(secondOut, 'a-ident', 'index.html'), 'utf8');
      expect(page).toContain(`<meta name="${PAYPAL_CLIENT_ID_META.live}" content="rotated-live-client-id">`);
      expect(page).toContain(
        `<meta name="${PAYPAL_CLIENT_ID_META.sandbox}" content="test-sandbox-client-id">`,
      );
      for (const { service } of brands.filter((brand) => !paying.includes(brand.service))) {
        const text = await readFile(path.join(secondOut, service, 'index.html'), 'utf8');
        expect(text, service).not.toContain('client-id');
      }
    } finally {
      await rm(secondOut, { recursive: true, force: true });
    }
  }, 60_000);

  // Nine release checks, each reading every file of fifteen brand folders: seconds on a busy machine.
  test('is a release the release check accepts once its manifest and host configs are written', async () => {
    const services = brands.map((brand) => brand.service);
    expect(await checkRelease(outDir, brands)).toEqual([
      `${path.join(outDir, RELEASE_FILE)} is missing: build the release with \`npm run build\``,
      `${DEPLOY_FILES.nginx}: missing; \`npm run build\` writes it`,
      `${DEPLOY_FILES.firebaseJson}: missing; \`npm run build\` writes it`,
      `${DEPLOY_FILES.firebaserc}: missing; \`npm run build\` writes it`,
    ]);
    await writeReleaseManifest(outDir, await describeRelease(projectRoot, services));
    await writeDeployConfigs(outDir, brands, committedSettings, TEST_RELEASE);
    expect(await checkRelease(outDir, brands)).toEqual([]);

    // Host configs of another build (here: one without caac, with a brand since removed) are no
    // configs of this release, though they send every policy it needs.
    const others = brands.filter((brand) => brand.service !== 'a-dok');
    const gone = { ...others[0], service: 'wdnews', domains: ['login.wdnews.example'] };
    try {
      await writeDeployConfigs(outDir, [...others, gone], committedSettings, TEST_RELEASE);
      expect(await checkRelease(outDir, brands)).toEqual(
        expect.arrayContaining([
          `${DEPLOY_FILES.nginx}: serves wdnews, which no brand folder of the release names; it is a config of another build: build the release again with \`npm run build\``,
          `${DEPLOY_FILES.nginx}: does not serve a-dok; build the release again with \`npm run build\``,
          `${DEPLOY_FILES.firebaseJson}: serves wdnews, which no brand folder of the release names; it is a config of another build: build the release again with \`npm run build\``,
          `${DEPLOY_FILES.firebaseJson}: does not serve a-dok; build the release again with \`npm run build\``,
          `${DEPLOY_FILES.firebaserc}: does not serve a-dok; build the release again with \`npm run build\``,
        ]),
      );
    } finally {
      await writeDeployConfigs(outDir, brands, committedSettings, TEST_RELEASE);
    }
    expect(await checkRelease(outDir, brands)).toEqual([]);

    // A domain changed in brands/ since the build is no problem but a note, for release-check and
    // deploy alike: the deploy renders the config from brands/.
    const moved = brands.map((brand) =>
      brand.service === 'caac' ? { ...brand, domains: ['login.caac-new.example'] } : brand,
    );
    expect(await checkRelease(outDir, moved)).toEqual([]);
    expect(await domainNotes(outDir, moved)).toEqual([
      'caac: login-gateway.nginx.conf serves login.caac.example, brands/ now says login.caac-new.example; `npm run deploy` renders the config from brands/, so the deploy applies it',
    ]);
    expect(await domainNotes(outDir, brands)).toEqual([]);

    // A brand without the licences, or with an empty file, is no release.
    const licenses = path.join(outDir, 'caac', LICENSES_FILE);
    const licenseText = await readFile(licenses, 'utf8');
    try {
      await rm(licenses);
      await writeFile(path.join(outDir, 'wdwd', LICENSES_FILE), '\n');
      expect(await checkRelease(outDir, brands)).toEqual([
        `caac/${LICENSES_FILE}: missing or empty; the bundled packages' licences must ship with it, build the release with \`npm run build\``,
        `wdwd/${LICENSES_FILE}: missing or empty; the bundled packages' licences must ship with it, build the release with \`npm run build\``,
      ]);
    } finally {
      await Promise.all(
        ['caac', 'wdwd'].map((service) => writeFile(path.join(outDir, service, LICENSES_FILE), licenseText)),
      );
    }
    expect(await checkRelease(outDir, brands)).toEqual([]);

    // A paying brand's page without PayPal's live id is no release, whoever built it.
    const page = path.join(outDir, 'a-ident', 'index.html');
    const html = await readFile(page, 'utf8');
    try {
      await writeFile(page, html.replace(/\n\s*<meta name="login-gateway-paypal-client-id-live"[^>]*>/, ''));
      expect(await checkRelease(outDir, brands)).toEqual([
        'a-ident/index.html: takes payments but carries no PayPal live client id; set paypal.clientIdLive in deploy.config.json or PAYPAL_CLIENT_ID_LIVE and build again',
      ]);
    } finally {
      await writeFile(page, html);
    }

    // A page without its redirect hosts, or with none in them, allows no host: no release.
    const hostsMeta = /\n\s*<meta name="login-gateway-redirect-hosts" content="[^"]+">/;
    const replaceHosts = async (service: string, replacement: string) => {
      const file = path.join(outDir, service, 'index.html');
      const text = await readFile(file, 'utf8');
      expect(text).toMatch(hostsMeta);
      await writeFile(file, text.replace(hostsMeta, replacement));
      return () => writeFile(file, text);
    };
    const restore = [
      await replaceHosts('a-dok', ''),
      await replaceHosts('wdwd', '\n    <meta name="login-gateway-redirect-hosts" content=" ">'),
    ];
    try {
      expect(await checkRelease(outDir, brands)).toEqual([
        'a-dok/index.html: has no <meta name="login-gateway-redirect-hosts">, so it would send no one to the service after the sign-in; build the release with `npm run build`',
        'wdwd/index.html: has an empty <meta name="login-gateway-redirect-hosts">, so it would send no one to the service after the sign-in; build the release with `npm run build`',
      ]);
    } finally {
      await Promise.all(restore.map((undo) => undo()));
    }
    expect(await checkRelease(outDir, brands)).toEqual([]);
  }, 60_000);

  test('leaves no file or folder its group or everyone may write, and the release check refuses one', async () => {
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    const modes = await Promise.all(
      entries.map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mode & 0o777),
    );
    expect(new Set(modes)).toEqual(new Set([0o644, 0o755]));

    const page = path.join(outDir, 'a-dok', 'index.html');
    const assets = path.join(outDir, 'wdwd', 'assets');
    try {
      await chmod(page, 0o666);
      await chmod(assets, 0o775);
      expect(await checkRelease(outDir, brands)).toEqual([
        'a-dok/index.html: its group or everyone may write it; `npm run build` writes files 0644 and folders 0755',
        'wdwd/assets: its group or everyone may write it; `npm run build` writes files 0644 and folders 0755',
      ]);
    } finally {
      await chmod(page, 0o644);
      await chmod(assets, 0o755);
    }
    expect(await checkRelease(outDir, brands)).toEqual([]);
  }, 90_000);

  test('holds no PayPal id in any file the brands share', async () => {
    const files = (
      await Promise.all(
        brands.map(async (brand) => {
          const dir = path.join(outDir, brand.service, 'assets');
          return (await readdir(dir)).map((file) => path.join(dir, file));
        }),
      )
    ).flat();
    const holding = await Promise.all(
      files.map(async (file) => ((await readFile(file)).includes('test-live-client-id') ? [file] : [])),
    );
    expect(files.length).toBeGreaterThan(brands.length);
    expect(holding.flat().map((file) => path.relative(outDir, file))).toEqual([]);
  }, 90_000);
});
