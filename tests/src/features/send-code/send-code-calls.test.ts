import { afterEach, describe, expect, test, vi } from 'vitest';
import { sendCode } from '../../../../src/features/send-code/api/send-code.ts';
import { answer, stubFetch, onlyRequest } from '../../fetch-stub.ts';

/** A form POST with exactly these fields, no custom headers and a timeout: a CORS simple request. */
function expectSimpleFormPost(request: { url: string; init: RequestInit }, fields: [string, string][]) {
  const { init } = request;
  expect(init.method).toBe('POST');
  expect(init.body).toBeInstanceOf(URLSearchParams);
  expect([...new URLSearchParams(String(init.body))]).toEqual(fields);
  expect(init.headers).toBeUndefined();
  expect(init.signal).toBeInstanceOf(AbortSignal);
  const sent = new Request(request.url, init);
  expect(sent.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
  expect(sent.headers.get('content-type')).not.toMatch(/json/);
}

const networkFailures = [
  ['a network error', new TypeError('Failed to fetch')],
  ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
] as const;

const malformedAnswers: [string, string, number][] = [
  ['an HTML page', '<!doctype html><title>502 Bad Gateway</title>', 200],
  ['invalid JSON', '{"status":200,', 200],
  ['an empty body', '', 200],
  ['JSON null', 'null', 200],
  ['an array', '[]', 200],
  ['a string', '"mail sent"', 200],
];

/** The status alone decides: a proxy may say 429 with any body, or none. */
const tooManyRequests: [string, string][] = [
  ['the MWS’s JSON', JSON.stringify({ status: 429, message: 'too many codes sent to this value' })],
  ['the success body', JSON.stringify({ status: 200, message: 'mail sent' })],
  ['an HTML page', '<!doctype html><title>429 Too Many Requests</title>'],
  ['no body', ''],
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A refused send as the MWS answers it (docs/backend-contract.md, refused sends). */
function refusedSend(body: Record<string, unknown>, retryAfter = '900'): Response {
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });
}

/** Each reason of a refused send and the code the page shows for it; a limit without one too. */
const refusals: [string | undefined, 'VL01' | 'AL01'][] = [
  ['locked', 'VL01'],
  ['value-limit', 'AL01'],
  ['client-limit', 'AL01'],
  ['country-budget', 'AL01'],
  ['sms-budget', 'AL01'],
  [undefined, 'AL01'],
  ['LOCKED', 'AL01'],
  ['__proto__', 'AL01'],
];

/** The outcome of `send`, which must say `code` and end 900 s after the call. */
async function expectRefusedUntil(send: () => Promise<unknown>, code: string) {
  const before = Date.now();
  const outcome = await send();
  const after = Date.now();
  expect(outcome).toEqual({ ok: false, code, retryAt: expect.any(Number) as number });
  const { retryAt } = outcome as { retryAt: number };
  expect(retryAt).toBeGreaterThanOrEqual(before + 900_000);
  expect(retryAt).toBeLessThanOrEqual(after + 900_000);
}

describe("sendCode by the MWS's mail route", () => {
  const mailSent = JSON.stringify({ status: 200, message: 'mail sent' });

  test.each([
    ['https://mws.example/base/', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/base', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example', 'https://mws.example/users/auth/mail'],
    ['https://mws.example/base/?x=1#y', 'https://mws.example/base/users/auth/mail'],
  ])('posts to the mail endpoint below %j', async (mwsTargetUrl, expected) => {
    const fetchMock = stubFetch(async () => answer(mailSent));

    await sendCode('mail', mwsTargetUrl, 'max@example.de', 'login-key');

    expect(onlyRequest(fetchMock).url).toBe(expected);
  });

  test('sends email and key form-encoded as a CORS simple request', async () => {
    const fetchMock = stubFetch(async () => answer(mailSent));

    await sendCode('mail', 'https://mws.example/base/', 'max+test@example.de', 'key&1');

    const request = onlyRequest(fetchMock);
    expectSimpleFormPost(request, [
      ['email', 'max+test@example.de'],
      ['key', 'key&1'],
    ]);
    expect(String(request.init.body)).toBe('email=max%2Btest%40example.de&key=key%261');
  });

  test('reports a sent mail', async () => {
    stubFetch(async () => answer(mailSent));

    expect(await sendCode('mail', 'https://mws.example/', 'max@example.de', 'k')).toEqual({
      ok: true,
      data: true,
    });
  });

  test.each(networkFailures)('reports %s as AM01', async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await sendCode('mail', 'https://mws.example/', 'max@example.de', 'k')).toEqual({
      ok: false,
      code: 'AM01',
    });
  });

  test.each<[string, string, number]>([
    ['status 400 "bad"', JSON.stringify({ status: 400, message: 'bad' }), 200],
    ['status 400 "bad" with HTTP 400', JSON.stringify({ status: 400, message: 'bad' }), 400],
    ['"mail not sent"', JSON.stringify({ status: 200, message: 'mail not sent' }), 200],
    ['status 500 with "mail sent"', JSON.stringify({ status: 500, message: 'mail sent' }), 200],
    ['the SMS success answer', JSON.stringify({ code: 200, message: 'mail sent' }), 200],
    ['a status as a string', JSON.stringify({ status: '200', message: 'mail sent' }), 200],
    ['no message', JSON.stringify({ status: 200 }), 200],
    ['HTTP 500', mailSent, 500],
    ['HTTP 502', mailSent, 502],
    ['HTTP 503', '', 503],
    ...malformedAnswers,
  ])('reports %s as AM02', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await sendCode('mail', 'https://mws.example/', 'max@example.de', 'k')).toEqual({
      ok: false,
      code: 'AM02',
    });
  });
  test.each(tooManyRequests)('reports HTTP 429 with %s as AL01, the send limit', async (_case, body) => {
    stubFetch(async () => answer(body, 429));

    expect(await sendCode('mail', 'https://mws.example/', 'max@example.de', 'k')).toEqual({
      ok: false,
      code: 'AL01',
    });
  });

  test.each(refusals)(
    'reports HTTP 429 with the reason %j as %s, until Retry-After',
    async (reason, code) => {
      stubFetch(async () => refusedSend({ status: 429, reason, message: 'refused' }));

      await expectRefusedUntil(() => sendCode('mail', 'https://mws.example/', 'max@example.de', 'k'), code);
    },
  );

  test('reads the reason only from a body of the mail call’s shape', async () => {
    stubFetch(async () => refusedSend({ code: 429, reason: 'locked', message: 'refused' }));

    await expectRefusedUntil(() => sendCode('mail', 'https://mws.example/', 'max@example.de', 'k'), 'AL01');
  });
});

