import { describe, expect, test } from 'vitest';
import {
  DEV_FIREBASE_PROJECT,
  devLoginMethods,
  methodFlags,
  type LoginMethods,
} from '../../../tools/demo/dev-config.ts';
import { LOGIN_METHODS } from '../../../src/types/login-method.ts';
import { findService } from '../../../src/features/config/api/get-config.ts';
import { SPEC_SERVICES } from '../../scripts/brand-fixtures.ts';
import { BRAND_NAMES, json, postForm, send, useDemo, withDemo } from './demo-fixtures.ts';

// That each brand's page takes its config and loads the PayPal stand-in from it is the browser
// suite's, every run; here: what the config points at, from each kind of page address.

const EMULATOR = 'http://127.0.0.1:9099';
const SERVICES = Object.keys(BRAND_NAMES);

interface ServiceEntry {
  loginKey: string;
  mwsTargetUrl: string;
  firebaseConfig: { projectId: string; authEmulatorUrl?: string };
  redirectUrl?: string;
  paymentSdkUrl?: string;
}

function servicesOf(body: unknown): Record<string, ServiceEntry> {
  expect(body).toEqual({ services: expect.any(Object) });
  return (body as { services: Record<string, ServiceEntry> }).services;
}

const methodSet = (flags: LoginMethods) => LOGIN_METHODS.filter((method) => flags[method]).join('+');

/** Every non-empty combination of the methods, as methodSet writes one. */
const EVERY_COMBINATION = LOGIN_METHODS.reduce<string[][]>(
  (sets, method) => [...sets, ...sets.map((set) => [...set, method])],
  [[]],
)
  .filter((set) => set.length > 0)
  .map((set) => set.join('+'));

describe('the methods of the development config', () => {
  test('offer every combination somewhere, given as many services as there are combinations', () => {
    const services = EVERY_COMBINATION.map((_, index) => `b${index}x`);
    const combinations = new Set([...devLoginMethods(services).values()].map(methodSet));
    expect(combinations).toEqual(new Set(EVERY_COMBINATION));
  });

  test("offer each method alone somewhere among the spec's fifteen services", () => {
    const combinations = new Set([...devLoginMethods(SPEC_SERVICES).values()].map(methodSet));
    for (const method of LOGIN_METHODS) expect(combinations).toContain(method);
  });

  test('are all of them on a-dok and a-ident', () => {
    const methods = devLoginMethods(SPEC_SERVICES);
    for (const service of ['a-dok', 'a-ident']) {
      expect(methodSet(methods.get(service) ?? methodFlags())).toBe(LOGIN_METHODS.join('+'));
    }
  });
});

describe('GET api/config on the demo server', () => {
  const demo = useDemo({ options: { authEmulatorUrl: EMULATOR } });

  /** The config as the page at `pageOrigin` + `pagePath` gets it. */
  async function configFor(pageOrigin: string, pagePath: string): Promise<Record<string, ServiceEntry>> {
    const answer = await send(demo.port, `${pagePath}api/config`, { host: new URL(pageOrigin).host });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return servicesOf(json(answer));
  }

  // The server listens on 127.0.0.1; a tool that cannot set a host uses that address. The page's
  // CSP allows scripts from 'self' only, so a stand-in on another host would be blocked.
  test.each([
    ['on its brand host', (port: number) => ({ origin: `http://a-dok.localhost:${port}`, path: '/' })],
    [
      'below its path on localhost',
      (port: number) => ({ origin: `http://localhost:${port}`, path: '/a-dok/' }),
    ],
    [
      'below its path on 127.0.0.1',
      (port: number) => ({ origin: `http://127.0.0.1:${port}`, path: '/a-dok/' }),
    ],
  ])(
    'lists every valid brand with the MWS and the emulator, and the landing page and the stand-in on the origin of a page %s',
    async (_, page) => {
      const { origin, path } = page(demo.port);
      const services = await configFor(origin, path);
      expect(Object.keys(services).sort()).toEqual([...SERVICES].sort());
      for (const [service, entry] of Object.entries(services)) {
        expect(entry).toMatchObject({
          loginKey: `dev-key-${service}`,
          mwsTargetUrl: `http://localhost:${demo.port}/mws`,
          firebaseConfig: { projectId: DEV_FIREBASE_PROJECT, authEmulatorUrl: EMULATOR },
          paymentSdkUrl: `${origin}${path}dev/paypal/sdk/js`,
        });
        expect(entry.redirectUrl).toBe(service === 'a-ident' ? undefined : `${origin}/landing/${service}`);
        expect(findService({ services }, service)).toMatchObject({ ok: true });
      }
      expect(DEV_FIREBASE_PROJECT).toMatch(/^demo-/);
    },
  );

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

  test('falls back to a loopback address that fails at once without an emulator', async () => {
    const services = await withDemo(demo.world, {}, async (bare) =>
      servicesOf(json(await send(bare.port, '/a-dok/api/config'))),
    );
    for (const entry of Object.values(services)) {
      expect(new URL(entry.firebaseConfig.authEmulatorUrl ?? '').hostname).toBe('127.0.0.1');
    }
  });
});
