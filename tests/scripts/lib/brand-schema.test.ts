import { describe, expect, test } from 'vitest';
import { brandJsonSchema } from '../../../scripts/lib/brand-schema.ts';
import { validBrandJson } from '../brand-fixtures.ts';

const withRedirectHosts = (redirectHosts: unknown) =>
  brandJsonSchema.safeParse({ ...validBrandJson, redirectHosts });

/** The one message of a refused brand.json, as `path: message`. */
function refusal(redirectHosts: unknown): string | undefined {
  const result = withRedirectHosts(redirectHosts);
  return result.success
    ? undefined
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

describe('redirectHosts', () => {
  test('is required: a release builds no brand that leaves the choice to the runtime config', () => {
    const { redirectHosts: _left, ...withoutList } = validBrandJson;
    const result = brandJsonSchema.safeParse(withoutList);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['redirectHosts']);
  });

  test.each([
    ['a host', ['a-ident.example'], ['a-ident.example']],
    ['a *. entry', ['*.a-ident.example'], ['*.a-ident.example']],
    ['a host with a port', ['a-ident.example:8443'], ['a-ident.example:8443']],
    ['a *. entry with a port', ['*.a-ident.example:8443'], ['*.a-ident.example:8443']],
    ['the highest port', ['a-ident.example:65535'], ['a-ident.example:65535']],
    ['an IDN with a port, in ASCII', ['Ziel.Müller-Praxis.de:8443'], ['ziel.xn--mller-praxis-dlb.de:8443']],
  ])('takes %s', (_case, entries, expected) => {
    expect(withRedirectHosts(entries)).toMatchObject({ success: true, data: { redirectHosts: expected } });
  });

  test.each([
    ['an empty label', 'a..a-ident.example', 'is not a host name'],
    ['an empty label after "*."', '*..a-ident.example', 'is not a host name'],
    ['a leading dot', '.a-ident.example', 'is not a host name'],
    ['a trailing dot', 'a-ident.example.', 'is not a host name'],
    ['an empty label before a port', 'a-ident.example.:8443', 'is not a host name'],
    ['a port without a host', ':8443', 'is not a host name'],
    ['an empty port', 'a-ident.example:', 'is not a host name'],
    ['two ports', 'a-ident.example:8443:9443', 'is not a host name'],
    ['port 0', 'a-ident.example:0', 'names no port from 1 to 65535'],
    ['a port with a leading zero', 'a-ident.example:08443', 'names no port from 1 to 65535'],
    ['a port above 65535', 'a-ident.example:65536', 'names no port from 1 to 65535'],
    ['a port of six digits', 'a-ident.example:844300', 'names no port from 1 to 65535'],
    ['443, which the host alone already allows', 'a-ident.example:443', 'names 443, the default port'],
    ['a scheme', 'https://a-ident.example', 'is not a host name'],
    ['a path', 'a-ident.example/login', 'is not a host name'],
  ])('refuses %s', (_case, entry, message) => {
    expect(refusal([entry])).toContain(`redirectHosts.0: ${message}`);
  });

  test.each([
    'login.a-dok.example/login',
    'login.a-dok.example?x',
    'login.a-dok.example#x',
    'user@login.a-dok.example',
  ])('refuses the domain %j rather than cut it to a host name', (domain) => {
    expect(brandJsonSchema.safeParse({ ...validBrandJson, domains: [domain] }).success).toBe(false);
  });

  // Anyone can register a name below a public suffix, and the page would send the token there.
  // Both sections of the Public Suffix List count: web.app and github.io are in its private one.
  test.each([
    ['Firebase Hosting', '*.web.app', 'web.app'],
    ['GitHub Pages', '*.github.io', 'github.io'],
    ['a country’s second level', '*.co.uk', 'co.uk'],
    ['Blogger', '*.blogspot.com', 'blogspot.com'],
    ['a wildcard rule of the list (*.sch.uk)', '*.sch.uk', 'sch.uk'],
    ['a suffix in its ASCII form', '*.公司.cn', 'xn--55qx5d.cn'],
    ['a suffix with a port', '*.web.app:8443', 'web.app'],
  ])('refuses a *. entry over a public suffix: %s', (_case, entry, suffix) => {
    expect(refusal([entry])).toBe(
      `redirectHosts.0: allows every host below ${suffix}, a public suffix (Public Suffix List) where anyone can register a name; name the service's own host instead, like "your-service.${suffix}", or "*.your-service.${suffix}" for the hosts below it`,
    );
  });

  test.each(['co.uk', 'github.io', 'foo.sch.uk'])('refuses the public suffix %j as a host', (entry) => {
    expect(refusal([entry])).toBe(
      `redirectHosts.0: is a public suffix (Public Suffix List), where anyone can register a name, not a host of one service; name the service's own host instead, like "your-service.${entry}"`,
    );
  });

  test.each([
    ['a site of its own on a public suffix', ['a-ident.web.app', '*.a-ident.web.app']],
    ['a registered domain below a country’s second level', ['a-ident.co.uk', '*.a-ident.co.uk']],
    ['a domain of a reserved top-level domain', ['a-ident.example', '*.a-ident.example']],
  ])('takes %s', (_case, entries) => {
    expect(refusal(entries)).toBeUndefined();
  });

  test('refuses an empty list, which would allow nothing', () => {
    expect(refusal([])).toBe('redirectHosts: is empty');
  });
});
