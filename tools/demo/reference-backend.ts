import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { createDevConfig, EVERY_METHOD } from './dev-config.ts';
import type { Brand } from '../../scripts/lib/load-brands.ts';
import { isLocalHost, sendError, sendJson } from './http-utils.ts';
import { createReferenceMws, type OutboxEntry } from './reference-mws.ts';
import { renderLanding } from './landing.ts';
import { createResolver } from './resolver-table.ts';
import { LOCAL_SEND_LIMITS, type SendLimits } from './send-limits.ts';

export interface ReferenceBackendOptions {
  brands: readonly Brand[];
  /** The HTTPS port visitors reach the brands on (443 in production), for the URLs in the config. */
  publicHttpsPort: number;
  /** LOCAL_SEND_LIMITS unless given: behind nginx on this machine, every client is 127.0.0.1. */
  sendLimits?: SendLimits;
  now?: () => number;
  /** Where a sent code is reported besides the outbox; nowhere by default. */
  onCodeSent?: (entry: OutboxEntry) => void;
}

/** Where the reference MWS answers, below the brand's own host: nginx proxies `/api/` here. */
export const MWS_PATH = '/api/mws';
/** Where the config sends a visitor after the sign-in: a page of this backend, through nginx. */
export const LANDING_PATH = '/api/landing';
/**
 * The sent codes, on the backend's own port and a local Host only (isLocalHost): nginx passes
 * nothing outside `/api/` to it.
 */
export const OUTBOX_PATH = '/dev/outbox';

/**
 * The backend a release's nginx config proxies `/api/` to (scripts/lib/nginx-config.ts), as a
 * stand-in for production's: the release `/api/config` with https URLs on the brand's own host
 * (the MWS and the landing page are reached through nginx too), the reference MWS below
 * `/api/mws/`, the resolver and a landing page. Unlike the demo server it serves no page, no
 * emulator and no PayPal stand-in: a release page accepts none of them. Every method is on for
 * every service, so each brand can run each flow. Development and tests only.
 */
export function createReferenceBackend(options: ReferenceBackendOptions) {
  const { brands, publicHttpsPort } = options;
  const hosts = new Set(brands.flatMap((brand) => brand.domains.map((domain) => domain.toLowerCase())));
  const brandOrigin = (host: string) =>
    `https://${host}${publicHttpsPort === 443 ? '' : `:${publicHttpsPort}`}`;
  const brandOrigins = new Set([...hosts].map(brandOrigin));
  const mws = createReferenceMws({
    loginKeys: new Map(brands.map((brand) => [`dev-key-${brand.service}`, brand.service])),
    isBrandOrigin: (origin) => brandOrigins.has(origin),
    // nginx sets it to the peer's address (`$remote_addr`), replacing whatever the client sent.
    // Anything but one address (a list a client started) is not nginx's: the peer counts then.
    clientOf: (request) => {
      const forwarded = request.headers['x-forwarded-for'];
      return typeof forwarded === 'string' && isIP(forwarded) !== 0
        ? forwarded
        : (request.socket.remoteAddress ?? '');
    },
    sendLimits: options.sendLimits ?? LOCAL_SEND_LIMITS,
    now: options.now,
    onCodeSent: options.onCodeSent ?? (() => {}),
  });
  const handleResolver = createResolver({ readToken: mws.readToken, now: options.now });

  /** `https://<host>[:port]` for a brand host nginx passed on (`Host $host` carries no port). */
  function originOf(request: IncomingMessage): string | undefined {
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d{1,5}$/, '');
    return hosts.has(host) ? brandOrigin(host) : undefined;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://backend.invalid');
    if (url.pathname === OUTBOX_PATH) {
      if (!isLocalHost(request.headers.host)) return sendJson(response, 421, { error: 'not a local host' });
      return sendJson(response, 200, mws.outbox);
    }
    const origin = originOf(request);
    if (origin === undefined) return sendJson(response, 421, { error: 'not a brand host' });
    if (url.pathname.startsWith(`${MWS_PATH}/`)) {
      return mws.handle(request, response, url.pathname.slice(MWS_PATH.length + 1));
    }
    if (url.pathname === '/api/config' && request.method === 'GET') {
      return sendJson(response, 200, configFor(origin));
    }
    if (url.pathname === '/api/resolver' && request.method === 'POST') {
      return handleResolver(request, response, `${origin}${LANDING_PATH}`);
    }
    if (url.pathname.startsWith(`${LANDING_PATH}/`) && request.method === 'GET') {
      const base = `${LANDING_PATH}/`;
      const { status, html } = renderLanding(url, { demo: false, base, readToken: mws.readToken });
      // Plain: nginx gives every `/api/` answer a policy that allows nothing, a stylesheet too.
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void response.end(html);
    }
    sendJson(response, 404, { error: 'not found' });
  }

  /** The development config, made release-valid: https URLs only, no development switches. */
  function configFor(origin: string) {
    const config = createDevConfig([...brands], {
      mwsTargetUrl: `${origin}${MWS_PATH}`,
      authEmulatorUrl: 'https://emulator.invalid',
    });
    for (const [service, entry] of Object.entries(config.services)) {
      const { authEmulatorUrl: _emulator, ...shared } = entry.firebaseConfig;
      // The resolver takes a phone sign-in's token by its project: a-ident has one of its own, as
      // the contract asks and `npm run deploy` checks (served-services.ts).
      const firebaseConfig =
        service === RESOLVER_SERVICE ? { ...shared, projectId: `${shared.projectId}-${service}` } : shared;
      Object.assign(entry, {
        firebaseConfig,
        loginMethods: EVERY_METHOD,
        // The resolver's answer names this service's target.
        ...(service !== RESOLVER_SERVICE && { redirectUrl: `${origin}${LANDING_PATH}/${service}` }),
      });
    }
    return config;
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => sendError(response, error));
  });
  return { server, mws, outbox: mws.outbox };
}
