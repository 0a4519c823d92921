import { afterEach, describe, expect, test, vi } from 'vitest';
import { number, object, string } from 'zod/mini';
import {
  CALL_TIMEOUT_MS,
  DEFAULT_MAX_BYTES,
  endpoint,
  getJson,
  postForm,
  toOutcome,
} from '../../../src/lib/api-client.ts';
import { answer, redirectingServer, stubFetch, onlyRequest } from '../fetch-stub.ts';

const answerSchema = object({ status: number(), message: string() });
const url = new URL('https://mws.example/base/users/auth/mail');

/** Resolves only when the call's signal fires, the way a real fetch gives up on a dead server. */
const fetchUntilAborted: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return reject(new Error('no signal passed'));
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A valid answer of exactly `bytes` UTF-8 bytes, padded with two-byte "ü" so chunks can split one. */
function answerOfBytes(bytes: number): string {
  const empty = '{"status":200,"message":""}';
  const padding = bytes - utf8(empty).length;
  const message = 'ü'.repeat(Math.floor(padding / 2)) + 'x'.repeat(padding % 2);
  return JSON.stringify({ status: 200, message });
}

/** A body that arrives as a stream in chunks of `size` bytes, with no Content-Length, as chunked transfer does. */
function streamed(body: string, size = 7): Response {
  const bytes = utf8(body);
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      for (let start = 0; start < bytes.length; start += size)
        controller.enqueue(bytes.slice(start, start + size));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/json' } });
}

/** A body that arrives as it is, with the Content-Length header given (the true one by default). */
function withLength(body: string, contentLength = utf8(body).length): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/json', 'content-length': String(contentLength) },
  });
}

