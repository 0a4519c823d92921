import { afterEach, describe, expect, test, vi } from 'vitest';
import { verifyCode } from '../../../../src/features/verify/api/verify-code.ts';
import { answer, stubFetch, onlyRequest } from '../../fetch-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const verified = JSON.stringify({ status: 'ok', token: 't' });

describe.each([
  {
    channel: 'mail',
    path: 'users/verify/mail',
    field: 'email',
    value: 'max+test@example.de',
    failure: 'VM02',
  },
  {
    channel: 'sms',
    path: 'users/verify/sms',
    field: 'mobilenumber',
    value: '+491712345678',
    failure: 'VN05',
  },
] as const)('verifyCode over $channel', ({ channel, path, field, value, failure }) => {
  test.each([
    ['https://mws.example/base/', `https://mws.example/base/${path}`],
    ['https://mws.example/base', `https://mws.example/base/${path}`],
    ['https://mws.example', `https://mws.example/${path}`],
    ['https://mws.example/base/?x=1#y', `https://mws.example/base/${path}`],
  ])('posts to the endpoint below %j', async (mwsTargetUrl, expected) => {
    const fetchMock = stubFetch(async () => answer(verified));

    await verifyCode(channel, mwsTargetUrl, value, '123456');

    expect(onlyRequest(fetchMock).url).toBe(expected);
  });

  test(`sends ${field} and the code as token, form-encoded as a CORS simple request`, async () => {
    const fetchMock = stubFetch(async () => answer(verified));

    await verifyCode(channel, 'https://mws.example/base/', value, '012345');

    const { url, init } = onlyRequest(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect([...new URLSearchParams(String(init.body))]).toEqual([
      [field, value],
      ['token', '012345'],
    ]);
    expect(init.headers).toBeUndefined();
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const sent = new Request(url, init);
    expect(sent.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.headers.get('content-type')).not.toMatch(/json/);
  });

  test('returns the token of an accepted code', async () => {
    stubFetch(async () => answer(verified));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: true,
      data: 't',
    });
  });

  test.each([200, 400])('reports a wrong code answered with HTTP %i as VM01', async (status) => {
    stubFetch(async () => answer(JSON.stringify({ status: 'error', message: 'wrong code' }), status));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: false,
      code: 'VM01',
    });
  });

  // docs/backend-contract.md, refused codes: the MWS says why; the spec's VM01 stays for a wrong
  // code and for an MWS that gives no reason.
  test.each([
    ['wrong', 'VM01'],
    [undefined, 'VM01'],
    ['expired', 'VE01'],
    ['used', 'VE01'],
    ['unknown', 'VE01'],
    ['replaced', 'VR01'],
    ['locked', 'VM01'],
    ['EXPIRED', 'VM01'],
    ['', 'VM01'],
    ['__proto__', 'VM01'],
    ['constructor', 'VM01'],
    ['toString', 'VM01'],
    ['hasOwnProperty', 'VM01'],
  ])('reports a refused code with the reason %j as %s', async (reason, code) => {
    stubFetch(async () => answer(JSON.stringify({ status: 'error', reason, message: 'refused' }), 400));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({ ok: false, code });
  });

  test('reports a refused code whose reason is not a string as a malformed answer', async () => {
    stubFetch(async () => answer(JSON.stringify({ status: 'error', reason: 1 }), 400));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: false,
      code: failure,
    });
  });

  test('reports HTTP 429 with Retry-After as VL01 with the time the lock ends', async () => {
    stubFetch(
      async () =>
        new Response(JSON.stringify({ status: 'error', reason: 'locked', message: 'locked' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '900' },
        }),
    );

    const before = Date.now();
    const outcome = await verifyCode(channel, 'https://mws.example/', value, '123456');
    const after = Date.now();

    expect(outcome).toMatchObject({ ok: false, code: 'VL01' });
    const retryAt = !outcome.ok ? outcome.retryAt : undefined;
    expect(retryAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(retryAt).toBeLessThanOrEqual(after + 900_000);
  });

  test.each([
    [
      'the lockout answer',
      JSON.stringify({ status: 'error', message: 'too many wrong attempts' }),
      'application/json',
    ],
    ['an answer that says ok', verified, 'application/json'],
    ['a proxy’s HTML page', '<!doctype html><title>429 Too Many Requests</title>', 'text/html'],
    ['an empty body', '', 'text/plain'],
  ])('reports HTTP 429 with %s as the lockout VL01, not as a wrong code', async (_case, body, type) => {
    stubFetch(async () => answer(body, 429, type));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: false,
      code: 'VL01',
    });
  });

  test.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
  ])(`reports %s as ${failure}`, async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: false,
      code: failure,
    });
  });

  test.each([
    ['"ok" without a token', JSON.stringify({ status: 'ok' }), 200],
    ['"ok" with an empty token', JSON.stringify({ status: 'ok', token: '' }), 200],
    ['"ok" with a numeric token', JSON.stringify({ status: 'ok', token: 42 }), 200],
    ['a numeric status', JSON.stringify({ status: 200, token: 't' }), 200],
    ['no status', JSON.stringify({ token: 't' }), 200],
    ['an HTML page', '<!doctype html><title>Fehler</title>', 200],
    ['invalid JSON', '{"status":"ok",', 200],
    ['an empty body', '', 200],
    ['JSON null', 'null', 200],
    ['an array', JSON.stringify([{ status: 'ok', token: 't' }]), 200],
    ['HTTP 500 with a token', verified, 500],
    ['HTTP 500 with a wrong-code answer', JSON.stringify({ status: 'error', message: 'wrong code' }), 500],
    ['HTTP 502', '', 502],
    ['HTTP 503', '<!doctype html>', 503],
    [
      'an accepted code in a 100 KiB answer, over the size cap',
      JSON.stringify({ status: 'ok', token: 't'.repeat(100 * 1024) }),
      200,
    ],
  ])(`reports %s as ${failure}`, async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await verifyCode(channel, 'https://mws.example/', value, '123456')).toEqual({
      ok: false,
      code: failure,
    });
  });
});
