import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  EMULATOR_ALIAS,
  renderFirebaseJson,
  renderFirebaserc,
  siteId,
  type FirebaseHostingParameters,
} from '../../../scripts/lib/firebase-hosting.ts';
import {
  cacheControl,
  hostHeaders,
  kindHeaders,
  pagePolicy,
  SVG_POLICY,
  TOP_LEVEL_FILES,
  type HeaderMap,
  type PathKind,
} from '../../../scripts/lib/host-headers.ts';
import { loadBrands, type Brand } from '../../../scripts/lib/load-brands.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { RELEASE_HEADER } from '../../../scripts/lib/release-manifest.ts';
import { makeTempDir } from '../brand-fixtures.ts';
import { committedSettings, TEST_RELEASE } from '../committed-settings.ts';
import { hostingHeadersFor } from '../hosting-headers.ts';

const FIREBASE_DEFAULTS = committedSettings.firebase;

const require = createRequire(import.meta.url);
/** The file list `firebase deploy` uploads (firebase-tools lib/deploy/hosting/deploy.js). */
const { listFiles } = require('firebase-tools/lib/listFiles') as {
  listFiles(cwd: string, ignore?: string[]): string[];
};

/**
 * A Hosting site id becomes a host name label (<site>.web.app), at most 30 characters
 * (firebase.google.com/docs/hosting/multisites): lower-case letters, digits and hyphens,
 * starting with a letter and not ending with a hyphen. firebase-tools does not check it
 * locally; the Hosting API refuses an invalid one ("Invalid name").
 */
const SITE_ID = /^[a-z](?:[a-z0-9-]{0,28}[a-z0-9])?$/;

let brands: Brand[];
beforeAll(async () => {
  const loaded = await loadBrands(defaultBrandsDir);
  expect(loaded.invalid).toEqual([]);
  brands = loaded.brands;
  expect(brands.length).toBeGreaterThan(1);
});

type Site = ReturnType<typeof renderFirebaseJson>['hosting'][number];

function siteOf(config: ReturnType<typeof renderFirebaseJson>, service: string): Site {
  const site = config.hosting.find(({ target }) => target === service);
  if (!site) throw new Error(`no Hosting target ${service}`);
  return site;
}

const asRecord = (headers: HeaderMap): Record<string, string> => ({ ...headers });

