import { describe, expect, test } from 'vitest';
import { isAllowedHost, parseRedirectHosts } from '../../../src/lib/redirect-hosts.ts';

const A_IDENT = ['a-ident.example', '*.a-ident.example'];

describe('parseRedirectHosts', () => {
  test.each([
    ['no meta tag', undefined, undefined],
    ['no content attribute', null, undefined],
    ['one host', 'a-ident.example', ['a-ident.example']],
    ['hosts apart by spaces and newlines', ' a-ident.example \n *.a-ident.example ', A_IDENT],
    ['an empty content, which allows nothing', '', []],
  ])('reads %s', (_, content, expected) => {
    expect(parseRedirectHosts(content)).toEqual(expected);
  });
});

describe('isAllowedHost', () => {
  test.each([
    ['the host named exactly', 'a-ident.example'],
    ['a host below a *. entry', 'pay.a-ident.example'],
    ['a host two levels below a *. entry', 'eu.pay.a-ident.example'],
    ['the host with the trailing dot of a fully qualified name', 'a-ident.example.'],
    ['the host in capitals', 'PAY.A-Ident.Example'],
  ])('allows %s', (_, hostname) => {
    expect(isAllowedHost(hostname, A_IDENT)).toBe(true);
  });

  test.each([
    ['another host', 'evil.example'],
    ['a host that only ends in the same letters', 'evil-a-ident.example'],
    ['the allowed name as a label of another domain', 'a-ident.example.evil.example'],
    ['the allowed name with another top-level domain', 'a-ident.example.de'],
    ['a bare dot', '.'],
    ['an empty hostname', ''],
    ['an IP address', '203.0.113.7'],
  ])('refuses %s', (_, hostname) => {
    expect(isAllowedHost(hostname, A_IDENT)).toBe(false);
  });

  test('a *. entry does not allow the domain itself', () => {
    expect(isAllowedHost('a-ident.example', ['*.a-ident.example'])).toBe(false);
  });

  test('a page without a list leaves the choice to the config and the resolver', () => {
    expect(isAllowedHost('anywhere.example', undefined)).toBe(true);
  });

  test('an empty list allows nothing', () => {
    expect(isAllowedHost('a-ident.example', [])).toBe(false);
  });

  test.each(['localhost', 'a-ident.localhost', '127.0.0.1'])(
    'a demo build also lets the visitor go to this machine (%s), where its landing page runs',
    (hostname) => {
      expect(isAllowedHost(hostname, A_IDENT)).toBe(true);
    },
  );
});
