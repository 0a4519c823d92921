import { afterEach, expect, test, vi } from 'vitest';
import { CALL_TIMEOUT_MS } from '../../../src/lib/limits.ts';

afterEach(() => {
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
  startConfigRequest(new URL('https://login.example/'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await expect(takeConfigResponse(new URL('https://login.example/api/config'))).rejects.toThrow('offline');
});
