import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBrands } from '../../scripts/lib/build-brands.ts';
import { buildContentSecurityPolicy } from '../../scripts/lib/csp.ts';
import { bakePreviewHtml, PREVIEW_FILE } from '../../scripts/lib/emit-brand.ts';
import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { checkRelease } from '../../scripts/lib/release-check.ts';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';
import { makeTempDir } from '../../tests/scripts/brand-fixtures.ts';
import { send, startDemo, type RunningDemo } from './demo-fixtures.ts';

const SERVICE = 'a-ident';
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <!--brand-head-->
    <title>Vorschau</title>
    <script type="module" crossorigin src="../assets/preview-abc.js"></script>
    <link rel="stylesheet" crossorigin href="../assets/app-abc.css">
  </head>
  <body><div id="login-gateway-preview"></div></body>
</html>`;
const PAGE = {
  service: SERVICE,
  title: 'A-Ident – Anmeldung',
  accentColor: '#6d28d9',
  accentTextColor: '#ffffff',
  themeColor: '#6d28d9',
  brandStylesheetHref: 'assets/brand-abc.css',
  logoHref: 'assets/logo-abc.svg',
  logoDarkHref: 'assets/logo-dark-abc.svg',
  brandModuleHref: 'assets/a-ident-abc.js',
  icons: { svg: 'favicon.svg' },
  manifestHref: 'manifest.webmanifest',
  withContentSecurityPolicy: true,
  build: 'demo',
} as const;

describe('bakePreviewHtml', () => {
  const html = bakePreviewHtml(TEMPLATE, PAGE);

  test('names the shared assets from beside index.html, where the brand folder keeps it', () => {
    expect(html).toContain('src="./assets/preview-abc.js"');
    expect(html).toContain('href="./assets/app-abc.css"');
    expect(html).not.toContain('../assets/');
  });

  test("carries the brand's head: marker, demo tag, stylesheet and data chunk", () => {
    expect(html).toContain('<html lang="de" data-brand="a-ident">');
    expect(html).toContain('<meta name="login-gateway-build" content="demo">');
    expect(html).toContain('<link rel="stylesheet" href="assets/brand-abc.css">');
    expect(html).toContain('<link rel="modulepreload" href="assets/a-ident-abc.js" crossorigin>');
  });

  test("preloads nothing: it asks no backend, and each frame shows one of the brand's logos", () => {
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('api/config');
    expect(html).not.toContain('rel="manifest"');
  });

  test("has the brand's demo policy, which may frame the page's own origin too", () => {
    const policy = buildContentSecurityPolicy(SERVICE, 'demo');
    const framing = policy.replace('frame-src ', "frame-src 'self' ");
    expect(framing).not.toBe(policy);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(framing)}">`);
  });

  test('refuses a page Vite did not write one folder down', () => {
    expect(() => bakePreviewHtml(TEMPLATE.replaceAll('../assets/', './assets/'), PAGE)).toThrow(
      'preview.html names no ../assets/ file to move',
    );
  });
});

// That the login page stays unframeable is same-headers.test.ts's; that the preview loads its
// files and frames itself, every view in both schemes, is e2e/a-ident/preview.spec.ts's.
describe('the preview of a demo build, served', () => {
  let outDir: string;
  let cacheDir: string;
  let demo: RunningDemo;

  beforeAll(async () => {
    [outDir, cacheDir] = await Promise.all([makeTempDir('preview-'), makeTempDir('cache-')]);
    const result = await buildBrands({
      brandsDir: defaultBrandsDir,
      outDir,
      cacheDir,
      only: SERVICE,
      build: 'demo',
    });
    if (!result.ok) throw new Error(result.message);
    const { brands, invalid } = await loadBrands(defaultBrandsDir);
    demo = await startDemo({ root: outDir, distDir: outDir, brands, invalid, remove: async () => {} });
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
    await Promise.all([outDir, cacheDir].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  test('is a page of the brand folder, which only its own origin may frame', async () => {
    const answer = await send(demo.port, `/${PREVIEW_FILE}?service=${SERVICE}`, {
      host: `${SERVICE}.localhost:${demo.port}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<div id="login-gateway-preview"></div>');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['content-security-policy']).toMatch(
      /; frame-src 'self' [^;]+;.*; frame-ancestors 'self'$/,
    );
  });

  test('makes the folder no release: the release check names the page and its script', async () => {
    const problems = await checkRelease(outDir, [{ service: SERVICE, domains: [] }]);
    expect(problems).toEqual(
      expect.arrayContaining([
        `${SERVICE}/${PREVIEW_FILE}: contains development code ("login-gateway-preview")`,
        expect.stringMatching(
          /^a-ident\/assets\/preview-[\w-]+\.js: contains development code \("login-gateway-preview"\)$/,
        ),
      ]),
    );
  });
});
