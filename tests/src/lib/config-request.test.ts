import { afterEach, describe, expect, test, vi } from 'vitest';
import { CALL_TIMEOUT_MS } from '../../../src/lib/limits.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function freshModule(
  fetch = vi.fn((_url: URL, _init?: RequestInit) => Promise.resolve(new Response('{}'))),
) {
  vi.stubGlobal('fetch', fetch);
  const module = await import('../../../src/lib/config-request.ts');
  return { ...module, fetch };
}

test('importing it asks nothing: only the first script starts the request', async () => {
  const { fetch } = await freshModule();
  expect(fetch).not.toHaveBeenCalled();
});

test('the started request goes to api/config beside the page, with the calls’ timeout', async () => {
  const { startConfigRequest, fetch, CONFIG_TIMEOUT_MS } = await freshModule();
  startConfigRequest(new URL('https://login.example/a/?service=a-dok'));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]?.[0]).toEqual(new URL('https://login.example/a/api/config'));
  expect(CONFIG_TIMEOUT_MS).toBe(CALL_TIMEOUT_MS);
});

test('the started request fails on a redirect rather than follow it to another config', async () => {
  const { startConfigRequest, fetch } = await freshModule();
  startConfigRequest(new URL('https://login.example/?service=a-dok'));
  expect(fetch.mock.calls[0]?.[1]?.redirect).toBe('error');
});

test('a page path that starts with "//" asks its own origin at a plain path', async () => {
  const { startConfigRequest, takeConfigResponse, fetch } = await freshModule();
  const page = new URL('https://login.example//evil.example/?service=a-dok');
  startConfigRequest(page);
  expect(fetch.mock.calls[0]?.[0]).toEqual(new URL('https://login.example/evil.example/api/config'));
  // getConfig asks for the same URL, and so takes this request.
  const { besidePage } = await import('../../../src/lib/page-api-url.ts');
  expect(takeConfigResponse(besidePage(page, 'api/config'))).toBeDefined();
});

test('hands the started response out once, and only for its own URL', async () => {
  const { startConfigRequest, takeConfigResponse } = await freshModule();
  startConfigRequest(new URL('https://login.example/?service=a-dok'));
  expect(takeConfigResponse(new URL('https://other.example/api/config'))).toBeUndefined();
  const taken = takeConfigResponse(new URL('https://login.example/api/config'));
  expect(await taken).toBeInstanceOf(Response);
  expect(takeConfigResponse(new URL('https://login.example/api/config'))).toBeUndefined();
});

test('a failed request nobody took is not an unhandled rejection', async () => {
  const { startConfigRequest, takeConfigResponse } = await freshModule(
    vi.fn((_url: URL, _init?: RequestInit) => Promise.reject(new TypeError('offline'))),
  );
  vi.useFakeTimers();
  startConfigRequest(new URL('https://login.example/'));
  // Past the one retry a failure on the network gets.
  await vi.advanceTimersByTimeAsync(2_000);
  await expect(takeConfigResponse(new URL('https://login.example/api/config'))).rejects.toThrow('offline');
});

// A mobile connection that dropped for a moment, or stalled until the timeout: the first script
// asks once more before the page stays blank.
describe('a config request that fails', () => {
  const PAGE = new URL('https://login.example/?service=a-dok');
  const CONFIG = new URL('https://login.example/api/config');
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const timedOut = () =>
    Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));

  test('on the network is asked once more, a second later, and its answer is the config', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<(url: URL, init?: RequestInit) => Promise<Response>>(offline);
    fetch.mockImplementationOnce(offline).mockImplementation(async () => new Response('{"services":{}}'));
    const { startConfigRequest, takeConfigResponse, CONFIG_RETRY_DELAY_MS } = await freshModule(fetch);

    const config = startConfigRequest(PAGE);
    await vi.advanceTimersByTimeAsync(CONFIG_RETRY_DELAY_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toEqual(CONFIG);
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ redirect: 'error', credentials: 'same-origin' });
    expect(fetch.mock.calls[1]?.[1]?.signal).not.toBe(fetch.mock.calls[0]?.[1]?.signal);

    expect(await config).toEqual({ services: {} });
    expect(await takeConfigResponse(CONFIG)).toBeInstanceOf(Response);
    expect(CONFIG_RETRY_DELAY_MS).toBe(1_000);
  });

  test('on the network twice fails, without a third try', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<(url: URL, init?: RequestInit) => Promise<Response>>(offline);
    const { startConfigRequest, takeConfigResponse } = await freshModule(fetch);

    const config = startConfigRequest(PAGE);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await config).toBeUndefined();
    await expect(takeConfigResponse(CONFIG)).rejects.toThrow('Failed to fetch');
  });

  test('on a timeout is asked once more too: a stalled connection may answer the second time', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<(url: URL, init?: RequestInit) => Promise<Response>>(timedOut);
    fetch.mockImplementationOnce(timedOut).mockImplementation(async () => new Response('{"services":{}}'));
    const { startConfigRequest, takeConfigResponse } = await freshModule(fetch);

    const config = startConfigRequest(PAGE);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await config).toEqual({ services: {} });
    expect(await takeConfigResponse(CONFIG)).toBeInstanceOf(Response);
  });

  test('with an answer of the server is not asked again: only the network is retried', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async (_url: URL, _init?: RequestInit) => new Response('', { status: 503 }));
    const { startConfigRequest } = await freshModule(fetch);

    expect(await startConfigRequest(PAGE)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
