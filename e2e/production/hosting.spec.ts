import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import {
  cacheControl,
  hostHeaders,
  LOCKED_POLICY,
  SVG_POLICY,
  TOP_LEVEL_FILES,
  type HeaderMap,
  type PathKind,
} from '../../scripts/lib/host-headers.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { isPrecompressedTwin } from '../../scripts/lib/precompress.ts';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';
import { RELEASE_HEADER } from '../../scripts/lib/release-manifest.ts';
import {
  expect,
  releaseDir,
  test,
  type HostingConfig,
  type HostingEmulator,
} from './support/hosting-emulator.ts';

/**
 * The release as Firebase Hosting serves it: `npm run deploy -- firebase --dry-run` stages it and
 * the emulator runs in the stage, started as docs/deploy.md says, from the generated firebase.json
 * and .firebaserc; every brand's answers carry exactly the headers of host-headers.ts, the function
 * nginx's config is rendered from too. One source, two renderers.
 *
 * What the emulator does, and so what is asserted here (firebase-tools 15.34.2):
 * - each Hosting target is its own server on its own port (the first on the configured port,
 *   the others from port + 5 on), so a site is told apart by its origin;
 * - every header rule whose source matches is applied in order, a later value replacing an
 *   earlier one of the same header, and on a 404 too;
 * - it compresses on the fly (Express's compression middleware): brotli when the request offers
 *   br, else gzip, none when neither is offered or the answer is under 1 KB;
 *   `Vary: Accept-Encoding` on every file;
 * - an unknown path is a 404 with the server's small "Cannot GET" page (the release has no
 *   404.html);
 * - `ignore` is a deploy-time filter the emulator does not apply: it would serve
 *   /index.html.br. What the deploy uploads is checked instead, with the file list
 *   firebase-tools' deploy makes, so on Hosting the twins are 404s.
 */

const { brands, invalid } = await loadBrands(defaultBrandsDir);

/** Headers that describe the transfer of one answer rather than the host's rules. */
const TRANSFER_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'accept-ranges',
]);

const require = createRequire(import.meta.url);
/** The very function `firebase deploy` lists a site's files with (lib/deploy/hosting/deploy.js). */
const { listFiles } = require('firebase-tools/lib/listFiles') as {
  listFiles(cwd: string, ignore?: string[]): string[];
};

/** Every header the answer carries apart from transfer headers, names in lower case; each once. */
function ruleHeaders(response: APIResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of response.headersArray()) {
    const key = name.toLowerCase();
    if (TRANSFER_HEADERS.has(key)) continue;
    expect(Object.keys(headers), `${key} sent more than once`).not.toContain(key);
    headers[key] = value;
  }
  return headers;
}

function lowerCase(headers: HeaderMap): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
}

function expectHeaders(response: APIResponse, expected: HeaderMap, what: string) {
  expect(ruleHeaders(response), `headers of ${what}`).toEqual(lowerCase(expected));
}

/** Which kind of answer a file of a brand folder is, as host-headers.ts names them. */
function kindOf(file: string): PathKind {
  if (file === 'index.html') return 'page';
  // The release manifest the deploy adds to every site (docs/deploy.md).
  if (file === 'healthz') return 'file';
  if (file.startsWith('assets/')) return 'asset';
  if (TOP_LEVEL_FILES.includes(file)) return 'file';
  throw new Error(`${file}: a file the hosts have no rule for (host-headers.ts TOP_LEVEL_FILES)`);
}

/** The headers of host-headers.ts for that kind of answer, and the release the emulator serves. */
function served(
  hosting: HostingEmulator,
  ...[service, kind, options]: Parameters<typeof hostHeaders>
): HeaderMap {
  return { ...hostHeaders(service, kind, options), [RELEASE_HEADER]: hosting.release };
}

function siteOf(hosting: HostingEmulator, service: string): HostingConfig {
  const site = hosting.sites.find(({ target }) => target === service);
  if (!site) throw new Error(`firebase.json has no Hosting target ${service}`);
  return site;
}

test('every brand is valid and has its Hosting target, and no other target is served', ({ hosting }) => {
  expect(invalid).toEqual([]);
  expect(hosting.sites.map(({ target }) => target).sort()).toEqual(
    brands.map(({ service }) => service).sort(),
  );
  const origins = hosting.sites.map(({ target }) => hosting.origin(target));
  expect(new Set(origins).size, 'a port per site').toBe(origins.length);
});

