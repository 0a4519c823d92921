import { besidePage } from './page-api-url.ts';
import { readText } from './read-text.ts';

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

/**
 * The config holds every service with its firebaseConfig: the development config's 15 services
 * weigh 4.5 KB, and a service with all of Firebase's keys stays under 1 KiB, so 256 KiB leaves
 * room for hundreds of services, four times the cap of an MWS answer.
 */
export const CONFIG_MAX_BYTES = 256 * 1024;

/** How long the first script waits before it asks for a config that failed on the network again. */
export const CONFIG_RETRY_DELAY_MS = 1_000;

let started: { url: string; response: Promise<Response> } | undefined;

/**
 * Starts the config request of the page at `pageUrl`; importing this module alone asks nothing.
 * Returns the answer's JSON for the first script's look (src/app/first-view.ts), read from a
 * copy taken before anyone else can read the answer, or undefined for an answer that is no JSON
 * config; the app reads the answer itself and checks it in full.
 */
export function startConfigRequest(pageUrl: URL): Promise<unknown> {
  const url = besidePage(pageUrl, configRequest.path);
  const ask = () =>
    // Before the api-client's chunk is there: this request is why the first script exists.
    // eslint-disable-next-line no-restricted-globals
    fetch(url, {
      credentials: configRequest.credentials,
      // As every call of the api-client: an answer from wherever a redirect points is no config.
      redirect: 'error',
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
  // A request that fails on the network (a mobile connection that dropped for a moment, or
  // stalled until the timeout) is asked once more, a second later, before the page stays blank.
  const response = ask().catch(() =>
    new Promise((resolve) => setTimeout(resolve, CONFIG_RETRY_DELAY_MS)).then(ask),
  );
  // The app takes and handles it; until then a failure must not count as unhandled.
  response.catch(() => undefined);
  started = { url: url.href, response };
  return response
    .then(async (answer) => {
      if (!answer.ok) return undefined;
      const text = await readText(answer.clone(), CONFIG_MAX_BYTES);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    })
    .catch(() => undefined);
}

/** The started request for `url`, once: a second call, or another URL, asks anew. */
export function takeConfigResponse(url: URL): Promise<Response> | undefined {
  if (started?.url !== url.href) return undefined;
  const { response } = started;
  started = undefined;
  return response;
}
