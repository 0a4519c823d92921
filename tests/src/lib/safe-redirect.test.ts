import { describe, expect, onTestFinished, test } from 'vitest';
import { buildResolverRedirect, buildServiceRedirect } from '../../../src/lib/safe-redirect.ts';
import { parseSafeUrl } from '../../../src/lib/safe-url.ts';

const good = { targetDomain: 'app.example.de', path: 'login', qrId: 'QR123', token: 'tok' };

function resolverHref(overrides: Partial<Parameters<typeof buildResolverRedirect>[0]>): string | undefined {
  return buildResolverRedirect({ ...good, ...overrides })?.href;
}

describe('buildResolverRedirect', () => {
  test.each([
    ['app.example.de', 'login', 'https://app.example.de/login/QR123?idtoken=tok'],
    ['https://app.example.de', 'login', 'https://app.example.de/login/QR123?idtoken=tok'],
    ['HTTPS://App.Example.DE', 'login', 'https://app.example.de/login/QR123?idtoken=tok'],
    ['app.example.de/', 'login', 'https://app.example.de/login/QR123?idtoken=tok'],
    ['app.example.de/base', 'login', 'https://app.example.de/base/login/QR123?idtoken=tok'],
    ['app.example.de/base/', '/login/', 'https://app.example.de/base/login/QR123?idtoken=tok'],
    ['https://app.example.de/a/b/', 'c/d', 'https://app.example.de/a/b/c/d/QR123?idtoken=tok'],
    ['app.example.de', 'a//b///c', 'https://app.example.de/a/b/c/QR123?idtoken=tok'],
    ['app.example.de', '', 'https://app.example.de/QR123?idtoken=tok'],
    ['app.example.de', '/', 'https://app.example.de/QR123?idtoken=tok'],
    ['app.example.de:8443', 'login', 'https://app.example.de:8443/login/QR123?idtoken=tok'],
    ['https://app.example.de:443/x', 'login', 'https://app.example.de/x/login/QR123?idtoken=tok'],
    ['localhost:5173', 'login', 'https://localhost:5173/login/QR123?idtoken=tok'],
    ['http://localhost:5173', 'login', 'http://localhost:5173/login/QR123?idtoken=tok'],
    ['http://127.0.0.1:8080/base', 'login', 'http://127.0.0.1:8080/base/login/QR123?idtoken=tok'],
    ['bücher.example', 'login', 'https://xn--bcher-kva.example/login/QR123?idtoken=tok'],
    ['https://ｅｘａｍｐｌｅ.de', 'login', 'https://example.de/login/QR123?idtoken=tok'],
    ['app.example.de/b%C3%BCcher', 'login', 'https://app.example.de/b%C3%BCcher/login/QR123?idtoken=tok'],
    ['app.example.de/base/../other', 'login', 'https://app.example.de/other/login/QR123?idtoken=tok'],
  ])('builds the redirect for target %j and path %j', (targetDomain, path, expected) => {
    expect(resolverHref({ targetDomain, path })).toBe(expected);
  });

  test('appends the payment id after the token', () => {
    expect(resolverHref({ paymentId: 'PAY-42' })).toBe(
      'https://app.example.de/login/QR123?idtoken=tok&ppid=PAY-42',
    );
  });

  test('encodes token and payment id as query values', () => {
    expect(resolverHref({ token: 'a b&c=d#e+f', paymentId: 'x&idtoken=evil' })).toBe(
      'https://app.example.de/login/QR123?idtoken=a+b%26c%3Dd%23e%2Bf&ppid=x%26idtoken%3Devil',
    );
  });

  test('keeps a realistic JWT token intact', () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl-_';
    const url = buildResolverRedirect({ ...good, token });
    expect(url?.searchParams.get('idtoken')).toBe(token);
    expect(url?.searchParams.getAll('idtoken')).toHaveLength(1);
  });

  test('returns a URL object', () => {
    expect(buildResolverRedirect(good)).toBeInstanceOf(URL);
  });

  test.each([
    ['a/b?c#d', 'a%2Fb%3Fc%23d'],
    ['../admin', '..%2Fadmin'],
    ['...', '...'],
    ['.hidden', '.hidden'],
    ['%2e%2e', '%252e%252e'],
    ['%2F', '%252F'],
    ['a b', 'a%20b'],
    ['a\\b', 'a%5Cb'],
    ['ä€😀', '%C3%A4%E2%82%AC%F0%9F%98%80'],
    ['a\n\tb', 'a%0A%09b'],
    ["!'()*~-_.", "!'()*~-_."],
    ['@evil.example', '%40evil.example'],
  ])('encodes the qrId %j as one path segment', (qrId, segment) => {
    expect(resolverHref({ qrId })).toBe(`https://app.example.de/login/${segment}?idtoken=tok`);
  });

  test.each([
    ['a?b', 'a%3Fb'],
    ['a#b', 'a%23b'],
    ['a b/c%d', 'a%20b/c%25d'],
    ['%2e%2e/x', '%252e%252e/x'],
    ['ä', '%C3%A4'],
  ])('encodes each segment of the path %j on its own', (path, encoded) => {
    expect(resolverHref({ path })).toBe(`https://app.example.de/${encoded}/QR123?idtoken=tok`);
  });

  test('accepts a qrId of 10 000 characters and encodes it whole', () => {
    const qrId = 'a/'.repeat(5_000);
    const url = buildResolverRedirect({ ...good, qrId });
    expect(url?.pathname).toBe(`/login/${'a%2F'.repeat(5_000)}`);
  });

  test('accepts a very long target path', () => {
    const targetDomain = `app.example.de/${'x/'.repeat(5_000)}`;
    expect(buildResolverRedirect({ ...good, targetDomain })?.pathname).toBe(
      `/${'x/'.repeat(5_000)}login/QR123`,
    );
  });

  test.each([
    '',
    ' ',
    '\t',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript://%0aalert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://app.example.de',
    'mailto:a@example.de',
    'blob:https://app.example.de/uuid',
    'https:app.example.de',
    'https:/app.example.de',
    'localhost:',
    '//evil.example',
    '///evil.example',
    '/evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    'http://evil.example',
    'http://app.example.de',
    'http://localhost.evil.example',
    'http://127.0.0.2',
    'http://[::1]',
    'https://user@evil.example',
    'https://user:pw@evil.example',
    'https://:pw@evil.example',
    'user@evil.example',
    'user:pw@evil.example',
    'https://evil.example\\@good.example',
    'https://good.example\\.evil.example',
    'evil.example\\@good.example',
    'app.example.de?x=1',
    'app.example.de/?x=1',
    'app.example.de?',
    'app.example.de#frag',
    'app.example.de/#',
    'https://app.example.de/base?next=//evil.example',
    'app example.de',
    'app.example.de ',
    ' app.example.de',
    'app.example.de\n',
    'app.exa\nmple.de',
    'app.exa\tmple.de',
    'app.example.de\r\n/x',
    'app.example.de\u00a0',
    'app.\u200bexample.de',
    'app.\u202eed.elpmaxe',
    'app.example.de\u0000',
    'https://',
    'https://:443',
    'https://[not-an-ip]',
    'https://exa mple.de',
    'https://ex%00ample.de',
    `${'a'.repeat(100_000)}:1:2`,
  ])('refuses the target domain %j', (targetDomain) => {
    expect(buildResolverRedirect({ ...good, targetDomain })).toBeUndefined();
  });

  test.each(['.', '..', 'a/../b', './a', 'a/.', '../../etc'])(
    'refuses the path %j with a dot segment',
    (path) => {
      expect(buildResolverRedirect({ ...good, path })).toBeUndefined();
    },
  );

  test.each(['.', '..', '', ' ', '\t\n'])('refuses the qrId %j', (qrId) => {
    expect(buildResolverRedirect({ ...good, qrId })).toBeUndefined();
  });

  test.each(['', ' ', '\n'])('refuses the token %j', (token) => {
    expect(buildResolverRedirect({ ...good, token })).toBeUndefined();
  });

  test('refuses an empty payment id instead of dropping it', () => {
    expect(buildResolverRedirect({ ...good, paymentId: '' })).toBeUndefined();
  });

  test.each([
    ['qrId', { qrId: 'a\ud800b' }],
    ['path', { path: 'x/\udc00' }],
    ['token', { token: 'tok\ud800' }],
    ['paymentId', { paymentId: '\udfff' }],
  ])('refuses a lone surrogate in the %s', (_field, overrides) => {
    expect(buildResolverRedirect({ ...good, ...overrides })).toBeUndefined();
  });
});

