import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
});

/** The module anew: its one policy is created once per page. */
async function load() {
  return import('../../../src/lib/trusted-types.ts');
}

describe('the page’s Trusted Types policy admits the SDKs’ script URLs and nothing else', () => {
  test.each([
    ['https://www.google.com/recaptcha/api.js?onload=x&render=explicit&hl=de', true],
    ['https://www.google.com/recaptcha/enterprise.js?render=explicit', true],
    ['https://www.gstatic.com/recaptcha/releases/Xyz_12-a/recaptcha__de.js', true],
    ['https://www.paypal.com/sdk/js?client-id=abc&currency=EUR', true],
    ['https://www.sandbox.paypal.com/sdk/js?client-id=sb', true],
    // The demo's stand-in, on this machine only (vitest builds as a demo).
    ['http://a-dok.localhost:4173/dev/paypal/sdk/js?client-id=stand-in', true],
    ['http://127.0.0.1:4173/dev/paypal/sdk/js', true],
    // Everything else.
    ['https://evil.example/dev/paypal/sdk/js', false],
    ['http://evil.example/dev/paypal/sdk/js', false],
    ['https://www.google.com/recaptcha/api.js.evil.example/x', false],
    ['https://www.google.com.evil.example/recaptcha/api.js?x', false],
    ['https://www.paypal.com.evil.example/sdk/js?x', false],
    ['https://www.paypal.com/sdk/js', false],
    ['https://www.gstatic.com/recaptcha/releases/x/../../evil.js', false],
    ['data:text/javascript,alert(1)', false],
    ['javascript:alert(1)', false],
    ['/assets/index.js', false],
  ])('%s → %s', async (url, allowed) => {
    const { isSdkScriptUrl } = await load();
    expect(isSdkScriptUrl(url)).toBe(allowed);
  });

  test('allowSdkScripts creates the default policy once, which returns allowed URLs and null for others', async () => {
    const { allowSdkScripts } = await load();
    const createPolicy = vi.fn(
      (_name: string, rules: { createScriptURL(value: string): string | null }) => rules,
    );
    allowSdkScripts({ createPolicy });
    allowSdkScripts({ createPolicy });
    expect(createPolicy).toHaveBeenCalledTimes(1);
    const [name, rules] = createPolicy.mock.calls[0] ?? [];
    expect(name).toBe('default');
    expect(rules?.createScriptURL('https://www.paypal.com/sdk/js?client-id=x')).toBe(
      'https://www.paypal.com/sdk/js?client-id=x',
    );
    expect(rules?.createScriptURL('https://evil.example/x.js')).toBeNull();
  });

  test('does nothing without the API, and keeps a default policy that exists already', async () => {
    const { allowSdkScripts } = await load();
    expect(() => allowSdkScripts(undefined)).not.toThrow();
    const taken = {
      createPolicy: vi.fn(() => {
        throw new TypeError('Policy with name "default" already exists.');
      }),
    };
    expect(() => allowSdkScripts(taken)).not.toThrow();
  });
});
