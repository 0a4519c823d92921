import { isPlausibleService, QRID_PATTERN, readQuery } from '../lib/query-rules.ts';
import { isAllowedHost } from '../lib/redirect-hosts.ts';
import { parseSafeUrl } from '../lib/safe-url.ts';
import { RESOLVER_SERVICE } from '../lib/services.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { mayRender } from './frame-guard.ts';
import { progressScope } from './progress-keys.ts';

/**
 * The page's first script's part in view 0. The build pre-renders view 0 into each brand's page,
 * hidden (scripts/lib/prerender.ts); this reveals it as soon as the config has answered, before
 * React has arrived, when what the spec asks before anything shows holds (§2, §5), and holds a
 * method the visitor chooses until the app takes over (takeHeldMethod). Everything else is the
 * app's: it checks the whole config again and hides the page if that fails (docs/decisions/019).
 * Imports leaf modules only: this is the first script's chunk (scripts/vite/app-config.ts).
 */

/** What the first script knows of the page besides the config. */
export interface FirstViewPage {
  url: URL;
  /** The brand the build baked and pre-rendered into this page (`<html data-brand>`). */
  brand: string | undefined;
  /** The page's redirect hosts (src/lib/redirect-hosts.ts); undefined when it has none. */
  redirectHosts: readonly string[] | undefined;
  /** Whether the tab holds progress of this sign-in (progress-keys.ts). */
  hasProgress: (scope: string) => boolean;
}

/**
 * The methods pre-rendered view 0 may show for this config, or undefined when the first script
 * leaves the page to the app: a service that is not the page's own brand (restyled at runtime),
 * a method parameter (view 1, or nothing when it is not enabled), progress to return to, or
 * anything the app would refuse.
 */
export function firstViewMethods(config: unknown, page: FirstViewPage): LoginMethod[] | undefined {
  const { service, qrid, method } = readQuery(page.url.search);
  if (!isPlausibleService(service) || service !== page.brand || method !== undefined) return undefined;
  const entry = ownObject(ownObject(config, 'services'), service);
  const flags = ownObject(entry, 'loginMethods');
  if (!entry || !flags || !LOGIN_METHODS.every((m) => typeof flags[m] === 'boolean')) return undefined;
  const resolves = service === RESOLVER_SERVICE;
  if (resolves ? qrid === undefined || !QRID_PATTERN.test(qrid) : !redirectsWithin(entry, page))
    return undefined;
  if (page.hasProgress(progressScope(service, resolves ? qrid : undefined))) return undefined;
  return LOGIN_METHODS.filter((m) => flags[m] === true);
}

/** The service's redirectUrl is a safe URL to one of the page's redirect hosts (decision 013). */
function redirectsWithin(entry: Record<string, unknown>, page: FirstViewPage): boolean {
  const target = typeof entry.redirectUrl === 'string' ? parseSafeUrl(entry.redirectUrl) : undefined;
  return target !== undefined && isAllowedHost(target, page.redirectHosts);
}

function ownObject(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === 'object' && found !== null && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
}

let held: LoginMethod | undefined;
let holding: AbortController | undefined;

/**
 * Holds the method a visitor chooses on the revealed view 0 before React has arrived, and
 * reveals it once `config` (the config's JSON, or undefined) passes firstViewMethods. Only the
 * disabled methods are hidden, by CSS on `<html data-methods>` (app.css): React hydrates the
 * markup as the build rendered it. Once the app has taken over, the app alone decides.
 */
export function startFirstView(page: FirstViewPage, config: Promise<unknown>): void {
  const root = document.getElementById('root');
  if (!root?.hasChildNodes() || !mayRender(window, () => undefined)) return;
  const takeover = new AbortController();
  holding = takeover;
  root.addEventListener(
    'click',
    (event) => {
      const chosen = event.target instanceof Element ? event.target.closest('[data-method]') : null;
      held = LOGIN_METHODS.find((m) => m === chosen?.getAttribute('data-method')) ?? held;
    },
    { signal: takeover.signal },
  );
  config.then(
    (json) => {
      const methods = firstViewMethods(json, page);
      if (!methods || takeover.signal.aborted) return;
      document.documentElement.dataset.methods = methods.join(' ');
      root.hidden = false;
    },
    () => undefined,
  );
}

/**
 * Ends the first script's part as the app takes over: the method the visitor chose meanwhile,
 * if any, once.
 */
export function takeHeldMethod(): LoginMethod | undefined {
  holding?.abort();
  holding = undefined;
  const method = held;
  held = undefined;
  return method;
}
