import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { createDevConfig, DEV_FIREBASE_PROJECT } from './dev-config.ts';
import { PREVIEW_FILE } from '../../scripts/lib/emit-brand.ts';
import type { Brand, InvalidBrand } from '../../scripts/lib/load-brands.ts';
import { browserScript, TRYOUT_SCRIPT } from './browser-scripts.ts';
import { renderGallery, renderGalleryCss } from './gallery.ts';
import { HttpError, isLocalHost, readForm, requireFields, sendError, sendJson } from './http-utils.ts';
import { renderLanding } from './landing.ts';
import { createLiveReload, LIVE_RELOAD_PATH } from './live-reload.ts';
import type { ReadToken } from './mws-token.ts';
import { createReferenceMws, type OutboxEntry } from './reference-mws.ts';
import { LOCAL_SEND_LIMITS, type SendLimits } from './send-limits.ts';
import { createResolver, readEmulatorToken } from './resolver-table.ts';
import { createPolicyReports, POLICY_REPORTS_PATH } from './policy-reports.ts';
import { demoHeaders, serveFile } from './static-files.ts';
import { TRYOUT_PATH, type Tryouts } from './tryout.ts';
import { checkTryoutOrigin, readTryoutUpload } from './tryout-upload.ts';

const STAND_IN = fileURLToPath(new URL('./paypal-stand-in.js', import.meta.url));
/** The landing page has no script; it takes the gallery's stylesheet. */
const LANDING_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/**
 * The gallery runs the demo's own scripts, which listen for rebuilds, post a folder to try and
 * frame the try's preview, all of its own origin; they build their markup with the DOM only.
 */
const GALLERY_POLICY = `${LANDING_POLICY}; script-src 'self'; connect-src 'self'; frame-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'`;

/** The brand folders as the last load found them: what is served, and what the gallery lists. */
export interface DemoBrands {
  brands: Brand[];
  invalid: InvalidBrand[];
}

export interface DemoServerOptions extends DemoBrands {
  distDir: string;
  port: number;
  /** The Firebase Auth emulator's URL, or undefined when it is not running. */
  authEmulatorUrl: string | undefined;
  /** Codes the emulator sent, for the outbox; empty without an emulator. */
  firebaseCodes?: () => Promise<OutboxEntry[]>;
  /** LOCAL_SEND_LIMITS unless given: every browser of the demo is this machine. */
  sendLimits?: SendLimits;
  now?: () => number;
  onCodeSent?: (entry: OutboxEntry) => void;
  /** Tries a folder sent from the gallery (tryout.ts); without it, the gallery offers no try. */
  tryouts?: Tryouts;
  /**
   * Adds `report-uri /dev/policy-reports` to each page's policy header and keeps what browsers
   * report there (policy-reports.ts): the browser suite's one view of violations in every engine,
   * across navigations and before any test script could listen. Off for `npm start`.
   */
  collectPolicyReports?: boolean;
}

/**
 * The whole product on one port, as production serves it: each brand on its own host
 * (`<service>.localhost`) and, for tools that cannot set a host, under `/<service>/`; the
 * reference MWS under `/mws/`; the brand gallery on the bare host. Development only, and only
 * for local hosts (isLocalHost).
 * `setBrands` swaps the brand list after a rebuild (start.ts), without a restart, and
 * `showRebuildFailure` says on the gallery that one failed; either reloads the open gallery and
 * brand previews (live-reload.ts).
 */
