import { readQuery } from '../lib/query-rules.ts';
import { enabledMethods, LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { mayRender } from './frame-guard.ts';
import { progressScope } from './progress-keys.ts';
import { decideStart, type PageFacts, type ServiceFacts } from './start-rule.ts';

/**
 * The page's first script's part in view 0. The build pre-renders view 0 into each brand's page,
 * hidden (scripts/lib/prerender.ts); this reveals it as soon as the config has answered, before
 * React has arrived, when what the spec asks before anything shows holds (§2, §5), and holds a
 * method the visitor chooses until the app takes over (takeHeldMethod). Everything else is the
 * app's: it applies the same start rule (start-rule.ts) to the entry its full schema checks, and
 * hides the page if that fails (docs/decisions/019).
 * Imports leaf modules only: this is the first script's chunk (scripts/vite/app-config.ts).
 */

/** What the first script knows of the page besides the config. */
export interface FirstViewPage extends PageFacts {
  url: URL;
  /** Whether the tab holds progress of this sign-in (progress-keys.ts). */
  hasProgress: (scope: string) => boolean;
}

/** What the first script may show: view 0 with the enabled methods, or view 1 of `method`. */
export interface FirstView {
  methods: LoginMethod[];
  /** The `method` parameter, valid and enabled: view 1 of it instead of view 0. */
  method: LoginMethod | undefined;
}

/**
 * What the pre-rendered page may show for this config, or undefined when the first script leaves
 * the page to the app: a service that is not the page's own brand (restyled at runtime), progress
 * to return to, or anything the app would refuse. An invalid or disabled method parameter is only
 * logged (spec §8, by the app): the page starts on view 0.
 */
export function firstViewOf(config: unknown, page: FirstViewPage): FirstView | undefined {
  const query = readQuery(page.url.search);
  const { service } = query;
  if (service === undefined || service !== page.brand) return undefined;
  const start = decideStart(query, (key) => cheapEntry(config, key), page);
  if (!start.ok || page.hasProgress(progressScope(service, start.qrId))) return undefined;
  return { methods: enabledMethods(start.service.loginMethods), method: start.method };
}

/** The status region the build writes beside the root, with the busy text in `data-busy` (bake-html.ts). */
export const FIRST_VIEW_STATUS_ID = 'first-view-status';

/** The template holding view 1 of `method`, pre-rendered beside the root (bake-html.ts). */
export function firstViewTemplateId(method: LoginMethod): string {
  return `first-view-${method}`;
}

/**
 * A service's entry with the fields the start rule reads, checked only as far as the rule needs:
 * the app's schema checks the whole entry (startup.ts).
 */
function cheapEntry(config: unknown, key: string): ServiceFacts | 'invalid' {
  const entry = ownObject(ownObject(config, 'services'), key);
  const flags = ownObject(entry, 'loginMethods');
  return flags && LOGIN_METHODS.every((m) => typeof flags[m] === 'boolean')
    ? {
        loginMethods: flags as ServiceFacts['loginMethods'],
        redirectUrl: typeof entry?.redirectUrl === 'string' ? entry.redirectUrl : undefined,
      }
    : 'invalid';
}

function ownObject(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === 'object' && found !== null && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
}

let redirectHosts: readonly string[] = [];
let held: LoginMethod | undefined;
let submitted = false;
/** The root holds the pre-rendered view 1 that the flow has not yet taken over. */
let pending = false;
let shown: LoginMethod | undefined;
let holding: AbortController | undefined;

/**
 * Holds the method a visitor chooses on the revealed view 0 before React has arrived, and
 * reveals the page once `config` (the config's JSON, or undefined) passes firstViewOf: view 0,
 * with the disabled methods hidden, which React hydrates as the build rendered it; or view 1 of
 * the `method` parameter, swapped in from its template. Once the app has taken over (handOver),
 * the app alone decides.
 */
export function startFirstView(page: FirstViewPage, config: Promise<unknown>): void {
  // Before the checks below: the app takes the list from here (handOver) whether or not this
  // page shows anything first, and nothing else reads the page's meta.
  redirectHosts = page.redirectHosts;
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
  // A form the browser would send itself reloads the page with the value in its address. The
  // app's forms prevent that too; this holds before it runs, and stays as a net. It also notes
  // that view 1 was sent, for the flow to send once it takes over (takeSubmitted): before React
  // runs, and after, while React has not yet hydrated the view, whose events it then drops.
  root.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted = true;
    // The send waits for the flow: the visitor sees and hears at once that it is on its way.
    if (pending) showSending(true);
  });
  config.then(
    (json) => {
      const view = firstViewOf(json, page);
      if (!view || takeover.signal.aborted) return;
      let field: HTMLElement | null = null;
      if (view.method) {
        const template = document.getElementById(firstViewTemplateId(view.method));
        if (!(template instanceof HTMLTemplateElement)) return;
        const content = template.content.cloneNode(true) as DocumentFragment;
        // Focused here, as the app's autoFocus does: the browser's own autofocus of an inserted
        // field would find focus taken and say so in the console.
        field = content.querySelector<HTMLElement>('[autofocus]');
        field?.removeAttribute('autofocus');
        root.replaceChildren(content);
        shown = view.method;
        pending = true;
      } else {
        // The build rendered every method; the app draws the enabled ones only, once it runs.
        for (const item of root.querySelectorAll<HTMLElement>('[data-method]'))
          item.hidden = !view.methods.some((m) => m === item.dataset.method);
      }
      root.hidden = false;
      field?.focus();
    },
    () => undefined,
  );
}

/** What the first script hands the app as it takes over. */
export interface HandOver {
  /** The method the visitor chose on view 0 meanwhile. */
  chosen: LoginMethod | undefined;
  /** The method whose view 1 the root now holds instead of view 0. */
  sendCodeShown: LoginMethod | undefined;
  /** The page's redirect hosts, as the first script read them (FirstViewPage). */
  redirectHosts: readonly string[];
}

/** Ends the first script's part as the app takes over; a second call hands over nothing. */
export function handOver(): HandOver {
  holding?.abort();
  holding = undefined;
  const handed = { chosen: held, sendCodeShown: shown, redirectHosts };
  held = undefined;
  shown = undefined;
  redirectHosts = [];
  return handed;
}

/**
 * Whether a form of the page was sent since the last call (or the page opened). Called as the
 * flow takes over the pre-rendered view 1, which then shows its own busy state.
 */
export function takeSubmitted(): boolean {
  const was = submitted;
  submitted = false;
  pending = false;
  showSending(false);
  return was;
}

/**
 * The busy state of the pre-rendered view 1, outside what React hydrates: a spinner on the
 * submit button by CSS (app.css) and „Bitte warten“ in the page's status region.
 */
function showSending(sending: boolean): void {
  document.documentElement.toggleAttribute('data-sending', sending);
  const status = document.getElementById(FIRST_VIEW_STATUS_ID);
  if (status) status.textContent = (sending && status.dataset.busy) || '';
}
