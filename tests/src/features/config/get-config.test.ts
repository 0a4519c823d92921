import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { findService, getConfig, type Config } from '../../../../src/features/config/api/get-config.ts';
import { answer, redirectingServer, stubFetch, onlyRequest } from '../../fetch-stub.ts';
import { methodFlags } from '../../../../tools/demo/dev-config.ts';

const validService = {
  name: 'A-Dok',
  accentColor: '#0a5c8f',
  loginKey: 'login-key',
  mwsTargetUrl: 'https://mws.example/base/',
  firebaseConfig: { apiKey: 'api-key', projectId: 'project' },
  loginMethods: methodFlags('mail', 'number'),
};

function configWith(service: Record<string, unknown>): Config {
  return { services: { 'a-dok': service } };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getConfig', () => {
  test.each([
    ['https://host/login/', 'https://host/login/api/config'],
    ['https://host/login/?service=a-dok&qrid=Q1#top', 'https://host/login/api/config'],
    ['https://host/login/index.html?service=a-dok', 'https://host/login/api/config'],
    ['https://host/', 'https://host/api/config'],
    ['https://host//?service=a-dok', 'https://host/api/config'],
    ['https://host//evil.example/?service=a-dok', 'https://host/evil.example/api/config'],
  ])('asks for the config beside the page %j, on its own origin, at %j', async (page, expected) => {
    const fetchMock = stubFetch(async () => answer(JSON.stringify({ services: {} })));

    await getConfig(new URL(page));

    expect(onlyRequest(fetchMock).url).toBe(expected);
  });

  test('sends a plain GET with same-origin credentials, as the baked preload does, and a timeout', async () => {
    const fetchMock = stubFetch(async () => answer(JSON.stringify({ services: {} })));

    await getConfig(new URL('https://host/login/'));

    const { init } = onlyRequest(fetchMock);
    expect(init.method).toBe('GET');
    // crossorigin="anonymous" on the preload means mode cors with credentials same-origin.
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    expect(init.headers).toBeUndefined();
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  test('does not follow a redirect, and takes no config that one brought', async () => {
    const config = JSON.stringify({ services: { 'a-dok': validService } });
    const fetchMock = stubFetch(redirectingServer(config, 'https://evil.example/config.json'));

    expect(await getConfig(new URL('https://host/login/'))).toBeUndefined();
    expect(onlyRequest(fetchMock).init.redirect).toBe('error');
  });

  test('returns a valid config', async () => {
    stubFetch(async () => answer(JSON.stringify({ services: { 'a-dok': validService } })));

    expect(await getConfig(new URL('https://host/login/'))).toEqual({ services: { 'a-dok': validService } });
  });

  test.each([
    ['services as an array', '{"services":[]}', 200],
    ['services null', '{"services":null}', 200],
    ['services a string', '{"services":"a-dok"}', 200],
    ['services a number', '{"services":1}', 200],
    ['no services', '{}', 200],
    ['JSON null', 'null', 200],
    ['an array', '[]', 200],
    ['an HTML page', '<!doctype html><title>Not found</title>', 200],
    ['invalid JSON', '{"services":', 200],
    ['an empty body', '', 200],
    ['HTTP 404', '{"error":"not found"}', 404],
    ['HTTP 500 with a valid body', '{"services":{}}', 500],
    ['HTTP 502', '', 502],
    ['HTTP 503', '', 503],
  ])('gives no config for %s', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await getConfig(new URL('https://host/login/'))).toBeUndefined();
  });

  test.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
  ])('gives no config on %s', async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await getConfig(new URL('https://host/login/'))).toBeUndefined();
  });
});

