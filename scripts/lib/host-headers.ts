import { takesPayments } from '../../src/lib/services.ts';
import { buildContentSecurityPolicy, TRUSTED_TYPES_POLICY } from './csp.ts';
import { FAVICON_FILES } from './favicons.ts';
import { PERMISSIONS_POLICY } from './permissions-policy.ts';
import { LICENSES_FILE } from './third-party-licenses.ts';

/**
 * What a host answers with, by kind of path in a brand folder:
 * - `page`: the page itself (`/` and `/index.html`);
 * - `asset`: a content-named file below `/assets/`, which never changes;
 * - `file`: a file at the top of the folder whose name stays (favicons, manifest);
 * - `api`: an answer of the backend below `/api/`;
 * - `none`: anything else, which is a 404.
 */
export type PathKind = 'page' | 'asset' | 'file' | 'api' | 'none';

export type HeaderMap = Readonly<Record<string, string>>;

const YEAR = 365 * 24 * 60 * 60;

/** For every answer that is not the page: it may run nothing and be framed by no one. */
export const LOCKED_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * For SVG files, which a browser opened directly would run as a document: no script, no
 * subresource, and a sandbox, whatever the file holds (its own <style> stays drawable).
 */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const CACHE_CONTROL: Record<PathKind, string> = {
  // Revalidated on every visit, so a release reaches visitors at once.
  page: 'no-cache',
  asset: `public, max-age=${YEAR}, immutable`,
  file: 'no-cache',
  // The config and the resolver's answers are per visit and never reused.
  api: 'no-store',
  none: 'no-store',
};

/**
 * The headers every answer for one brand carries, apart from Cache-Control and the policy. The
 * nginx config and firebase.json both render these (nginx-config.ts, firebase-hosting.ts):
 * one source, so the two hosts cannot drift apart.
 */
export function commonHeaders(service: string): HeaderMap {
  return {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // For browsers without frame-ancestors; the policy says the same.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // PayPal's checkout opens a popup that reports back to the page through window.opener.
    'Cross-Origin-Opener-Policy': takesPayments(service) ? 'same-origin-allow-popups' : 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** The page's own policy, as baked into its <meta>, plus what only a header can say. */
export function pagePolicy(service: string): string {
  return `${buildContentSecurityPolicy(service, 'release')}; frame-ancestors 'none'`;
}

/** What a host's settings add to the headers: where the browser sends its reports. */
export interface HeaderOptions {
  svg?: boolean;
  /**
   * The operator's endpoint for the browser's reports (deploy.config.json's reportingEndpoint):
   * the page's enforced and Report-Only policies then name it through Reporting-Endpoints.
   */
  reportTo?: string | null | undefined;
}

/** The Reporting-Endpoints group the page's policies report to. */
export const REPORT_GROUP = 'login-gateway-csp';

/** Every header one kind of answer for one brand carries. */
export function hostHeaders(service: string, kind: PathKind, options: HeaderOptions = {}): HeaderMap {
  return {
    ...commonHeaders(service),
    ...kindHeaders(service, kind, options),
  };
}

export function cacheControl(kind: PathKind): string {
  return CACHE_CONTROL[kind];
}

/**
 * The headers that differ between kinds of answer. The page also carries the Trusted Types policy
 * as Report-Only (csp.ts, decision 017): a release's browsers report what the real SDKs would
 * break before it is enforced. With an endpoint, both of the page's policies report to it: what
 * the enforced one blocks is an attack or a broken SDK, either worth the operator's knowing. The
 * other answers run nothing, so their policies have nothing to tell.
 */
export function kindHeaders(
  service: string,
  kind: PathKind,
  { svg = false, reportTo }: HeaderOptions = {},
): HeaderMap {
  if (kind !== 'page') {
    return {
      'Content-Security-Policy': svg ? SVG_POLICY : LOCKED_POLICY,
      'Cache-Control': CACHE_CONTROL[kind],
    };
  }
  const reporting = reportTo ? `; report-to ${REPORT_GROUP}` : '';
  return {
    'Content-Security-Policy': `${pagePolicy(service)}${reporting}`,
    'Cache-Control': CACHE_CONTROL[kind],
    'Content-Security-Policy-Report-Only': `${TRUSTED_TYPES_POLICY}${reporting}`,
    ...(reportTo ? { 'Reporting-Endpoints': `${REPORT_GROUP}="${reportTo}"` } : {}),
  };
}

/**
 * Headers of the backend's answers that never reach the page: it calls \`/api/\` on its own origin,
 * so it needs no CORS grant, and it keeps no cookie; the backend's software is nobody's business.
 */
export const BACKEND_HEADERS_DROPPED: readonly string[] = [
  'Set-Cookie',
  'X-Powered-By',
  'Server-Timing',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
];

/** The files at the top of a brand folder besides the page, as emit-brand.ts writes them. */
export const TOP_LEVEL_FILES: readonly string[] = [...FAVICON_FILES, 'manifest.webmanifest', LICENSES_FILE];
