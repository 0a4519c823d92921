import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  TRUSTED_TYPES_POLICY,
  buildContentSecurityPolicy,
  DIRECTIVES_EVERY_ENGINE_KNOWS,
} from '../../../scripts/lib/csp.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';

const services = readdirSync(defaultBrandsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const payingServices = ['a-ident'];
const otherServices = services.filter((service) => !payingServices.includes(service));

/**
 * Whether a host source expression allows a URL, by CSP Level 3's "does url match expression in
 * origin": scheme and host exactly (these sources have no wildcard), then the path: a source path
 * ending in `/` is a folder and matches what lies below it, any other matches that file alone. The
 * query never counts. The production project checks the same in Chromium (policy.spec.ts).
 */
function allows(source: string, url: string): boolean {
  if (!source.startsWith('https://')) return false;
  const expression = new URL(source);
  const target = new URL(url);
  if (target.protocol !== 'https:' || target.host !== expression.host) return false;
  const path = expression.pathname;
  return path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path;
}

/** The policy as directive → sources, failing on a directive written twice (browsers keep the first). */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    expect(directives.has(name), `${name} appears twice`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

const policyOf = (service: string) => parse(buildContentSecurityPolicy(service));
const RECAPTCHA_SCRIPTS = [
  'https://www.google.com/recaptcha/api.js',
  'https://www.google.com/recaptcha/enterprise.js',
  'https://www.gstatic.com/recaptcha/releases/',
];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

test('the brand folders hold paying and non-paying brands, so both tables below run', () => {
  expect(services).toEqual(expect.arrayContaining(payingServices));
  expect(otherServices.length).toBeGreaterThan(0);
});

describe.each(services)('the policy of %s', (service) => {
  const policy = policyOf(service);

  test('falls back to its own origin only, names every fetch it never makes, pins the base URI and lets no form submit', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    for (const directive of ['font-src', 'media-src', 'object-src', 'worker-src'])
      expect(policy.get(directive), directive).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  test('uses only directives every engine knows: none that WebKit would log as unrecognised on each load', () => {
    for (const build of ['release', 'demo'] as const) {
      const names = [...parse(buildContentSecurityPolicy(service, build)).keys()];
      expect(
        names.filter((name) => !DIRECTIVES_EVERY_ENGINE_KNOWS.has(name)),
        build,
      ).toEqual([]);
    }
    expect(DIRECTIVES_EVERY_ENGINE_KNOWS.has('manifest-src')).toBe(false);
  });

  test('runs scripts from the page and reCAPTCHA only, never inline or by eval', () => {
    const scripts = policy.get('script-src') ?? [];
    expect(scripts.slice(0, 4)).toEqual(["'self'", ...RECAPTCHA_SCRIPTS]);
    for (const unsafe of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      "'strict-dynamic'",
      '*',
      'https:',
    ])
      expect(scripts).not.toContain(unsafe);
    expect(scripts.filter((source) => /nonce-|sha\d+-/.test(source))).toEqual([]);
  });

  test('a release calls its own origin and https: only; a demo build adds the local servers and enforces Trusted Types', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:']);
    expect(buildContentSecurityPolicy(service)).not.toMatch(/http:|localhost|127\.0\.0\.1/);
    expect(buildContentSecurityPolicy(service)).not.toMatch(/trusted-types/);
    const demo = parse(buildContentSecurityPolicy(service, 'demo'));
    expect(demo.get('connect-src')).toEqual(["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
    expect(demo.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(demo.get('trusted-types')).toEqual(['default']);
    for (const name of ['connect-src', 'require-trusted-types-for', 'trusted-types']) demo.delete(name);
    expect(demo).toEqual(new Map([...policy].filter(([name]) => name !== 'connect-src')));
    expect(TRUSTED_TYPES_POLICY).toBe("require-trusted-types-for 'script'; trusted-types default");
  });

  test.each([
    // What Firebase Auth 12.19.0 loads for the invisible reCAPTCHA (@firebase/auth's loaders).
    ['the v2 loader', 'https://www.google.com/recaptcha/api.js?onload=cb&render=explicit&hl=de', true],
    ['the Enterprise loader', 'https://www.google.com/recaptcha/enterprise.js?render=KEY&onload=cb', true],
    ['a release file', 'https://www.gstatic.com/recaptcha/releases/hbAq-YhJxOnlU/recaptcha__de.js', true],
    // The known gadget: an AngularJS page script that runs templates from the page's markup.
    ['the about page’s script', 'https://www.google.com/recaptcha/about/js/main.min.js', false],
    ['another file in the loader’s folder', 'https://www.google.com/recaptcha/api2/anchor', false],
    ['a file named like the loader one folder down', 'https://www.google.com/recaptcha/x/api.js', false],
    ['the loader’s name as a folder', 'https://www.google.com/recaptcha/api.js/x.js', false],
    ['gstatic’s other reCAPTCHA files', 'https://www.gstatic.com/recaptcha/api2/logo_48.png', false],
    ['the loader over plain http', 'http://www.google.com/recaptcha/api.js', false],
    ['the loader from recaptcha.net', 'https://www.recaptcha.net/recaptcha/api.js', false],
  ])('runs %s: %s → %s', (_what, url, allowed) => {
    const sources = policy.get('script-src') ?? [];
    expect(sources.some((source) => allows(source, url))).toBe(allowed);
  });

  test('frames reCAPTCHA for the phone method', () => {
    expect(policy.get('frame-src')?.slice(0, 2)).toEqual(RECAPTCHA_FRAMES);
  });

  test('names nothing phone sign-in does without: Google’s API loader and the auth iframe', () => {
    expect(buildContentSecurityPolicy(service)).not.toMatch(
      /apis\.google\.com|firebaseapp\.com|gstatic\.com(?!\/recaptcha\/releases\/)/,
    );
  });
});

describe.each(otherServices)('%s, which cannot pay', (service) => {
  const policy = policyOf(service);

  test('names no PayPal host at all', () => {
    expect(buildContentSecurityPolicy(service)).not.toMatch(/paypal/i);
  });

  test('allows styles from the page only: no inline style, no hash, no nonce', () => {
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'"]);
  });
});

describe.each(payingServices)('%s, which can pay', (service) => {
  const policy = policyOf(service);

  test('runs PayPal’s SDK from PayPal’s published hosts', () => {
    expect(policy.get('script-src')).toEqual(["'self'", ...RECAPTCHA_SCRIPTS, ...PAYPAL]);
    expect(policy.get('frame-src')).toEqual([...RECAPTCHA_FRAMES, ...PAYPAL]);
    expect(policy.get('img-src')).toEqual(["'self'", ...PAYPAL, 'data:']);
  });

  test('lets PayPal’s per-render <style> in: unsafe-inline with no hash or nonce beside it, which would switch it off', () => {
    const styles = policy.get('style-src') ?? [];
    expect(styles).toEqual(["'self'", "'unsafe-inline'", ...PAYPAL]);
  });

  test('does not name Venmo, which pays in US dollars only', () => {
    expect(buildContentSecurityPolicy(service)).not.toContain('venmo');
  });
});