export function createDemoServer(options: DemoServerOptions) {
  const { distDir, port } = options;
  let { brands, invalid } = options;
  let services = new Set<string>();
  let rebuildFailure: string | undefined;
  // The MWS reads this set on every call, so a swap reaches it too.
  const loginKeys = new Map<string, string>();
  const useBrands = (next: DemoBrands) => {
    ({ brands, invalid } = next);
    services = new Set(brands.map((brand) => brand.service));
    loginKeys.clear();
    for (const service of services) loginKeys.set(`dev-key-${service}`, service);
  };
  useBrands({ brands, invalid });
  const liveReload = createLiveReload();
  const setBrands = (next: DemoBrands) => {
    useBrands(next);
    rebuildFailure = undefined;
    liveReload.rebuilt();
  };
  const showRebuildFailure = (message: string) => {
    rebuildFailure = message;
    liveReload.rebuilt();
  };
  const origin = `http://localhost:${port}`;
  // The gallery's origins: the bare host, by name or by address.
  const galleryOrigins = [origin, `http://127.0.0.1:${port}`];
  // A brand page is on its own host or below a path of the bare host (localhost or 127.0.0.1).
  const isBrandOrigin = (candidate: string) =>
    candidate === origin ||
    candidate === `http://127.0.0.1:${port}` ||
    [...services].some((service) => candidate === `http://${service}.localhost:${port}`);
  const mws = createReferenceMws({
    loginKeys,
    isBrandOrigin,
    sendLimits: options.sendLimits ?? LOCAL_SEND_LIMITS,
    now: options.now,
    onCodeSent: options.onCodeSent,
  });
  // The phone path's token comes from the emulator, which is only ever this machine's. Its
  // audience is the Firebase project, one for every service of the demo.
  const readToken: ReadToken = (token, audience) =>
    mws.readToken(token, audience) ??
    (options.authEmulatorUrl === undefined
      ? undefined
      : readEmulatorToken(token, DEV_FIREBASE_PROJECT, (options.now ?? Date.now)()));
  const handleResolver = createResolver({ readToken, now: options.now });
  const policyReports = options.collectPolicyReports ? createPolicyReports() : undefined;
  const brandUrl = (service: string) => `http://${service}.localhost:${port}/`;

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Every route, pages and config too: a rebinding page could read any of them (isLocalHost).
    // The Origin needs no check: the codes leave only through the outbox, which allows no CORS.
    if (!isLocalHost(request.headers.host)) {
      return sendJson(response, 421, { error: 'not a local host' }, demoHeaders(undefined, 'none'));
    }
    const url = new URL(request.url ?? '/', origin);
    // A local name, so safe to put into the URLs the config hands out as the page's origin.
    const host = (request.headers.host ?? '').toLowerCase();
    const hostService = /^([a-z0-9_-]+)\.localhost(:\d+)?$/.exec(host)?.[1];

    // Development routes answer on every local host, so brand hosts reach the MWS and landing too.
    if (url.pathname.startsWith('/mws/'))
      return mws.handle(request, response, url.pathname.slice('/mws/'.length));
    if (url.pathname === '/dev/outbox') {
      return sendJson(response, 200, await outbox(), demoHeaders(undefined, 'api'));
    }
    if (url.pathname === '/dev/expire-code') return expireCode(request, response);
    if (policyReports && url.pathname === POLICY_REPORTS_PATH) return policyReports.handle(request, response);
    if (url.pathname.startsWith('/landing/')) {
      const { status, html } = renderLanding(url, { demo: true, base: '/landing/', readToken });
      return sendHtml(response, html, LANDING_POLICY, status);
    }
    if (url.pathname === LIVE_RELOAD_PATH) return liveReload.handle(request, response, url);
    const script = browserScript(url.pathname);
    if (script) return sendText(response, await script, 'text/javascript', demoHeaders(undefined, 'none'));
    if (options.tryouts && url.pathname === TRYOUT_PATH) return tryFolder(request, response, options.tryouts);
    if (options.tryouts && url.pathname.startsWith(`${TRYOUT_PATH}/`))
      return serveTryout(request, response, options.tryouts, url);
    if (url.pathname === '/gallery.css') {
      return sendText(response, renderGalleryCss(brands), 'text/css', demoHeaders(undefined, 'file'));
    }

    if (hostService !== undefined && services.has(hostService)) {
      return serveBrand(request, response, hostService, `http://${host}/`, url.pathname.slice(1), url);
    }
    const [first = '', ...rest] = url.pathname.slice(1).split('/');
    if (services.has(first)) {
      if (rest.length === 0) return redirect(response, `/${first}/${url.search}`, first);
      // The page's own origin: its CSP allows the PayPal stand-in only from there.
      return serveBrand(request, response, first, `http://${host}/${first}/`, rest.join('/'), url);
    }
    if (url.pathname === '/') {
      const html = renderGallery({
        brands,
        invalid,
        brandUrl,
        phoneAvailable: options.authEmulatorUrl !== undefined,
        scripts: [liveReload.scriptUrl(), ...(options.tryouts ? [TRYOUT_SCRIPT] : [])],
        tryout: options.tryouts !== undefined,
        rebuildFailure,
      });
      return sendHtml(response, html, GALLERY_POLICY);
    }
    const galleryAsset = /^\/gallery\/(logo|logo-dark|favicon)\/([a-z0-9_-]+)\.svg$/.exec(url.pathname);
    const brand = brands.find((b) => b.service === galleryAsset?.[2]);
    if (galleryAsset && brand) {
      const [, kind] = galleryAsset;
      const svg =
        kind === 'logo' ? brand.logo : kind === 'logo-dark' ? brand.logoDark : (brand.icon ?? brand.logo);
      if (svg)
        return sendText(response, svg.text, 'image/svg+xml', demoHeaders(undefined, 'file', { svg: true }));
    }
    sendJson(response, 404, { error: 'not found' }, demoHeaders(undefined, 'none'));
  }

  /** A brand's page, its api/ routes and the PayPal stand-in, below `base`. */
  async function serveBrand(
    request: IncomingMessage,
    response: ServerResponse,
    service: string,
    base: string,
    relativePath: string,
    url: URL,
  ): Promise<void> {
    switch (relativePath) {
      case 'api/config':
        return sendJson(response, 200, configFor(base), demoHeaders(service, 'api'));
      case 'api/resolver':
        return handleResolver(request, response, new URL('/landing', base).href, demoHeaders(service, 'api'));
    }
    // The page of every view follows the rebuilds; its frames reload with it.
    const followsRebuilds = relativePath === PREVIEW_FILE && !url.searchParams.has('view');
    await serveBuilt(request, response, path.join(distDir, service), relativePath, {
      headScript: followsRebuilds ? liveReload.scriptUrl() : undefined,
    });
  }

  /**
   * A file of a built brand folder at `root`, or the PayPal stand-in the page expects beside it.
   * The brand preview is a page of frames of itself: only it may be framed, and only by itself.
   */
  async function serveBuilt(
    request: IncomingMessage,
    response: ServerResponse,
    root: string,
    relativePath: string,
    { headScript }: { headScript?: string } = {},
  ): Promise<void> {
    const service = path.basename(root);
    if (relativePath === 'dev/paypal/sdk/js') {
      // Cacheable like PayPal's CDN answer, so the page's prefetch of it is what the script runs.
      return sendText(response, await readFile(STAND_IN, 'utf8'), 'text/javascript', {
        ...demoHeaders(service, 'none'),
        'cache-control': 'public, max-age=3600',
      });
    }
    const acceptEncoding = request.headers['accept-encoding'] ?? '';
    const preview = relativePath === PREVIEW_FILE;
    const served = await serveFile(
      response,
      root,
      relativePath || 'index.html',
      acceptEncoding,
      preview ? { 'x-frame-options': 'SAMEORIGIN' } : {},
      {
        frameAncestors: preview ? "'self'" : "'none'",
        ...(policyReports && { reportUri: POLICY_REPORTS_PATH }),
        headScript,
      },
    );
    // A brand host's 404 carries what the release hosts send with it.
    if (!served) sendJson(response, 404, { error: 'not found' }, demoHeaders(service, 'none'));
  }

  /**
   * `POST /dev/tryout` from the gallery: the folder's files, checked and built beside a copy of
   * brands/ (tryout.ts); answers the verdict. It writes and builds, so only the gallery's own page
   * may post (checkTryoutOrigin).
   */
  async function tryFolder(request: IncomingMessage, response: ServerResponse, tryouts: Tryouts) {
    const headers = demoHeaders(undefined, 'api');
    try {
      if (request.method !== 'POST') {
        return sendJson(response, 405, { error: 'use POST' }, { ...headers, allow: 'POST' });
      }
      checkTryoutOrigin(request.headers, galleryOrigins);
      const upload = await readTryoutUpload(request);
      sendJson(response, 200, await tryouts.run(upload), headers);
    } catch (error) {
      // An answer before the whole body is read: the rest of it is not waited for.
      if (error instanceof HttpError) response.setHeader('connection', 'close');
      sendError(response, error, headers);
    }
  }

  /** The current try's build, at `/dev/tryout/<id>/…` of the gallery's origin, which frames its preview. */
  async function serveTryout(request: IncomingMessage, response: ServerResponse, tryouts: Tryouts, url: URL) {
    const [id = '', ...rest] = url.pathname.slice(TRYOUT_PATH.length + 1).split('/');
    const built = tryouts.builtFolder(id);
    if (!built) return sendJson(response, 404, { error: 'not found' }, demoHeaders(undefined, 'none'));
    await serveBuilt(request, response, built.dir, rest.join('/'));
  }

  function configFor(base: string) {
    const config = createDevConfig(brands, {
      mwsTargetUrl: `${origin}/mws`,
      // Without an emulator the phone path fails with AN01 at once instead of hanging on Google.
      authEmulatorUrl: options.authEmulatorUrl ?? 'http://127.0.0.1:9',
    });
    const landing = new URL('/landing/', base);
    for (const [service, entry] of Object.entries(config.services)) {
      Object.assign(entry, {
        ...(service !== RESOLVER_SERVICE && { redirectUrl: new URL(service, landing).href }),
        paymentSdkUrl: new URL('dev/paypal/sdk/js', base).href,
      });
    }
    return config;
  }

  async function outbox(): Promise<OutboxEntry[]> {
    const fromFirebase = (await options.firebaseCodes?.().catch(() => [])) ?? [];
    return [...mws.outbox, ...fromFirebase].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  }

  /**
   * `POST /dev/expire-code` (form fields `to`, `channel`): ages the value's codes past their life,
   * so the browser suite sees an expired code without waiting ten minutes. It changes state, so
   * unlike the outbox a page of another origin may not call it: a form post would reach it.
   */
  async function expireCode(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = demoHeaders(undefined, 'api');
    try {
      const from = request.headers.origin;
      if (from !== undefined && from !== origin) throw new HttpError(403, 'not the demo origin');
      if (request.method !== 'POST') {
        return sendJson(response, 405, { error: 'use POST' }, { ...headers, allow: 'POST' });
      }
      const { to, channel } = requireFields(await readForm(request), 'to', 'channel');
      if (channel !== 'mail' && channel !== 'sms') throw new HttpError(400, 'channel is mail or sms');
      if (!mws.codes.expire(channel, to)) throw new HttpError(404, 'no code was sent to this value');
      response.writeHead(204, headers);
      response.end();
    } catch (error) {
      sendError(response, error, headers);
    }
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => sendError(response, error));
  });
  return { server, mws, brandUrl, setBrands, showRebuildFailure };
}

function redirect(response: ServerResponse, location: string, service: string) {
  response.writeHead(301, { location, ...demoHeaders(service, 'none') });
  response.end();
}

/**
 * The demo's own pages (gallery, landing): a page's headers with the page's own policy, never
 * stored (the landing page's address holds the token; the gallery shows brands/ as it is now).
 * They stand in for other sites (the service's page, the visitor's mail, where the browser suite
 * copies a code), which the gateway's Permissions-Policy does not bind.
 */
function sendHtml(response: ServerResponse, html: string, policy: string, status = 200) {
  const {
    'content-security-policy-report-only': _trustedTypes,
    'permissions-policy': _gatewayOnly,
    ...headers
  } = demoHeaders(undefined, 'page');
  response.writeHead(status, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'cache-control': 'no-store',
  });
  response.end(html);
}

function sendText(response: ServerResponse, body: string, type: string, headers: Record<string, string>) {
  response.writeHead(200, { ...headers, 'content-type': `${type}; charset=utf-8` });
  response.end(body);
}