describe('endpoint', () => {
  test.each([
    ['https://mws.example', 'https://mws.example/users/auth/mail'],
    ['https://mws.example/', 'https://mws.example/users/auth/mail'],
    ['https://mws.example/base', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/base/', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/base//', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/a/b/', 'https://mws.example/a/b/users/auth/mail'],
    ['https://mws.example/base?key=1', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/base/?key=1#top', 'https://mws.example/base/users/auth/mail'],
    ['https://mws.example/#top', 'https://mws.example/users/auth/mail'],
    ['https://mws.example:8443/base/', 'https://mws.example:8443/base/users/auth/mail'],
    ['http://localhost:8080/mws/', 'http://localhost:8080/mws/users/auth/mail'],
  ])('joins base %j and the path into %j', (base, expected) => {
    expect(endpoint(base, 'users/auth/mail').href).toBe(expected);
  });

  test('returns a URL object', () => {
    expect(endpoint('https://mws.example/', 'users/auth/mail')).toBeInstanceOf(URL);
  });
});

describe('toOutcome', () => {
  const codes = { network: 'AM01', rejected: 'AM02' } as const;

  test('passes a successful result through', () => {
    expect(toOutcome({ ok: true, data: 42 }, codes)).toEqual({ ok: true, data: 42 });
  });

  test.each([
    ['network', 'AM01'],
    ['rejected', 'AM02'],
  ] as const)('maps a %s failure to %s', (failure, code) => {
    expect(toOutcome({ ok: false, failure }, codes)).toEqual({ ok: false, code });
  });

  test('maps too many requests to the caller’s code for it, or to the rejected code when it has none', () => {
    const failure = 'tooManyRequests';
    expect(toOutcome({ ok: false, failure }, { ...codes, tooManyRequests: 'VL01' })).toEqual({
      ok: false,
      code: 'VL01',
    });
    expect(toOutcome({ ok: false, failure }, codes)).toEqual({ ok: false, code: 'AM02' });
  });

  test('turns the wait of a refusal into the time it ends, from now', () => {
    const now = 1_700_000_000_000;
    const result = { ok: false, failure: 'tooManyRequests', retryAfterMs: 900_000 } as const;
    expect(toOutcome(result, { ...codes, tooManyRequests: 'VL01' }, now)).toEqual({
      ok: false,
      code: 'VL01',
      retryAt: now + 900_000,
    });
  });

  test('gives no retryAt when the server named no wait', () => {
    const outcome = toOutcome({ ok: false, failure: 'tooManyRequests' }, codes, 1_700_000_000_000);
    expect(outcome).toEqual({ ok: false, code: 'AM02' });
    expect(outcome).not.toHaveProperty('retryAt');
  });
});

describe('postForm', () => {
  test('posts the fields form-encoded as a CORS simple request with a timeout signal', async () => {
    const fetchMock = stubFetch(async () => answer('{"status":200,"message":"mail sent"}'));

    await postForm(url, { email: 'a+b@example.de', key: 'K&1' }, { schema: answerSchema });

    const request = onlyRequest(fetchMock);
    expect(request.url).toBe(url.href);
    expect(request.init.method).toBe('POST');
    expect(request.init.body).toBeInstanceOf(URLSearchParams);
    expect(String(request.init.body)).toBe('email=a%2Bb%40example.de&key=K%261');
    expect(request.init.headers).toBeUndefined();
    expect(request.init.signal).toBeInstanceOf(AbortSignal);
    const sent = new Request(request.url, request.init);
    expect(sent.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect([...sent.headers.keys()]).toEqual(['content-type']);
  });

  test('returns the validated answer', async () => {
    stubFetch(async () => answer('{"status":200,"message":"mail sent","extra":true}'));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: true,
      data: { status: 200, message: 'mail sent' },
    });
  });

  test('reads a 4xx answer, which may say in JSON why the call was refused', async () => {
    stubFetch(async () => answer('{"status":400,"message":"bad"}', 400));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: true,
      data: { status: 400, message: 'bad' },
    });
  });

  test.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
    ['an abort', new DOMException('This operation was aborted', 'AbortError')],
  ])('reports %s as a network failure', async (_case, error) => {
    stubFetch(async () => {
      throw error;
    });

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({ ok: false, failure: 'network' });
  });

  test.each([
    ['HTTP 500', '{"status":200,"message":"mail sent"}', 500],
    ['HTTP 502', '{"status":200,"message":"mail sent"}', 502],
    ['HTTP 503', '', 503],
    ['an HTML page', '<!doctype html><title>Fehler</title>', 200],
    ['invalid JSON', '{"status":200,', 200],
    ['an empty body', '', 200],
    ['JSON null', 'null', 200],
    ['an array', '[{"status":200,"message":"mail sent"}]', 200],
    ['a number where a string belongs', '{"status":200,"message":1}', 200],
    ['a string where a number belongs', '{"status":"200","message":"mail sent"}', 200],
    ['a missing field', '{"status":200}', 200],
  ])('reports %s as rejected', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({ ok: false, failure: 'rejected' });
  });

  test('reports an answer without a body (HTTP 204) as rejected', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({ ok: false, failure: 'rejected' });
  });

  test.each([
    [
      'a JSON refusal of another shape',
      '{"status":"error","message":"too many wrong attempts"}',
      'application/json',
    ],
    ['a proxy’s HTML page', '<!doctype html><title>Too Many Requests</title>', 'text/html'],
    ['an empty body', '', 'text/plain'],
  ])('reports HTTP 429 with %s as too many requests, whatever the body', async (_case, body, type) => {
    stubFetch(async () => answer(body, 429, type));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
    });
  });

  // An MWS says in the body why it refuses (docs/backend-contract.md, refused sends).
  test('reports HTTP 429 as too many requests with its body as data, when the body has the call’s shape', async () => {
    stubFetch(async () => answer('{"status":429,"message":"locked","extra":1}', 429));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
      data: { status: 429, message: 'locked' },
    });
  });

  test('leaves out the body of HTTP 429 over the size cap', async () => {
    stubFetch(async () => answer(answerOfBytes(300), 429));

    expect(await postForm(url, {}, { schema: answerSchema, maxBytes: 200 })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
    });
  });

  test('uses CALL_TIMEOUT_MS when no timeout is given', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = stubFetch(async () => answer('{"status":200,"message":"mail sent"}'));

    await postForm(url, {}, { schema: answerSchema });

    expect(timeout).toHaveBeenCalledExactlyOnceWith(CALL_TIMEOUT_MS);
    const { signal } = onlyRequest(fetchMock).init;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal).toBe(timeout.mock.results[0]?.value);
    expect(signal?.aborted).toBe(false);
  });

  test('gives up after a custom timeout and reports it as a network failure', async () => {
    const fetchMock = stubFetch(fetchUntilAborted);

    const result = await postForm(url, {}, { schema: answerSchema, timeoutMs: 20 });

    expect(result).toEqual({ ok: false, failure: 'network' });
    const { signal } = onlyRequest(fetchMock).init;
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBeInstanceOf(DOMException);
    expect(signal?.reason).toHaveProperty('name', 'TimeoutError');
  });
});