describe('findService', () => {
  test('finds a valid service', () => {
    expect(findService(configWith(validService), 'a-dok')).toEqual({ ok: true, service: validService });
  });

  test('reports a key the config does not have as unknown', () => {
    expect(findService(configWith(validService), 'wdpall')).toEqual({ ok: false, reason: 'unknown' });
  });

  // JSON.parse makes "__proto__" an own key, as a fetched config would; the prototype stays intact.
  const parsedConfig: Config = JSON.parse(
    `{"services":{"a-dok":${JSON.stringify(validService)},"__proto__":${JSON.stringify(validService)}}}`,
  );

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'treats %j as an unknown service even when the config text has a "__proto__" key',
    (key) => {
      expect(findService(parsedConfig, key)).toEqual({ ok: false, reason: 'unknown' });
    },
  );

  test('a "__proto__" key in the config text does not pollute prototypes', () => {
    expect(Object.getPrototypeOf(parsedConfig.services)).toBe(Object.prototype);
    expect({}).not.toHaveProperty('name');
    expect(findService(parsedConfig, 'a-dok')).toEqual({ ok: true, service: validService });
  });

  test('reports a broken entry as invalid while another service of the same config still works', () => {
    const config: Config = {
      services: { broken: { ...validService, loginKey: 42 }, 'a-dok': validService },
    };

    expect(findService(config, 'broken')).toEqual({ ok: false, reason: 'invalid' });
    expect(findService(config, 'a-dok')).toEqual({ ok: true, service: validService });
  });

  test.each([
    ['null', null],
    ['a string', 'a-dok'],
    ['an array', [validService]],
    ['no name', { ...validService, name: undefined }],
    ['no loginKey', { ...validService, loginKey: undefined }],
    ['a numeric accentColor', { ...validService, accentColor: 0 }],
    ['no loginMethods', { ...validService, loginMethods: undefined }],
    [
      'a loginMethods flag as a string',
      { ...validService, loginMethods: { ...methodFlags('number', 'edp'), mail: 'true' } },
    ],
    ['a missing loginMethods flag', { ...validService, loginMethods: { mail: true, number: true } }],
    ['no firebaseConfig', { ...validService, firebaseConfig: undefined }],
    ['a firebaseConfig without apiKey', { ...validService, firebaseConfig: { projectId: 'project' } }],
    ['a firebaseConfig without projectId', { ...validService, firebaseConfig: { apiKey: 'api-key' } }],
  ])('reports an entry with %s as invalid', (_case, service) => {
    expect(findService({ services: { 'a-dok': service } }, 'a-dok')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  test.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example',
    'http://evil.example/base/',
    'https://user:pw@mws.example',
    'https://user@mws.example',
    'ftp://x',
    '//mws.example/base/',
    '/base/',
    'mws.example',
    'https://',
    'https://mws.example\\@evil.example',
    'https://mws.exa\nmple',
    '',
  ])('refuses the mwsTargetUrl %j', (mwsTargetUrl) => {
    expect(findService(configWith({ ...validService, mwsTargetUrl }), 'a-dok')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  test.each([
    'https://mws.example',
    'https://mws.example/base/',
    'HTTPS://MWS.EXAMPLE/base',
    'http://localhost:8080/mws/',
    'http://127.0.0.1:3000',
  ])('accepts the mwsTargetUrl %j', (mwsTargetUrl) => {
    const found = findService(configWith({ ...validService, mwsTargetUrl }), 'a-dok');

    expect(found).toEqual({ ok: true, service: { ...validService, mwsTargetUrl } });
  });

  test.each(['javascript:alert(1)', 'http://evil.example/done', 'https://user:pw@app.example', 'ftp://x'])(
    'refuses the redirectUrl %j',
    (redirectUrl) => {
      expect(findService(configWith({ ...validService, redirectUrl }), 'a-dok')).toEqual({
        ok: false,
        reason: 'invalid',
      });
    },
  );

  test('accepts an https redirectUrl', () => {
    const service = { ...validService, redirectUrl: 'https://app.example/done?x=1' };

    expect(findService(configWith(service), 'a-dok')).toEqual({ ok: true, service });
  });

  test.each(['http://127.0.0.1:9099', 'http://localhost:9099'])('accepts the authEmulatorUrl %j', (url) => {
    const service = {
      ...validService,
      firebaseConfig: { ...validService.firebaseConfig, authEmulatorUrl: url },
    };

    expect(findService(configWith(service), 'a-dok')).toEqual({ ok: true, service });
  });

  test.each(['http://evil.example:9099', 'javascript:alert(1)', '127.0.0.1:9099'])(
    'refuses the authEmulatorUrl %j',
    (authEmulatorUrl) => {
      const firebaseConfig = { ...validService.firebaseConfig, authEmulatorUrl };

      expect(findService(configWith({ ...validService, firebaseConfig }), 'a-dok')).toEqual({
        ok: false,
        reason: 'invalid',
      });
    },
  );

  test('keeps the firebaseConfig keys it does not check, for initializeApp', () => {
    const firebaseConfig = {
      ...validService.firebaseConfig,
      authDomain: 'project.firebaseapp.com',
      appId: '1:2:web:3',
    };

    const found = findService(configWith({ ...validService, firebaseConfig }), 'a-dok');

    expect(found.ok && found.service.firebaseConfig).toEqual(firebaseConfig);
  });
});

describe('a release page reads the config', () => {
  // A release build compiles __DEMO_BUILD__ as false; the schema reads it when its module loads.
  let release: typeof import('../../../../src/features/config/api/get-config.ts');
  const lookUp = (entry: Record<string, unknown>) =>
    release.findService({ services: { 'a-dok': entry } }, 'a-dok');

  beforeEach(async () => {
    vi.stubGlobal('__DEMO_BUILD__', false);
    vi.resetModules();
    release = await import('../../../../src/features/config/api/get-config.ts');
  });

  afterEach(() => {
    vi.resetModules();
  });
  test('takes an https service as a demo page does', () => {
    expect(lookUp(validService)).toMatchObject({ ok: true });
  });

  test.each([
    ['mwsTargetUrl', { mwsTargetUrl: 'http://127.0.0.1:8080/mws' }],
    ['redirectUrl', { redirectUrl: 'http://localhost:8080/landing/' }],
  ])('refuses a plain-http %s, even on this machine', (_field, change) => {
    expect(lookUp({ ...validService, ...change })).toEqual({ ok: false, reason: 'invalid' });
  });

  test('never hands on an emulator or a stand-in SDK, whatever the config says', () => {
    const result = lookUp({
      ...validService,
      firebaseConfig: { ...validService.firebaseConfig, authEmulatorUrl: 'https://emulator.example' },
      paymentSdkUrl: 'https://stand-in.example/sdk/js',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(release.paymentSdkUrlOf(result.service)).toBeUndefined();
    expect(result.service).not.toHaveProperty('paymentSdkUrl');
  });
});
