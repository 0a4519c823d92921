import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDevConfig, DEV_FIREBASE_PROJECT } from './dev-config.ts';
import { loadBrands, type Brand } from '../../scripts/lib/load-brands.ts';
import { findService } from '../../src/features/config/api/get-config.ts';
import { makeTempDir, writeBrandFolder } from '../../tests/scripts/brand-fixtures.ts';
import {
  BRAND_NAMES,
  json,
  makeDemoWorld,
  postForm,
  send,
  startDemo,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const EMULATOR = 'http://127.0.0.1:9099';
const SERVICES = Object.keys(BRAND_NAMES);

/** The fifteen service keys of brands/, so the checked-in layout is what is tested. */
const FIFTEEN = [
  'a-dok',
  'a-ident',
  'caac',
  'cdap',
  'identity',
  'identity-cert',
  'rapidoc',
  'wdeag',
  'wdmakrolog',
  'wdmaps',
  'wdmaps_local',
  'wdmessenger',
  'wdpall',
  'wdwd',
  'webwhatsdown',
];

interface ServiceEntry {
  loginKey: string;
  mwsTargetUrl: string;
  firebaseConfig: { projectId: string; authEmulatorUrl?: string };
  loginMethods: { mail: boolean; number: boolean; edp: boolean };
  redirectUrl?: string;
  paymentSdkUrl?: string;
}

function servicesOf(body: unknown): Record<string, ServiceEntry> {
  expect(body).toEqual({ services: expect.any(Object) });
  return (body as { services: Record<string, ServiceEntry> }).services;
}

async function brandsNamed(services: string[]): Promise<{ brands: Brand[]; remove: () => Promise<void> }> {
  const dir = await makeTempDir();
  for (const service of services) await writeBrandFolder(dir, service);
  const { brands, invalid } = await loadBrands(dir);
  expect(invalid).toEqual([]);
  return { brands, remove: () => rm(dir, { recursive: true, force: true }) };
}

function methodSet({ mail, number, edp }: ServiceEntry['loginMethods']): string {
  return [mail && 'mail', number && 'number', edp && 'edp'].filter(Boolean).join('+');
}

const EVERY_COMBINATION = [
  'mail',
  'number',
  'edp',
  'mail+number',
  'mail+edp',
  'number+edp',
  'mail+number+edp',
];

describe('the development config of createDevConfig', () => {
  test.each([
    ['the fifteen services of brands/', FIFTEEN],
    ['seven services, none of them an a- service', ['b1x', 'b2x', 'b3x', 'b4x', 'b5x', 'b6x', 'b7x']],
  ])('offers every combination of methods somewhere for %s', async (_, services) => {
    const { brands, remove } = await brandsNamed(services);
    try {
      const config = createDevConfig(brands, {
        mwsTargetUrl: 'http://localhost:1/mws',
        authEmulatorUrl: EMULATOR,
      });
      const entries = Object.values(servicesOf(config));
      expect(new Set(entries.map((entry) => methodSet(entry.loginMethods)))).toEqual(
        new Set(EVERY_COMBINATION),
      );
    } finally {
      await remove();
    }
  });

  test('covers every service with its own login key, the demo project and the given addresses', async () => {
    const { brands, remove } = await brandsNamed(FIFTEEN);
    try {
      const config = createDevConfig(brands, {
        mwsTargetUrl: 'http://localhost:1/mws',
        authEmulatorUrl: EMULATOR,
      });
      const services = servicesOf(config);
      expect(Object.keys(services)).toEqual(FIFTEEN);
      expect(new Set(Object.values(services).map((entry) => entry.loginKey)).size).toBe(FIFTEEN.length);
      for (const [service, entry] of Object.entries(services)) {
        expect(entry).toMatchObject({
          loginKey: `dev-key-${service}`,
          mwsTargetUrl: 'http://localhost:1/mws',
          firebaseConfig: { projectId: expect.stringMatching(/^demo-/), authEmulatorUrl: EMULATOR },
        });
        expect(findService(config, service)).toMatchObject({ ok: true });
      }
      expect(DEV_FIREBASE_PROJECT).toMatch(/^demo-/);
    } finally {
      await remove();
    }
  });

  test('offers all three methods on a-dok and a-ident', async () => {
    const { brands, remove } = await brandsNamed(FIFTEEN);
    try {
      const services = servicesOf(
        createDevConfig(brands, { mwsTargetUrl: 'http://localhost:1/mws', authEmulatorUrl: EMULATOR }),
      );
      for (const service of ['a-dok', 'a-ident']) {
        expect(services[service]?.loginMethods).toEqual({ mail: true, number: true, edp: true });
      }
    } finally {
      await remove();
    }
  });
});

describe('GET api/config on the demo server', () => {
  let world: DemoWorld;
  let demo: RunningDemo;

  beforeAll(async () => {
    world = await makeDemoWorld();
    demo = await startDemo(world, { authEmulatorUrl: EMULATOR });
  });
  afterAll(async () => {
    await demo.stop();
    await world.remove();
  });

  /** The config as the page at `pageOrigin` + `pagePath` gets it. */
  async function configFor(pageOrigin: string, pagePath: string): Promise<Record<string, ServiceEntry>> {
    const answer = await send(demo.port, `${pagePath}api/config`, { host: new URL(pageOrigin).host });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return servicesOf(json(answer));
  }

  const PAGES: [string, (port: number) => { origin: string; path: string }][] = [
    ['on its brand host', (port) => ({ origin: `http://a-dok.localhost:${port}`, path: '/' })],
    ['below its path on localhost', (port) => ({ origin: `http://localhost:${port}`, path: '/a-dok/' })],
  ];

  test.each(PAGES)('lists every valid brand and no broken one for a page %s', async (_, page) => {
    const { origin, path } = page(demo.port);
    const services = await configFor(origin, path);
    expect(Object.keys(services).sort()).toEqual([...SERVICES].sort());
  });

  test.each(PAGES)('points at the reference MWS and the given emulator for a page %s', async (_, page) => {
    const { origin, path } = page(demo.port);
    for (const entry of Object.values(await configFor(origin, path))) {
      expect(entry.mwsTargetUrl).toBe(`http://localhost:${demo.port}/mws`);
      expect(entry.firebaseConfig.projectId).toMatch(/^demo-/);
      expect(entry.firebaseConfig.authEmulatorUrl).toBe(EMULATOR);
    }
  });

  test.each(PAGES)(
    'keeps the landing page and the PayPal stand-in on the origin of a page %s',
    async (_, page) => {
      const { origin, path } = page(demo.port);
      for (const [service, entry] of Object.entries(await configFor(origin, path))) {
        if (service === 'a-ident') expect(entry.redirectUrl).toBeUndefined();
        else expect(entry.redirectUrl).toBe(`${origin}/landing/${service}`);
        expect(entry.paymentSdkUrl).toBe(`${origin}${path}dev/paypal/sdk/js`);
      }
    },
  );

  test('keeps the PayPal stand-in and the landing page on 127.0.0.1 when the page was served there', async () => {
    // The server listens on 127.0.0.1; a tool that cannot set a host uses that address.
    // The page's CSP allows scripts from 'self' only, so a stand-in on localhost is blocked.
    const origin = `http://127.0.0.1:${demo.port}`;
    const services = await configFor(origin, '/a-dok/');
    expect(services['a-dok']?.paymentSdkUrl).toBe(`${origin}/a-dok/dev/paypal/sdk/js`);
    expect(services['a-dok']?.redirectUrl).toBe(`${origin}/landing/a-dok`);
  });

  test('gives each service a config the page accepts', async () => {
    const answer = await send(demo.port, '/api/config', { host: `a-ident.localhost:${demo.port}` });
    const config = { services: servicesOf(json(answer)) };
    for (const service of SERVICES) expect(findService(config, service)).toMatchObject({ ok: true });
  });

  test('gives each service a login key the MWS takes', async () => {
    const services = await configFor(`http://localhost:${demo.port}`, '/wdmaps/');
    for (const entry of Object.values(services)) {
      const answer = await postForm(demo.port, '/mws/users/auth/mail', {
        email: 'a@example.de',
        key: entry.loginKey,
      });
      expect(answer.status).toBe(200);
    }
  });

  test('serves the stand-in at the paymentSdkUrl it names', async () => {
    const services = await configFor(`http://a-ident.localhost:${demo.port}`, '/');
    const url = new URL(services['a-ident']?.paymentSdkUrl ?? '');
    const answer = await send(demo.port, url.pathname, { host: url.host });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toContain('window.paypal');
  });

  test('falls back to a loopback address that fails at once without an emulator', async () => {
    const bare = await startDemo(world);
    try {
      const services = servicesOf(json(await send(bare.port, '/a-dok/api/config')));
      for (const entry of Object.values(services)) {
        expect(new URL(entry.firebaseConfig.authEmulatorUrl ?? '').hostname).toBe('127.0.0.1');
      }
    } finally {
      await bare.stop();
    }
  });
});
