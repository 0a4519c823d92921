import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// A release build compiles __DEMO_BUILD__ as false; the schema reads it when its module loads.
type GetConfig = typeof import('../../../../src/features/config/api/get-config.ts');
let release: GetConfig;

beforeEach(async () => {
  vi.stubGlobal('__DEMO_BUILD__', false);
  vi.resetModules();
  release = await import('../../../../src/features/config/api/get-config.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const service = {
  name: 'A-Dok',
  accentColor: '#0a5c8f',
  loginKey: 'login-key',
  mwsTargetUrl: 'https://mws.example/base/',
  firebaseConfig: { apiKey: 'api-key', projectId: 'project' },
  loginMethods: { mail: true, number: true, edp: false },
};
const lookUp = (entry: Record<string, unknown>) =>
  release.findService({ services: { 'a-dok': entry } }, 'a-dok');

describe('a release page reads the config', () => {
  test('takes an https service as a demo page does', () => {
    expect(lookUp(service)).toMatchObject({ ok: true });
  });

  test.each([
    ['mwsTargetUrl', { mwsTargetUrl: 'http://127.0.0.1:8080/mws' }],
    ['redirectUrl', { redirectUrl: 'http://localhost:8080/landing/' }],
  ])('refuses a plain-http %s, even on this machine', (_field, change) => {
    expect(lookUp({ ...service, ...change })).toEqual({ ok: false, reason: 'invalid' });
  });

  test('never hands on an emulator or a stand-in SDK, whatever the config says', () => {
    const result = lookUp({
      ...service,
      firebaseConfig: { ...service.firebaseConfig, authEmulatorUrl: 'https://emulator.example' },
      paymentSdkUrl: 'https://stand-in.example/sdk/js',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(release.paymentSdkUrlOf(result.service)).toBeUndefined();
    expect(result.service).not.toHaveProperty('paymentSdkUrl');
  });
});