describe('buildServiceRedirect', () => {
  test.each([
    ['https://service.example.de', 'https://service.example.de/?idtoken=tok'],
    ['https://service.example.de/', 'https://service.example.de/?idtoken=tok'],
    ['https://service.example.de/app', 'https://service.example.de/app?idtoken=tok'],
    ['https://service.example.de/app/?a=1', 'https://service.example.de/app/?a=1&idtoken=tok'],
    ['https://service.example.de/?a=1&b=2', 'https://service.example.de/?a=1&b=2&idtoken=tok'],
    ['https://service.example.de/?idtoken=old', 'https://service.example.de/?idtoken=tok'],
    [
      'https://service.example.de/?a=1&idtoken=old&idtoken=older',
      'https://service.example.de/?a=1&idtoken=tok',
    ],
    ['https://service.example.de/#/start', 'https://service.example.de/?idtoken=tok#/start'],
    ['https://service.example.de/?a=1#frag?x=y', 'https://service.example.de/?a=1&idtoken=tok#frag?x=y'],
    ['https://service.example.de:8443/x', 'https://service.example.de:8443/x?idtoken=tok'],
    ['http://localhost:3000/cb', 'http://localhost:3000/cb?idtoken=tok'],
    ['http://127.0.0.1/cb', 'http://127.0.0.1/cb?idtoken=tok'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/?idtoken=tok'],
  ])('sets the token on %j', (base, expected) => {
    expect(buildServiceRedirect(base, 'tok')?.href).toBe(expected);
  });

  test('keeps existing query values while encoding the token', () => {
    const url = buildServiceRedirect('https://service.example.de/?next=%2Fhome&q=a+b', 'x&y=z');
    expect(url?.searchParams.get('next')).toBe('/home');
    expect(url?.searchParams.get('q')).toBe('a b');
    expect(url?.searchParams.get('idtoken')).toBe('x&y=z');
    expect(url?.searchParams.get('y')).toBeNull();
  });

  test.each([
    '',
    ' ',
    'service.example.de',
    '/relative/path',
    '//evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript://%0aalert(1)',
    'java\nscript://x',
    'data:text/html,x',
    'file:///etc/passwd',
    'ftp://service.example.de',
    'https:service.example.de',
    'http://evil.example',
    'http://localhost.evil.example',
    'https://user@evil.example',
    'https://user:pw@evil.example',
    'https://evil.example\\@good.example',
    ' https://service.example.de',
    'https://service.example.de ',
    'https://service.example.de/a b',
    'https://service.\u200bexample.de',
    'https://service.exam\tple.de',
    'https://',
    'https://exa mple.de',
  ])('refuses the base %j', (base) => {
    expect(buildServiceRedirect(base, 'tok')).toBeUndefined();
  });

  test.each(['', ' ', '\t', 'tok\ud800'])('refuses the token %j', (token) => {
    expect(buildServiceRedirect('https://service.example.de', token)).toBeUndefined();
  });
});

describe('in a browser without URL.canParse (Chrome before 120, Safari before 17)', () => {
  // Issue 14: there every service looked unknown and the page stayed blank.
  test('still builds both redirects and still refuses what cannot be parsed', () => {
    const canParse = Object.getOwnPropertyDescriptor(URL, 'canParse');
    Reflect.deleteProperty(URL, 'canParse');
    onTestFinished(() => {
      if (canParse) Object.defineProperty(URL, 'canParse', canParse);
    });
    expect('canParse' in URL).toBe(false);

    expect(parseSafeUrl('https://service.example.de/app')?.href).toBe('https://service.example.de/app');
    expect(buildServiceRedirect('https://service.example.de/app', 'tok')?.href).toBe(
      'https://service.example.de/app?idtoken=tok',
    );
    expect(resolverHref({})).toBe('https://app.example.de/login/QR123?idtoken=tok');
    expect(parseSafeUrl('https://')).toBeUndefined();
    expect(parseSafeUrl('https://[not-an-ip]')).toBeUndefined();
  });
});
