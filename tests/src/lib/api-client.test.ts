import { afterEach, describe, expect, test, vi } from 'vitest';
import { number, object, string } from 'zod/mini';
import { CALL_TIMEOUT_MS, endpoint, getJson, postForm, toOutcome } from '../../../src/lib/api-client.ts';
import { answer, stubFetch, onlyRequest } from '../fetch-stub.ts';

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
