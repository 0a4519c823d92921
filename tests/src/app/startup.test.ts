import { describe, expect, test } from 'vitest';
import { decideStartup, type PageFacts } from '../../../src/app/startup.ts';
import { enabledMethods } from '../../../src/types/login-method.ts';
import { isPlausibleService, readQuery, type QueryParams } from '../../../src/lib/query-rules.ts';
import type { Config } from '../../../src/features/config/api/get-config.ts';
import { methodFlags } from '../../../tools/demo/dev-config.ts';

function serviceEntry(overrides: Record<string, unknown> = {}) {
  return {
    name: 'A-Dok',
    accentColor: '#0b5cad',
    loginKey: 'k',
    mwsTargetUrl: 'https://mws.example',
    redirectUrl: 'https://app.example/start',
    firebaseConfig: { apiKey: 'x', projectId: 'demo-test' },
    loginMethods: methodFlags('mail', 'edp'),
    ...overrides,
  };
}

function configWith(services: Record<string, unknown>): Config {
  return { services };
}

const config = configWith({
  'a-dok': serviceEntry(),
  'a-ident': serviceEntry({ name: 'A-Ident', loginMethods: methodFlags('mail', 'number') }),
});

/** A page whose redirect hosts hold the config's redirectUrl (https://app.example/start). */
const appPage: PageFacts = { redirectHosts: ['app.example'] };

function query(params: Partial<QueryParams>): QueryParams {
  return { service: undefined, qrid: undefined, method: undefined, ...params };
}

describe('readQuery', () => {
  test('reads the three parameters it uses and ignores the appid links carry', () => {
    expect(readQuery('?service=a-ident&qrid=QR123&method=mail&appid=app-7')).toEqual({
      service: 'a-ident',
      qrid: 'QR123',
      method: 'mail',
    });
  });

  test('reads a query without the leading question mark', () => {
    expect(readQuery('service=a-dok').service).toBe('a-dok');
  });

  test('leaves missing parameters undefined', () => {
    expect(readQuery('?service=a-dok')).toEqual({
      service: 'a-dok',
      qrid: undefined,
      method: undefined,
      appid: undefined,
    });
    expect(readQuery('')).toEqual(query({}));
  });

  test('keeps a parameter that is present but empty as an empty string', () => {
    expect(readQuery('?service=&method=').service).toBe('');
    expect(readQuery('?service=&method=').method).toBe('');
  });

  test('decodes encoded values', () => {
    expect(readQuery('?service=a%2Ddok&qrid=QR%201+2%2F%3F%26&method=%6Dail')).toMatchObject({
      service: 'a-dok',
      qrid: 'QR 1 2/?&',
      method: 'mail',
    });
  });

  test('takes the first value of a repeated parameter', () => {
    expect(readQuery('?service=a-dok&service=a-ident').service).toBe('a-dok');
  });
});

describe('isPlausibleService', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['a', false],
    ['ab', false],
    ['abc', true],
    ['a-dok', true],
  ])('%j is plausible: %s', (service, expected) => {
    expect(isPlausibleService(service)).toBe(expected);
  });
});