for (const { service, logo, logoDark } of brands) {
  test.describe(service, () => {
    const brandDir = path.join(releaseDir, service);
    const brandMarker = `<html lang="de" data-brand="${service}">`;
    const assetFiles = async () =>
      (await readdir(path.join(brandDir, 'assets'))).filter((name) => !isPrecompressedTwin(name)).sort();

    test('the page answers at / and /index.html with the page headers', async ({ hosting, request }) => {
      const page = await readFile(path.join(brandDir, 'index.html'), 'utf8');
      expect(page).toContain(brandMarker);
      for (const pathname of ['/', '/index.html']) {
        const response = await request.get(hosting.origin(service) + pathname);
        expect(response.status(), pathname).toBe(200);
        expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
        expect(await response.text()).toBe(page);
        expectHeaders(response, served(hosting, service, 'page'), pathname);
      }
    });

    test('hashed assets are immutable, under the locked policy', async ({ hosting, request }) => {
      const files = await assetFiles();
      const samples = ['.js', '.css'].map((extension) => files.find((name) => name.endsWith(extension)));
      for (const name of samples) {
        expect(name, 'a script and a stylesheet in assets/').toBeDefined();
        const response = await request.get(`${hosting.origin(service)}/assets/${name}`);
        expect(response.status(), name).toBe(200);
        expect(
          (await response.body()).equals(await readFile(path.join(brandDir, 'assets', name ?? ''))),
        ).toBe(true);
        expectHeaders(response, served(hosting, service, 'asset'), `/assets/${name}`);
        expect(response.headers()['content-security-policy']).toBe(LOCKED_POLICY);
      }
    });

    test("the brand's logos under /assets/ get the SVG policy and stay immutable", async ({
      hosting,
      request,
    }) => {
      const files = await assetFiles();
      const contents = await Promise.all(
        files.map(async (name) => ({
          name,
          text: await readFile(path.join(brandDir, 'assets', name), 'utf8'),
        })),
      );
      for (const svg of [logo, ...(logoDark ? [logoDark] : [])]) {
        const name = contents.find(({ name, text }) => name.endsWith('.svg') && text === svg.text)?.name;
        expect(name, 'the logo as a file in assets/').toBeDefined();
        const response = await request.get(`${hosting.origin(service)}/assets/${name}`);
        expect(response.status(), name).toBe(200);
        expect(response.headers()['content-type']).toBe('image/svg+xml');
        expectHeaders(response, served(hosting, service, 'asset', { svg: true }), `/assets/${name}`);
        expect(response.headers()['content-security-policy']).toBe(SVG_POLICY);
        expect(response.headers()['cache-control']).toBe(cacheControl('asset'));
        expect(cacheControl('asset')).toContain('immutable');
      }
    });

    test('the favicons and the manifest answer, revalidated', async ({ hosting, request }) => {
      const favicon = await request.get(`${hosting.origin(service)}/favicon.svg`);
      expect(favicon.status()).toBe(200);
      expect(favicon.headers()['content-type']).toBe('image/svg+xml');
      expectHeaders(favicon, served(hosting, service, 'file', { svg: true }), '/favicon.svg');
      expect(favicon.headers()['content-security-policy']).toBe(SVG_POLICY);
      expect(favicon.headers()['cache-control']).toBe('no-cache');

      for (const pathname of ['/favicon.ico', '/manifest.webmanifest']) {
        const response = await request.get(hosting.origin(service) + pathname);
        expect(response.status(), pathname).toBe(200);
        expectHeaders(response, served(hosting, service, 'file'), pathname);
        expect(response.headers()['cache-control']).toBe(cacheControl('file'));
      }
    });

    test('an unknown path is a 404 with the common headers, never stored', async ({ hosting, request }) => {
      for (const pathname of ['/unbekannt', '/login/index.html', '/assets']) {
        const response = await request.get(hosting.origin(service) + pathname);
        expect(response.status(), pathname).toBe(404);
        expect(await response.text()).not.toContain('data-brand');
        expectHeaders(response, served(hosting, service, 'none'), pathname);
      }
      // Below /assets/ the asset rule applies to a 404 as well, Cache-Control included: Hosting's
      // rules match paths, not answers (nginx answers such a miss with no-store; docs/deploy.md).
      const response = await request.get(`${hosting.origin(service)}/assets/unbekannt.js`);
      expect(response.status()).toBe(404);
      expectHeaders(response, served(hosting, service, 'asset'), '/assets/unbekannt.js');
    });

    test('the deploy uploads every file but the precompressed twins', async ({ hosting }) => {
      const site = siteOf(hosting, service);
      const deployed = listFiles(path.join(hosting.stage, site.public), site.ignore);
      expect(deployed).toContain('index.html');
      expect(deployed).toContain(`assets/${(await assetFiles())[0]}`);
      expect(deployed.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
      // The twins are in the folder all the same, for nginx.
      expect((await readdir(brandDir)).filter(isPrecompressedTwin)).toContain('index.html.br');
    });

    test('each file the deploy uploads, assets by type, answers with the headers of its kind', async ({
      hosting,
      request,
    }) => {
      const site = siteOf(hosting, service);
      // Every top-level file, and one asset per file type: a request for every file would be
      // ~1000 of them, for seconds more and nothing the rules tell apart.
      const samples = new Map<string, string>();
      for (const file of listFiles(path.join(hosting.stage, site.public), site.ignore).sort()) {
        const group = kindOf(file) === 'asset' ? `asset${path.extname(file)}` : file;
        if (!samples.has(group)) samples.set(group, file);
      }
      expect([...samples.keys()]).toEqual(
        expect.arrayContaining(['index.html', ...TOP_LEVEL_FILES, 'asset.js']),
      );
      for (const file of samples.values()) {
        const response = await request.get(`${hosting.origin(service)}/${file}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        expect(response.status(), file).toBe(200);
        const staged = await readFile(path.join(hosting.stage, site.public, file));
        expect((await response.body()).equals(staged), file).toBe(true);
        expectHeaders(response, served(hosting, service, kindOf(file), { svg: file.endsWith('.svg') }), file);
      }
    });

    test('answers are compressed on the fly as the request asks', async ({ hosting, request }) => {
      // The largest script: the emulator leaves answers under 1 KB uncompressed.
      const scripts = (await assetFiles()).filter((name) => name.endsWith('.js'));
      const sizes = await Promise.all(
        scripts.map(async (name) => (await stat(path.join(brandDir, 'assets', name))).size),
      );
      const script = scripts[sizes.indexOf(Math.max(...sizes))];
      for (const [pathname, file] of [
        ['/', 'index.html'],
        [`/assets/${script}`, `assets/${script}`],
      ] as const) {
        const bytes = await readFile(path.join(brandDir, file));
        for (const [offered, encoding] of [
          ['br', 'br'],
          ['gzip', 'gzip'],
          ['gzip, deflate, br', 'br'],
          ['identity', undefined],
        ] as const) {
          const response = await request.get(hosting.origin(service) + pathname, {
            headers: { 'accept-encoding': offered },
          });
          const what = `${pathname} with accept-encoding: ${offered}`;
          expect(response.status(), what).toBe(200);
          expect(response.headers()['content-encoding'], what).toBe(encoding);
          expect(response.headers()['vary'], what).toBe('Accept-Encoding');
          // Playwright decodes the body: the same bytes either way.
          expect((await response.body()).equals(bytes), what).toBe(true);
          expectHeaders(response, served(hosting, service, kindOf(file)), what);
        }
      }
    });

    test('/healthz names the status and the release alone, with the headers of a named file', async ({
      hosting,
      request,
    }) => {
      const response = await request.get(`${hosting.origin(service)}/healthz`);
      expect(response.status()).toBe(200);
      // No commit, build time, dirty flag or list of the operator's other brands.
      expect(JSON.parse(await response.text())).toEqual({ status: 'ok', release: hosting.release });
      expectHeaders(response, served(hosting, service, 'file'), '/healthz');
    });

    test('/api/ goes to the Cloud Run service, with the headers of an API answer', async ({
      hosting,
      request,
    }) => {
      const rewrite = siteOf(hosting, service).rewrites.find(({ source }) => source === '/api/**');
      expect(rewrite, 'the /api/** rewrite').toBeDefined();
      const response = await request.get(`${hosting.origin(service)}/api/config`);
      // A demo project has no Cloud Run service to look up; that the emulator tries is the rewrite
      // at work.
      expect(response.status()).toBe(500);
      expect(await response.text()).toContain('Error looking up URL for Cloud Run service');
      expectHeaders(response, served(hosting, service, 'api'), '/api/config');
      await expect
        .poll(() => hosting.output())
        .toContain(
          `Looking up Cloud Run service "/projects/${hosting.projectId}/locations/${rewrite?.run.region}/services/${rewrite?.run.serviceId}"`,
        );
    });
  });
}