describe('firebase.json', () => {
  test('has one Hosting target per brand, in brand order, serving the folder of its service', () => {
    const config = renderFirebaseJson(brands, FIREBASE_DEFAULTS, TEST_RELEASE);
    expect(config.hosting.map(({ target }) => target)).toEqual(brands.map(({ service }) => service));
    for (const site of config.hosting) {
      expect(site.public).toBe(site.target);
      expect(site).not.toHaveProperty('site');
      // No redirect to another URL form: / and /index.html are both the page.
      expect(site.cleanUrls).toBe(false);
      expect(site.trailingSlash).toBe(false);
    }
  });

  test('rewrites /api/** to the configured Cloud Run service and region, and nothing else', () => {
    const expectRewrite = (parameters: FirebaseHostingParameters) => {
      for (const site of renderFirebaseJson(brands, parameters, TEST_RELEASE).hosting) {
        expect(site.rewrites).toEqual([
          {
            source: '/api/**',
            run: { serviceId: parameters.backendService, region: parameters.backendRegion },
          },
        ]);
      }
    };
    expectRewrite(FIREBASE_DEFAULTS);
    expect(FIREBASE_DEFAULTS.backendRegion).toBe('europe-west3');
    expectRewrite({
      ...FIREBASE_DEFAULTS,
      backendService: 'anmeldung-backend',
      backendRegion: 'europe-west10',
    });
  });

  test('header rules come general first, with the values of host-headers.ts', () => {
    const config = renderFirebaseJson(brands, FIREBASE_DEFAULTS, TEST_RELEASE);
    for (const { service } of brands) {
      const rules = siteOf(config, service).headers;
      const asMap = (index: number) =>
        Object.fromEntries((rules[index]?.headers ?? []).map(({ key, value }) => [key, value]));
      expect(rules.map(({ source }) => source)).toEqual([
        '**',
        '/assets/**',
        '**/*.svg',
        `/{${TOP_LEVEL_FILES.join(',')}}`,
        '/',
        '/index.html',
        '/api/**',
        '/healthz',
      ]);
      expect(asMap(0)).toEqual({ ...asRecord(hostHeaders(service, 'none')), [RELEASE_HEADER]: TEST_RELEASE });
      expect(asMap(1)).toEqual(asRecord(kindHeaders(service, 'asset')));
      expect(asMap(2)).toEqual({ 'Content-Security-Policy': SVG_POLICY });
      expect(asMap(3)).toEqual({ 'Cache-Control': cacheControl('file') });
      expect(asMap(4)).toEqual(asRecord(kindHeaders(service, 'page')));
      expect(asMap(5)).toEqual(asRecord(kindHeaders(service, 'page')));
      expect(asMap(6)).toEqual(asRecord(kindHeaders(service, 'api')));
      expect(asMap(7)).toEqual({ 'Cache-Control': cacheControl('file') });
    }
  });

  test('applied in order, every kind of path gets exactly the headers nginx sends for it', () => {
    const config = renderFirebaseJson(brands, FIREBASE_DEFAULTS, TEST_RELEASE);
    const paths: [string, PathKind, boolean][] = [
      ['/', 'page', false],
      ['/index.html', 'page', false],
      ['/assets/index-D4x9Qf1a.js', 'asset', false],
      ['/assets/index-D4x9Qf1a.css', 'asset', false],
      ['/assets/logo-Bq2w8ZtY.svg', 'asset', true],
      ...TOP_LEVEL_FILES.map((file): [string, PathKind, boolean] => [
        `/${file}`,
        'file',
        file.endsWith('.svg'),
      ]),
      ['/api/config', 'api', false],
      ['/api/resolve/abc', 'api', false],
      ['/healthz', 'file', false],
      ['/unbekannt', 'none', false],
      ['/assets', 'none', false],
      ['/login/index.html', 'none', false],
      ['/unbekannt.svg', 'none', true],
      ['/icons/favicon.ico', 'none', false],
    ];
    for (const { service } of brands) {
      const site = siteOf(config, service);
      for (const [pathname, kind, svg] of paths) {
        expect(hostingHeadersFor(site, pathname), `${service} ${pathname}`).toEqual({
          ...asRecord(hostHeaders(service, kind, { svg })),
          [RELEASE_HEADER]: TEST_RELEASE,
        });
      }
    }
  });

  describe('the deploy', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await makeTempDir('hosting-');
      await mkdir(path.join(dir, 'assets'));
      for (const file of [
        'index.html',
        'index.html.br',
        'index.html.gz',
        'favicon.svg',
        'favicon.svg.br',
        'manifest.webmanifest',
        'manifest.webmanifest.gz',
        '.DS_Store',
        'assets/index-D4x9Qf1a.js',
        'assets/index-D4x9Qf1a.js.br',
        'assets/index-D4x9Qf1a.js.gz',
        'assets/logo-Bq2w8ZtY.svg',
      ]) {
        await writeFile(path.join(dir, file), file);
      }
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    test('uploads every file of a brand folder but the precompressed twins and hidden files', () => {
      for (const site of renderFirebaseJson(brands, FIREBASE_DEFAULTS, TEST_RELEASE).hosting) {
        expect(listFiles(dir, site.ignore).sort()).toEqual([
          'assets/index-D4x9Qf1a.js',
          'assets/logo-Bq2w8ZtY.svg',
          'favicon.svg',
          'index.html',
          'manifest.webmanifest',
        ]);
      }
    });
  });
});

