import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveQr } from '../../../../src/features/resolver/api/resolve-qr.ts';
import { answer, redirectingServer, stubFetch, onlyRequest } from '../../fetch-stub.ts';

const pageUrl = new URL('https://host/login/?service=a-ident&qrid=Q1');
const fields = { qrid: 'Q1', token: 'id-token', service: 'a-ident' };
const target = { targetDomain: 'app.example.de', path: 'login' };

function resolverAnswer(exists: boolean, value: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ success: true, exists, message: 'ok', data: { value, ...target, ...extra } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveQr', () => {
  test.each([
    ['https://host/login/?service=a-ident&qrid=Q1', 'https://host/login/api/resolver'],
    ['https://host/login/#top', 'https://host/login/api/resolver'],
    ['https://host/login/index.html?qrid=Q1', 'https://host/login/api/resolver'],
    ['https://host/', 'https://host/api/resolver'],
    ['https://host//evil.example/?service=a-ident', 'https://host/evil.example/api/resolver'],
  ])('posts to api/resolver beside the page %j, on its own origin', async (page, expected) => {
    const fetchMock = stubFetch(async () => answer(resolverAnswer(true, 0)));

    await resolveQr(new URL(page), fields);

    expect(onlyRequest(fetchMock).url).toBe(expected);
  });

  test('sends qrid, token and service form-encoded as a CORS simple request', async () => {
    const fetchMock = stubFetch(async () => answer(resolverAnswer(true, 0)));

    await resolveQr(pageUrl, { qrid: 'Q 1&x', token: 'a+b', service: 'a-ident' });

    const { url, init } = onlyRequest(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect([...new URLSearchParams(String(init.body))]).toEqual([
      ['qrid', 'Q 1&x'],
      ['token', 'a+b'],
      ['service', 'a-ident'],
    ]);
    expect(init.headers).toBeUndefined();
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const sent = new Request(url, init);
    expect(sent.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.headers.get('content-type')).not.toMatch(/json/);
  });

  test('does not follow a redirect with the token, and takes no target that one brought', async () => {
    const fetchMock = stubFetch(redirectingServer(resolverAnswer(true, 0), 'https://evil.example/r'));

    expect(await resolveQr(pageUrl, fields)).toEqual({
      outcome: 'failed',
      reason: 'resolver call failed (network)',
    });
    expect(onlyRequest(fetchMock).init.redirect).toBe('error');
  });

  test('redirects when the QR id already exists, whatever the amount', async () => {
    stubFetch(async () => answer(resolverAnswer(true, '5')));

    expect(await resolveQr(pageUrl, fields)).toEqual({ outcome: 'redirect', ...target });
  });

  test.each([
    ['the string "5"', '5', 5],
    ['the number 5', 5, 5],
    ['the string "5.50"', '5.50', 5.5],
    ['the string "5,50"', '5,50', 5.5],
    ['the number 0.01', 0.01, 0.01],
  ])('asks for payment of a new QR id with value %s', async (_case, value, amount) => {
    stubFetch(async () => answer(resolverAnswer(false, value, { sponsor: 'sandbox' })));

    expect(await resolveQr(pageUrl, fields)).toEqual({
      outcome: 'pay',
      amount,
      sponsor: 'sandbox',
      ...target,
    });
  });

  test('asks for payment without a sponsor when the answer names none', async () => {
    stubFetch(async () => answer(resolverAnswer(false, 5)));

    expect(await resolveQr(pageUrl, fields)).toEqual({
      outcome: 'pay',
      amount: 5,
      sponsor: undefined,
      ...target,
    });
  });

  test.each([0, '0', '0.00', -1, '-5'])(
    'redirects a new QR id with value %j without payment',
    async (value) => {
      stubFetch(async () => answer(resolverAnswer(false, value)));

      expect(await resolveQr(pageUrl, fields)).toEqual({ outcome: 'redirect', ...target });
    },
  );

  test('fails when the resolver reports no success', async () => {
    stubFetch(async () => answer(JSON.stringify({ success: false, exists: false, message: 'unknown qrid' })));

    expect(await resolveQr(pageUrl, fields)).toEqual({ outcome: 'failed', reason: 'unknown qrid' });
  });

  test.each([
    ['success without data', JSON.stringify({ success: true, exists: false }), 200],
    ['an unusable amount', resolverAnswer(false, 'fünf'), 200],
    ['an amount with a currency sign', resolverAnswer(false, '5 €'), 200],
    ['a boolean amount', resolverAnswer(false, true), 200],
    [
      'success as a string',
      JSON.stringify({ success: 'true', exists: true, data: { value: 0, ...target } }),
      200,
    ],
    ['no exists flag', JSON.stringify({ success: true, data: { value: 0, ...target } }), 200],
    [
      'no targetDomain',
      JSON.stringify({ success: true, exists: true, data: { value: 0, path: 'login' } }),
      200,
    ],
    ['an HTML page', '<!doctype html><title>Fehler</title>', 200],
    ['invalid JSON', '{"success":true,', 200],
    ['an empty body', '', 200],
    ['JSON null', 'null', 200],
    ['an array', '[]', 200],
    ['HTTP 500 with a valid answer', resolverAnswer(true, 0), 500],
    ['HTTP 502', '', 502],
    ['HTTP 503', '', 503],
  ])('fails on %s', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await resolveQr(pageUrl, fields)).toMatchObject({ outcome: 'failed', reason: expect.any(String) });
  });

  test.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
  ])('fails on %s', async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await resolveQr(pageUrl, fields)).toEqual({
      outcome: 'failed',
      reason: 'resolver call failed (network)',
    });
  });
});
