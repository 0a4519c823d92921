import { expect, vi } from 'vitest';

/** An HTTP answer with a body as given, JSON by default. */
export function answer(body: string, status = 200, contentType = 'application/json'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/** Replaces the global fetch, the network boundary, with `respond`. */
export function stubFetch(respond: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The one request made, asserting there was exactly one. */
export function onlyRequest(fetchMock: ReturnType<typeof stubFetch>): { url: string; init: RequestInit } {
  expect(fetchMock).toHaveBeenCalledOnce();
  const call = fetchMock.mock.calls[0];
  if (call === undefined) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

/**
 * A server that answers every request with a redirect to `finalUrl`, as fetch meets it: a request
 * with `redirect: 'error'` fails as a network error does; any other gets the answer from there.
 */
export function redirectingServer(body: string, finalUrl = 'https://evil.example/api/config'): typeof fetch {
  return async (_input, init) => {
    if (init?.redirect === 'error') throw new TypeError('Failed to fetch');
    const response = answer(body);
    Object.defineProperty(response, 'redirected', { value: true });
    Object.defineProperty(response, 'url', { value: finalUrl });
    return response;
  };
}