/** HTTP 429 with the given Retry-After header and no body the schema takes. */
function tooManyRequests(retryAfter: string, status = 429): Response {
  return new Response('', { status, headers: { 'content-type': 'text/plain', 'retry-after': retryAfter } });
}

describe('Retry-After of HTTP 429', () => {
  test.each([
    ['900', 900_000],
    ['1', 1_000],
    ['0', 0],
    [' 120 ', 120_000],
    ['999999999', 999_999_999_000],
  ])('reads %j seconds as retryAfterMs %i', async (header, retryAfterMs) => {
    stubFetch(async () => tooManyRequests(header));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
      retryAfterMs,
    });
  });

  // The date form is judged by the visitor's clock, which may be minutes off: not read.
  test.each([
    ['the date form', 'Wed, 21 Oct 2026 07:28:00 GMT'],
    ['an ISO date', '2026-10-21T07:28:00Z'],
    ['a negative number', '-5'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['a number with a unit', '90s'],
    ['ten digits', '1234567890'],
    ['a word', 'soon'],
    ['an empty value', ''],
  ])('ignores %s (%j)', async (_case, header) => {
    stubFetch(async () => tooManyRequests(header));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
    });
  });

  test('returns the body of the call’s shape and the wait together', async () => {
    stubFetch(
      async () =>
        new Response('{"status":429,"message":"locked"}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '60' },
        }),
    );

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({
      ok: false,
      failure: 'tooManyRequests',
      retryAfterMs: 60_000,
      data: { status: 429, message: 'locked' },
    });
  });

  test.each([503, 500])('is not read on HTTP %i, which is no refusal with a wait', async (status) => {
    stubFetch(async () => tooManyRequests('120', status));

    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({ ok: false, failure: 'rejected' });
  });
});

describe('the size cap', () => {
  const maxBytes = 200;
  const post = () => postForm(url, {}, { schema: answerSchema, maxBytes });

  test.each([
    ['with a true Content-Length', (body: string) => withLength(body)],
    ['streamed without Content-Length, chunks splitting a "ü"', (body: string) => streamed(body)],
  ])('takes an answer of exactly the cap %s and refuses one byte more', async (_case, respond) => {
    const exact = answerOfBytes(maxBytes);
    stubFetch(async () => respond(exact));
    expect(await post()).toEqual({ ok: true, data: JSON.parse(exact) });

    stubFetch(async () => respond(answerOfBytes(maxBytes + 1)));
    expect(await post()).toEqual({ ok: false, failure: 'rejected' });
  });

  test.each([
    ['a Content-Length over the cap, on a small body', () => withLength(answerOfBytes(50), maxBytes + 1)],
    [
      'a Content-Length under the cap, on a body over it',
      () => withLength(answerOfBytes(maxBytes + 500), 50),
    ],
    ['a stream over the cap without Content-Length', () => streamed(answerOfBytes(maxBytes * 10), 64)],
    [
      'fewer characters than the cap but more bytes (every "ü" is two)',
      () => answer(answerOfBytes(maxBytes + 2)),
    ],
  ])('refuses %s as rejected', async (_case, respond) => {
    stubFetch(async () => respond());

    expect(await post()).toEqual({ ok: false, failure: 'rejected' });
  });

  test('stops reading an endless body at the cap and cancels it', async () => {
    let pulls = 0;
    const cancel = vi.fn();
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulls += 1;
        controller.enqueue(utf8(pulls === 1 ? '{"status":200,"message":"' : 'x'.repeat(64)));
      },
      cancel,
    });
    stubFetch(async () => new Response(endless, { headers: { 'content-type': 'application/json' } }));

    expect(await post()).toEqual({ ok: false, failure: 'rejected' });
    expect(cancel).toHaveBeenCalledOnce();
    expect(pulls).toBeLessThan(10);
  });

  test('caps an answer at DEFAULT_MAX_BYTES when the call gives no cap', async () => {
    stubFetch(async () => streamed(answerOfBytes(DEFAULT_MAX_BYTES), 4096));
    expect(await postForm(url, {}, { schema: answerSchema })).toMatchObject({ ok: true });

    stubFetch(async () => streamed(answerOfBytes(DEFAULT_MAX_BYTES + 1), 4096));
    expect(await postForm(url, {}, { schema: answerSchema })).toEqual({ ok: false, failure: 'rejected' });
  });

  test('takes a cap of the call’s own, larger than the default, and refuses one byte more', async () => {
    const own = { schema: answerSchema, maxBytes: DEFAULT_MAX_BYTES * 4 };
    stubFetch(async () => streamed(answerOfBytes(own.maxBytes), 4096));
    expect(await getJson(url, {}, own)).toMatchObject({ ok: true });

    stubFetch(async () => streamed(answerOfBytes(own.maxBytes + 1), 4096));
    expect(await getJson(url, {}, own)).toEqual({ ok: false, failure: 'rejected' });
  });
});