describe("sendCode by the MWS's SMS route", () => {
  const smsSent = JSON.stringify({ code: 200, message: 'SMS gesendet' });

  test.each([
    ['https://mws.example/base/', 'https://mws.example/base/users/auth/sms'],
    ['https://mws.example/base', 'https://mws.example/base/users/auth/sms'],
    ['https://mws.example', 'https://mws.example/users/auth/sms'],
    ['https://mws.example/base?x=1', 'https://mws.example/base/users/auth/sms'],
  ])('posts to the SMS endpoint below %j', async (mwsTargetUrl, expected) => {
    const fetchMock = stubFetch(async () => answer(smsSent));

    await sendCode('sms', mwsTargetUrl, '+491712345678', 'login-key');

    expect(onlyRequest(fetchMock).url).toBe(expected);
  });

  test('sends mobilenumber and key form-encoded as a CORS simple request', async () => {
    const fetchMock = stubFetch(async () => answer(smsSent));

    await sendCode('sms', 'https://mws.example/base/', '+491712345678', 'login-key');

    const request = onlyRequest(fetchMock);
    expectSimpleFormPost(request, [
      ['mobilenumber', '+491712345678'],
      ['key', 'login-key'],
    ]);
    // A raw "+" would arrive as a space.
    expect(String(request.init.body)).toBe('mobilenumber=%2B491712345678&key=login-key');
  });

  test('reports a sent SMS', async () => {
    stubFetch(async () => answer(smsSent));

    expect(await sendCode('sms', 'https://mws.example/', '+491712345678', 'k')).toEqual({
      ok: true,
      data: true,
    });
  });

  test.each(networkFailures)('reports %s as AN02', async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await sendCode('sms', 'https://mws.example/', '+491712345678', 'k')).toEqual({
      ok: false,
      code: 'AN02',
    });
  });

  test.each<[string, string, number]>([
    ['code 400 "bad"', JSON.stringify({ code: 400, message: 'bad' }), 200],
    ['code 400 "bad" with HTTP 400', JSON.stringify({ code: 400, message: 'bad' }), 400],
    ['"SMS nicht gesendet"', JSON.stringify({ code: 200, message: 'SMS nicht gesendet' }), 200],
    ['the mail success answer', JSON.stringify({ status: 200, message: 'SMS gesendet' }), 200],
    ['a code as a string', JSON.stringify({ code: '200', message: 'SMS gesendet' }), 200],
    ['no message', JSON.stringify({ code: 200 }), 200],
    ['HTTP 500', smsSent, 500],
    ['HTTP 502', smsSent, 502],
    ['HTTP 503', '', 503],
    ...malformedAnswers,
  ])('reports %s as AN03', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await sendCode('sms', 'https://mws.example/', '+491712345678', 'k')).toEqual({
      ok: false,
      code: 'AN03',
    });
  });
  test.each(tooManyRequests)('reports HTTP 429 with %s as AL01, the send limit', async (_case, body) => {
    stubFetch(async () => answer(body, 429));

    expect(await sendCode('sms', 'https://mws.example/', '+491712345678', 'k')).toEqual({
      ok: false,
      code: 'AL01',
    });
  });

  test.each(refusals)(
    'reports HTTP 429 with the reason %j as %s, until Retry-After',
    async (reason, code) => {
      stubFetch(async () => refusedSend({ code: 429, reason, message: 'refused' }));

      await expectRefusedUntil(() => sendCode('sms', 'https://mws.example/', '+491712345678', 'k'), code);
    },
  );

  test('reads the reason only from a body of the SMS call’s shape', async () => {
    stubFetch(async () => refusedSend({ status: 429, reason: 'locked', message: 'refused' }));

    await expectRefusedUntil(() => sendCode('sms', 'https://mws.example/', '+491712345678', 'k'), 'AL01');
  });
});