describe('.firebaserc', () => {
  test('maps every target to its own site in the project, and in the demo project the emulator runs', () => {
    for (const parameters of [FIREBASE_DEFAULTS, { ...FIREBASE_DEFAULTS, projectId: 'anmeldung-prod' }]) {
      const rc = renderFirebaserc(brands, parameters);
      const demo = `demo-${parameters.projectId}`;
      expect(rc.projects).toEqual({ default: parameters.projectId, [EMULATOR_ALIAS]: demo });
      expect(Object.keys(rc.targets)).toEqual([parameters.projectId, demo]);
      const hosting = Object.fromEntries(
        brands.map(({ service }) => [service, [siteId(service, parameters)]]),
      );
      expect(rc.targets[parameters.projectId]).toEqual({ hosting });
      expect(rc.targets[demo]).toEqual({ hosting });
    }
  });

  test('the page reports its policy and Trusted Types to the operator’s collector when there is one', () => {
    const config = renderFirebaseJson(
      brands,
      { ...FIREBASE_DEFAULTS, reportingEndpoint: 'https://reports.example/csp' },
      TEST_RELEASE,
    );
    const site = siteOf(config, 'a-dok');
    for (const page of ['/', '/index.html'])
      expect(hostingHeadersFor(site, page)).toMatchObject({
        'Content-Security-Policy': `${pagePolicy('a-dok')}; report-to login-gateway-csp`,
        'Content-Security-Policy-Report-Only':
          "require-trusted-types-for 'script'; trusted-types default; report-to login-gateway-csp",
        'Reporting-Endpoints': 'login-gateway-csp="https://reports.example/csp"',
      });
    expect(hostingHeadersFor(site, '/assets/index-D4x9Qf1a.js')).not.toHaveProperty('Reporting-Endpoints');
    const silent = siteOf(renderFirebaseJson(brands, FIREBASE_DEFAULTS, TEST_RELEASE), 'a-dok');
    expect(hostingHeadersFor(silent, '/')['Content-Security-Policy']).toBe(pagePolicy('a-dok'));
  });

  test('firebase.json starts the Hosting emulator on the configured port, without its UI', () => {
    const config = renderFirebaseJson(brands, { ...FIREBASE_DEFAULTS, emulatorPort: 6123 }, TEST_RELEASE);
    const hub = 6123 + brands.length + 8;
    expect(config.emulators).toEqual({
      hosting: { host: '127.0.0.1', port: 6123 },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: hub + 1 },
      ui: { enabled: false },
    });
  });

  test('names valid, distinct site ids', () => {
    const ids = brands.map(({ service }) => siteId(service, FIREBASE_DEFAULTS));
    for (const id of ids) {
      expect(id.length, `${id}: at most 30 characters`).toBeLessThanOrEqual(30);
      expect(id).toMatch(SITE_ID);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('turns a service key into a site id with the prefix, "_" as "-"', () => {
    expect(siteId('wdmaps_local', FIREBASE_DEFAULTS)).toBe('login-gateway-wdmaps-local');
    expect(siteId('a-dok', { ...FIREBASE_DEFAULTS, sitePrefix: 'anmeldung-' })).toBe('anmeldung-a-dok');
  });
});

test('refuses a site id the Hosting API would refuse, and two brands on one site', () => {
  expect(() => siteId('a-dok', { ...FIREBASE_DEFAULTS, sitePrefix: 'a-very-long-site-prefix-for-' })).toThrow(
    /is no site id/,
  );
  expect(() => siteId('wdmaps_', FIREBASE_DEFAULTS)).toThrow(/is no site id/);
  expect(() =>
    renderFirebaserc(
      [
        { service: 'wd_maps', domains: ['a.example'] },
        { service: 'wd-maps', domains: ['b.example'] },
      ],
      FIREBASE_DEFAULTS,
    ),
  ).toThrow('two brands would share the Firebase Hosting site "login-gateway-wd-maps"');
});