describe('decideStartup', () => {
  test('starts a known service in view 0 without a method', () => {
    const startup = decideStartup(query({ service: 'a-dok' }), config, appPage);
    expect(startup).toMatchObject({
      ok: true,
      serviceKey: 'a-dok',
      qrId: undefined,
      method: undefined,
    });
    expect(startup.ok && startup.service.mwsTargetUrl).toBe('https://mws.example');
  });

  test.each([undefined, '', 'ab'])('stops with a message for the missing or short service %j', (service) => {
    const startup = decideStartup(query({ service }), config, appPage);
    expect(startup.ok).toBe(false);
    expect(!startup.ok && startup.error).toContain('Invalid service parameter');
  });

  test.each([
    'unknown',
    'A-DOK',
    'a-dok ',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ])('treats %j as an unknown service', (service) => {
    const startup = decideStartup(query({ service }), config, appPage);
    expect(startup).toEqual({ ok: false, error: `Service ${JSON.stringify(service)} is unknown` });
  });

  test('treats prototype names as unknown in a config parsed from JSON', () => {
    const parsed = JSON.parse(JSON.stringify(config)) as Config;
    for (const service of ['__proto__', 'constructor', 'toString']) {
      expect(decideStartup(query({ service }), parsed, appPage)).toMatchObject({
        ok: false,
        error: expect.stringContaining('unknown'),
      });
    }
  });

  test.each<[string, Record<string, unknown>]>([
    ['a javascript: mwsTargetUrl', { mwsTargetUrl: 'javascript:alert(1)' }],
    ['a plain http mwsTargetUrl', { mwsTargetUrl: 'http://evil.example' }],
    ['a protocol-relative mwsTargetUrl', { mwsTargetUrl: '//evil.example' }],
    ['an mwsTargetUrl with credentials', { mwsTargetUrl: 'https://user@evil.example' }],
    ['an unsafe redirectUrl', { redirectUrl: 'javascript:alert(1)' }],
    [
      'an unsafe authEmulatorUrl',
      { firebaseConfig: { apiKey: 'x', projectId: 'demo-test', authEmulatorUrl: 'http://evil.example' } },
    ],
    ['a missing loginKey', { loginKey: undefined }],
    ['a missing loginMethods flag', { loginMethods: { mail: true, number: false } }],
    ['a firebaseConfig without apiKey', { firebaseConfig: { projectId: 'demo-test' } }],
  ])('stops as misconfigured for a service entry with %s', (_, overrides) => {
    const startup = decideStartup(
      query({ service: 'a-dok' }),
      configWith({ 'a-dok': serviceEntry(overrides) }),
      appPage,
    );
    expect(startup).toEqual({ ok: false, error: 'Service "a-dok" is misconfigured' });
  });

  test.each([null, 'a-dok', 42, []])('stops as misconfigured when the service entry is %j', (entry) => {
    expect(decideStartup(query({ service: 'a-dok' }), configWith({ 'a-dok': entry }), appPage)).toEqual({
      ok: false,
      error: 'Service "a-dok" is misconfigured',
    });
  });

  test('accepts plain http on this machine for development backends', () => {
    const entry = serviceEntry({
      mwsTargetUrl: 'http://localhost:8080',
      firebaseConfig: { apiKey: 'x', projectId: 'demo-test', authEmulatorUrl: 'http://127.0.0.1:9099' },
    });
    expect(decideStartup(query({ service: 'a-dok' }), configWith({ 'a-dok': entry }), appPage).ok).toBe(true);
  });

  test('a broken entry of another service does not stop this one', () => {
    const mixed = configWith({
      'a-dok': serviceEntry(),
      wdwd: serviceEntry({ mwsTargetUrl: 'javascript:x' }),
    });
    expect(decideStartup(query({ service: 'a-dok' }), mixed, appPage).ok).toBe(true);
  });

  test.each([undefined, '', '   ', '\t'])('stops a-ident with the qrid %j', (qrid) => {
    expect(decideStartup(query({ service: 'a-ident', qrid }), config, appPage)).toEqual({
      ok: false,
      error: 'Service a-ident needs a qrid parameter',
    });
  });

  test('starts a-ident with its qrid', () => {
    expect(decideStartup(query({ service: 'a-ident', qrid: 'QR123' }), config, appPage)).toMatchObject({
      ok: true,
      serviceKey: 'a-ident',
      qrId: 'QR123',
    });
  });

  test.each([
    ['its own page', 'a-ident'],
    ['the neutral development page, which has no policy', undefined],
  ])('starts a-ident, which can end in a payment, on %s', (_, pageBrand) => {
    expect(
      decideStartup(query({ service: 'a-ident', qrid: 'QR123' }), config, { ...appPage, brand: pageBrand })
        .ok,
    ).toBe(true);
  });

  test('refuses a-ident on the page of a brand whose policy names no PayPal host', () => {
    expect(
      decideStartup(query({ service: 'a-ident', qrid: 'QR123' }), config, { ...appPage, brand: 'a-dok' }),
    ).toEqual({
      ok: false,
      error:
        "Service a-ident can end in a payment, which the page of a-dok does not allow: open a-ident's own page",
    });
  });

  test('starts a service that cannot pay on any brand’s page', () => {
    expect(decideStartup(query({ service: 'a-dok' }), config, { ...appPage, brand: 'a-ident' }).ok).toBe(
      true,
    );
    expect(decideStartup(query({ service: 'a-dok' }), config, { ...appPage, brand: 'wdpall' }).ok).toBe(true);
  });

  test.each([
    ["127 characters, as many as PayPal's custom_id carries", 'q'.repeat(127)],
    ['the printable ASCII a link may carry', 'QR-1_a.b~c/../?x=1&y=%2F#!'],
  ])('starts a-ident with a qrid of %s', (_, qrid) => {
    expect(decideStartup(query({ service: 'a-ident', qrid }), config, appPage)).toMatchObject({
      ok: true,
      qrId: qrid,
    });
  });

  test.each([
    ['128 characters', 'q'.repeat(128), 128],
    ['10 000 characters', 'q'.repeat(10_000), 10_000],
    ['a space inside', 'QR 123', 6],
    ['a character outside ASCII', 'QR–123', 6],
    ['a control character', 'QR\u0000123', 6],
  ])('refuses a-ident with a qrid of %s, which the payment could not carry', (_, qrid, length) => {
    expect(decideStartup(query({ service: 'a-ident', qrid }), config, appPage)).toEqual({
      ok: false,
      error: `Invalid qrid parameter (${length} characters): a payment carries at most 127 printable ASCII characters without spaces`,
    });
  });

  test('refuses a service without resolver that has no redirectUrl: the MWS is no fallback', () => {
    const withoutRedirect = configWith({ 'a-dok': serviceEntry({ redirectUrl: undefined }) });
    expect(decideStartup(query({ service: 'a-dok' }), withoutRedirect, appPage)).toEqual({
      ok: false,
      error: 'Service a-dok has no redirectUrl to send the visitor to',
    });
  });

  test("refuses a service whose redirectUrl is not one of the page's redirect hosts", () => {
    const page = { brand: 'a-dok', redirectHosts: ['*.a-dok.de'] };
    expect(decideStartup(query({ service: 'a-dok' }), config, page)).toEqual({
      ok: false,
      error: "Service a-dok redirects to app.example, which is not one of this page's redirect hosts",
    });
    const listed = configWith({ 'a-dok': serviceEntry({ redirectUrl: 'https://login.a-dok.de/start' }) });
    expect(decideStartup(query({ service: 'a-dok' }), listed, page).ok).toBe(true);
  });

  test('refuses every redirectUrl on a page without redirect hosts: the list fails closed', () => {
    expect(decideStartup(query({ service: 'a-dok' }), config, { brand: 'a-dok', redirectHosts: [] })).toEqual(
      {
        ok: false,
        error: "Service a-dok redirects to app.example, which is not one of this page's redirect hosts",
      },
    );
  });

  test.each([
    ['a port no entry names', 'https://login.a-dok.de:8443/start', 'login.a-dok.de:8443'],
    ['an empty label', 'https://..a-dok.de/start', '..a-dok.de'],
  ])('refuses a service whose redirectUrl is on a listed domain but with %s', (_case, redirectUrl, host) => {
    const page = { brand: 'a-dok', redirectHosts: ['*.a-dok.de'] };
    const hostile = configWith({ 'a-dok': serviceEntry({ redirectUrl }) });
    expect(decideStartup(query({ service: 'a-dok' }), hostile, page)).toEqual({
      ok: false,
      error: `Service a-dok redirects to ${host}, which is not one of this page's redirect hosts`,
    });
  });

  test('starts a-ident without redirectUrl: the resolver names its target', () => {
    const aIdentOnly = configWith({ 'a-ident': serviceEntry({ redirectUrl: undefined }) });
    expect(decideStartup(query({ service: 'a-ident', qrid: 'QR123' }), aIdentOnly, appPage).ok).toBe(true);
  });

  test('ignores a qrid for services other than a-ident', () => {
    expect(decideStartup(query({ service: 'a-dok', qrid: 'QR123' }), config, appPage)).toMatchObject({
      ok: true,
      qrId: undefined,
    });
  });

  test.each(['mail', 'edp'])('starts with the valid and enabled method %s', (method) => {
    expect(decideStartup(query({ service: 'a-dok', method }), config, appPage)).toMatchObject({
      ok: true,
      method,
    });
  });

  test('starts with the phone method, method=number', () => {
    const startup = decideStartup(
      query({ service: 'a-ident', qrid: 'QR123', method: 'number' }),
      config,
      appPage,
    );
    expect(startup).toMatchObject({ ok: true, method: 'number' });
  });

  // The phone method is `number` (spec §2): no other name for it is taken. Spec §2 and §8: the
  // method is optional, and an invalid or unsupported one is only logged: the page starts on view
  // 0, as without one (issue 34).
  test.each(['sms', 'phone', '', 'MAIL', 'mail ', '__proto__'])(
    'starts on view 0 with the invalid method %j, and says why for the console',
    (method) => {
      const startup = decideStartup(query({ service: 'a-dok', method }), config, appPage);
      expect(startup).toMatchObject({ ok: true, serviceKey: 'a-dok', method: undefined });
      expect(startup.ok && startup.ignoredMethod).toBe(
        `Invalid method parameter ${JSON.stringify(method)}: starting with the choice of method`,
      );
    },
  );

  test('starts on view 0 with a method that is disabled for the service, and says why for the console', () => {
    const startup = decideStartup(query({ service: 'a-dok', method: 'number' }), config, appPage);
    expect(startup).toMatchObject({ ok: true, serviceKey: 'a-dok', method: undefined });
    expect(startup.ok && startup.ignoredMethod).toBe(
      'Method number is not enabled for service a-dok: starting with the choice of method',
    );
  });

  test.each([
    ['no method', undefined],
    ['a valid and enabled method', 'mail'],
  ])('has nothing to log with %s', (_case, method) => {
    const startup = decideStartup(query({ service: 'a-dok', method }), config, appPage);
    expect(startup.ok).toBe(true);
    expect(startup).not.toHaveProperty('ignoredMethod');
  });
});

describe('enabledMethods', () => {
  test.each<[{ mail: boolean; number: boolean; edp: boolean }, string[]]>([
    [methodFlags('mail', 'number', 'edp'), ['mail', 'number', 'edp']],
    [methodFlags('mail', 'edp'), ['mail', 'edp']],
    [methodFlags('number', 'edp'), ['number', 'edp']],
    [methodFlags('edp'), ['edp']],
    [methodFlags(), []],
  ])('lists the methods %j in the order of view 0', (loginMethods, expected) => {
    const startup = decideStartup(
      query({ service: 'a-dok' }),
      configWith({ 'a-dok': serviceEntry({ loginMethods }) }),
      appPage,
    );
    if (!startup.ok) throw new Error(startup.error);
    expect(enabledMethods(startup.service.loginMethods)).toEqual(expected);
  });
});
