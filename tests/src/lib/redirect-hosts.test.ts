import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { isAllowedHost, parseRedirectHosts } from '../../../src/lib/redirect-hosts.ts';

const A_IDENT = ['a-ident.example', '*.a-ident.example'];

describe('parseRedirectHosts', () => {
  test.each([
    ['no meta tag, which allows nothing', undefined, []],
    ['one host', 'a-ident.example', ['a-ident.example']],
    ['hosts apart by spaces and newlines', ' a-ident.example \n *.a-ident.example ', A_IDENT],
    ['an empty content, which allows nothing', '', []],
  ])('reads %s', (_, content, expected) => {
    expect(parseRedirectHosts(content)).toEqual(expected);
  });

  test('on a page served on another port, an entry without a port allows that port too', () => {
    expect(parseRedirectHosts('a-ident.example *.a-ident.example pay.example:9443', '8443')).toEqual([
      'a-ident.example',
      'a-ident.example:8443',
      '*.a-ident.example',
      '*.a-ident.example:8443',
      'pay.example:9443',
    ]);
  });
});

describe('isAllowedHost', () => {
  const allows = (url: string, allowed: readonly string[] = A_IDENT) => isAllowedHost(new URL(url), allowed);

  test.each([
    ['the host named exactly', 'https://a-ident.example/'],
    ['a host below a *. entry', 'https://pay.a-ident.example/'],
    ['a host two levels below a *. entry', 'https://eu.pay.a-ident.example/'],
    ['the host with the trailing dot of a fully qualified name', 'https://a-ident.example./'],
    ['the host in capitals', 'https://PAY.A-Ident.Example/'],
    ['the default port written out', 'https://a-ident.example:443/'],
  ])('allows %s', (_, url) => {
    expect(allows(url)).toBe(true);
  });

  test.each([
    ['another host', 'https://evil.example/'],
    ['a host that only ends in the same letters', 'https://evil-a-ident.example/'],
    ['the allowed name as a label of another domain', 'https://a-ident.example.evil.example/'],
    ['the allowed name with another top-level domain', 'https://a-ident.example.de/'],
    ['a bare dot', 'https://./'],
    ['an IP address', 'https://203.0.113.7/'],
    ['the host on a port no entry names', 'https://a-ident.example:8443/'],
    ['a host below a *. entry on a port no entry names', 'https://pay.a-ident.example:8443/'],
    ['an empty label before the domain, which "*." would match', 'https://..a-ident.example/'],
    ['an empty label deeper down', 'https://pay..a-ident.example/'],
    ['a leading dot', 'https://.a-ident.example/'],
    ['two trailing dots', 'https://a-ident.example../'],
  ])('refuses %s', (_, url) => {
    expect(allows(url)).toBe(false);
  });

  test('a *. entry does not allow the domain itself', () => {
    expect(allows('https://a-ident.example/', ['*.a-ident.example'])).toBe(false);
  });

  test.each([
    ['an exact entry', 'a-ident.example:8443', 'https://a-ident.example:8443/'],
    ['a *. entry', '*.a-ident.example:8443', 'https://pay.a-ident.example:8443/'],
  ])('a port other than the default is allowed when %s names it', (_, entry, url) => {
    expect(allows(url, [entry])).toBe(true);
  });

  test.each([
    ['another port', 'https://a-ident.example:9443/'],
    ['the default port', 'https://a-ident.example/'],
  ])('an entry with a port allows no host on %s', (_, url) => {
    expect(allows(url, ['a-ident.example:8443'])).toBe(false);
  });

  test('an entry with an empty label allows nothing, not even its own name', () => {
    expect(allows('https://..a-ident.example/', ['..a-ident.example', '*..a-ident.example'])).toBe(false);
  });

  test.each(['https://a-ident.example/', 'https://anywhere.example:8443/'])(
    'a page without a list, or with an empty one, allows no host (%s): the list fails closed',
    (url) => {
      expect(allows(url, parseRedirectHosts(undefined, '8443'))).toBe(false);
      expect(allows(url, [])).toBe(false);
    },
  );

  const thisMachine = ['http://localhost:8080/', 'http://a-ident.localhost:5173/', 'http://127.0.0.1:8080/'];

  test.each(thisMachine)(
    'a demo build, and the development page without a list, also let the visitor go to this machine (%s), where its landing page runs',
    (url) => {
      expect(allows(url)).toBe(true);
      expect(allows(url, [])).toBe(true);
    },
  );

  describe('in a release build', () => {
    beforeEach(() => {
      vi.stubGlobal('__DEMO_BUILD__', false);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    test.each(thisMachine)('this machine (%s) is a host like any other', (url) => {
      expect(allows(url)).toBe(false);
      expect(allows(url, [])).toBe(false);
    });
  });
});