describe('getJson', () => {
  const configUrl = new URL('https://host/login/api/config');
  const configSchema = object({ name: string() });

  test('sends a GET with the caller’s init and a timeout signal', async () => {
    const fetchMock = stubFetch(async () => answer('{"name":"x"}'));

    await getJson(configUrl, { credentials: 'same-origin' }, { schema: configSchema });

    const request = onlyRequest(fetchMock);
    expect(request.url).toBe('https://host/login/api/config');
    expect(request.init.method).toBe('GET');
    expect(request.init.credentials).toBe('same-origin');
    expect(request.init.body).toBeUndefined();
    expect(request.init.headers).toBeUndefined();
    expect(request.init.signal).toBeInstanceOf(AbortSignal);
  });

  test('returns the validated answer', async () => {
    stubFetch(async () => answer('{"name":"x"}'));

    expect(await getJson(configUrl, {}, { schema: configSchema })).toEqual({ ok: true, data: { name: 'x' } });
  });

  test('reports a failed fetch as a network failure', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });

    expect(await getJson(configUrl, {}, { schema: configSchema })).toEqual({ ok: false, failure: 'network' });
  });

  test.each([
    ['HTTP 500', '{"name":"x"}', 500],
    ['an HTML page', '<!doctype html>', 200],
    ['a wrong shape', '{"name":1}', 200],
  ])('reports %s as rejected', async (_case, body, status) => {
    stubFetch(async () => answer(body, status));

    expect(await getJson(configUrl, {}, { schema: configSchema })).toEqual({
      ok: false,
      failure: 'rejected',
    });
  });

  test('gives up after a custom timeout', async () => {
    stubFetch(fetchUntilAborted);

    expect(await getJson(configUrl, {}, { schema: configSchema, timeoutMs: 20 })).toEqual({
      ok: false,
      failure: 'network',
    });
  });
});

describe('a redirect', () => {
  const schema = object({ status: number(), message: string() });
  const body = '{"status":200,"message":"mail sent"}';

  test.each([
    ['postForm', () => postForm(url, { email: 'a@example.de' }, { schema })],
    ['getJson', () => getJson(url, {}, { schema })],
    ['getJson, even when its caller asks to follow', () => getJson(url, { redirect: 'follow' }, { schema })],
  ])('is not followed: %s asks fetch to fail on one', async (_case, send) => {
    const fetchMock = stubFetch(async () => answer(body));

    await send();

    expect(onlyRequest(fetchMock).init.redirect).toBe('error');
  });

  test.each([
    ['postForm', () => postForm(url, { email: 'a@example.de' }, { schema })],
    ['getJson', () => getJson(url, {}, { schema })],
    ['getJson, even when its caller asks to follow', () => getJson(url, { redirect: 'follow' }, { schema })],
  ])('to another host leaves %s with no answer', async (_case, send) => {
    stubFetch(redirectingServer(body));

    expect(await send()).toEqual({ ok: false, failure: 'network' });
  });
});
