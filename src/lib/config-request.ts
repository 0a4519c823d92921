import { besidePage } from './page-api-url.ts';

/**
 * The config request: started by the page's first script (src/start-config.ts) before React has
 * arrived, and handed to the app's getConfig once. A `<link rel="preload" as="fetch">` would start
 * it as early, but WebKit never hands a fetch preload to fetch(): Safari asked twice on every load.
 */
export const configRequest = {
  /** Beside the page (besidePage), so a page at /login/ asks /login/api/config. */
  path: 'api/config',
  credentials: 'same-origin',
} as const satisfies { path: string; credentials: RequestCredentials };

/**
 * CALL_TIMEOUT_MS (limits.ts) as a number of its own, so the first script imports nothing; a
 * test keeps the two equal.
 */
export const CONFIG_TIMEOUT_MS = 15_000;

let started: { url: string; response: Promise<Response> } | undefined;

/** Starts the config request of the page at `pageUrl`; importing this module alone asks nothing. */
export function startConfigRequest(pageUrl: URL): void {
  const url = besidePage(pageUrl, configRequest.path);
  // Before the api-client's chunk is there: this request is why the first script exists.
  // eslint-disable-next-line no-restricted-globals
  const response = fetch(url, {
    credentials: configRequest.credentials,
    // As every call of the api-client: an answer from wherever a redirect points is no config.
    redirect: 'error',
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  });
  // The app takes and handles it; until then a failure must not count as unhandled.
  response.catch(() => undefined);
  started = { url: url.href, response };
}

/** The started request for `url`, once: a second call, or another URL, asks anew. */
export function takeConfigResponse(url: URL): Promise<Response> | undefined {
  if (started?.url !== url.href) return undefined;
  const { response } = started;
  started = undefined;
  return response;
}
