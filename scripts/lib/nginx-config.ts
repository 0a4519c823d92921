import path from 'node:path';
import type { NginxSettings } from './deploy-settings.ts';
import {
  BACKEND_HEADERS_DROPPED,
  hostHeaders,
  TOP_LEVEL_FILES,
  type HeaderMap,
  type PathKind,
} from './host-headers.ts';
import { HEALTH_PATH, healthAnswer, RELEASE_HEADER } from './release-manifest.ts';
import { brandStoreDir, currentBrandDir } from './web-root-layout.ts';

/** What the nginx config needs to know of a brand: its folder and its host names (ASCII). */
export interface ServedBrand {
  service: string;
  domains: readonly string[];
}

/** The settings the config is rendered from (deploy.config.json's `nginx`). */
export type NginxParameters = Pick<
  NginxSettings,
  | 'webRoot'
  | 'certificateDir'
  | 'backend'
  | 'acmeRoot'
  | 'httpListen'
  | 'httpsListen'
  | 'publicHttpsPort'
  | 'accessLog'
  | 'reportingEndpoint'
>;

const UPSTREAM = 'login_gateway_backend';

/**
 * Mozilla's "intermediate" TLS profile (ssl-config.mozilla.org, nginx 1.22, OpenSSL 3.0, no
 * DHE: it would need dhparams): TLS 1.2 and 1.3, AEAD ciphers with forward secrecy only, so no
 * CBC and no SHA-1. nginx fixes the protocols of a listening address with its default server,
 * before SNI names a brand; so the default server says them, and every brand server too.
 */
const TLS = [
  'ssl_protocols TLSv1.2 TLSv1.3;',
  'ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;',
  'ssl_ecdh_curve X25519:prime256v1:secp384r1;',
  'ssl_prefer_server_ciphers off;',
] as const;
/**
 * What the access log keeps of a request: no query string (a page's carries the service and the
 * QR id, a personal payment reference), no referrer, no body.
 */
const LOG_FORMAT = 'login_gateway_private';
/**
 * One JSON object per line (`escape=json`), so per-brand rates come from `jq` or any log tool:
 * the host (the brand), the status nginx answered and the backend's (empty when nginx answered
 * alone; "502" when the backend was down), and both durations in seconds.
 */
const LOG_FIELDS = `{${[
  '"time":"$time_iso8601"',
  '"host":"$host"',
  '"remote_addr":"$remote_addr"',
  '"method":"$request_method"',
  `"path":"$${LOG_FORMAT}_path"`,
  '"protocol":"$server_protocol"',
  '"status":$status',
  '"bytes":$body_bytes_sent',
  '"request_time":$request_time',
  '"upstream_status":"$upstream_status"',
  '"upstream_response_time":"$upstream_response_time"',
  '"user_agent":"$http_user_agent"',
].join(',')}}`;
/**
 * The readiness check of a load balancer or a monitor: the backend's `GET /api/config` for the
 * brand's host, through the same upstream as the page's calls. `/healthz` stays the liveness
 * answer of nginx alone.
 */
export const READINESS_PATH = '/readyz';

/**
 * One nginx configuration for every brand, to be included in the `http` block (Debian:
 * /etc/nginx/conf.d/). Written for nginx 1.22 with libnginx-mod-http-brotli-static; every header
 * comes from host-headers.ts, like firebase.json's.
 */
export function renderNginxConfig(
  brands: readonly ServedBrand[],
  parameters: NginxParameters,
  release: string,
): string {
  const owners = new Map<string, string>();
  for (const { service, domains } of brands) {
    for (const domain of domains) {
      const owner = owners.get(domain);
      if (owner)
        throw new Error(
          `${domain} is a domain of both ${owner} and ${service}; a host name serves one brand`,
        );
      owners.set(domain, service);
    }
  }
  for (const value of [
    parameters.webRoot,
    parameters.certificateDir,
    parameters.backend,
    parameters.acmeRoot,
    parameters.accessLog,
    release,
  ]) {
    if (!/^[A-Za-z0-9_./:[\]-]+$/.test(value)) {
      throw new Error(`"${value}" cannot go into an nginx config: use letters, digits and _ . / : - only`);
    }
  }
  const https = parameters.publicHttpsPort === 443 ? '' : `:${parameters.publicHttpsPort}`;
  const accessLog =
    parameters.accessLog === 'off' ? 'access_log off;' : `access_log ${parameters.accessLog} ${LOG_FORMAT};`;
  const blocks = [
    header(parameters, release),
    // The path as the visitor asked for it ($uri is after try_files), without the query string.
    `map $request_uri $${LOG_FORMAT}_path {\n    "~^(?<login_gateway_path>[^?]*)" $login_gateway_path;\n}`,
    `log_format ${LOG_FORMAT} escape=json '${LOG_FIELDS}';`,
    `upstream ${UPSTREAM} {\n    server ${parameters.backend};\n    keepalive 8;\n}`,
    block('# A host name that is not a brand gets no answer, on either port.\nserver', [
      ...parameters.httpListen.map((address) => `listen ${address} default_server;`),
      ...parameters.httpsListen.map((address) => `listen ${address} ssl http2 default_server;`),
      'ssl_reject_handshake on;',
      ...TLS,
      'server_tokens off;',
      accessLog,
      'return 444;',
    ]),
    ...brands.flatMap((brand) => [
      block(`# ${brand.service}: plain HTTP only redirects (and answers certificate challenges).\nserver`, [
        ...parameters.httpListen.map((address) => `listen ${address};`),
        `server_name ${brand.domains.join(' ')};`,
        'server_tokens off;',
        accessLog,
        block('location ^~ /.well-known/acme-challenge/', [
          `root ${parameters.acmeRoot};`,
          'try_files $uri =404;',
        ]),
        block('location /', [`return 301 https://$host${https}$request_uri;`]),
      ]),
      brandServer(brand, parameters, release, accessLog),
    ]),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function header(parameters: NginxParameters, release: string): string {
  return [
    '# The login gateway, every brand. Rendered by `npm run deploy -- nginx` (scripts/lib/nginx-config.ts)',
    '# from deploy.config.json and the domains in brands/: change those and deploy again rather than',
    '# editing this file. Include it in the http block; docs/deploy.md has the steps.',
    `#   release:      ${release}`,
    `#   web root:     ${parameters.webRoot}`,
    `#   certificates: ${parameters.certificateDir}/<first domain>/{fullchain,privkey}.pem`,
    `#   backend:      ${parameters.backend}`,
    `#   acme root:    ${parameters.acmeRoot}`,
    `#   access log:   ${parameters.accessLog}`,
    `#   listen:       ${[...parameters.httpListen, ...parameters.httpsListen].join(' ')} (https port ${parameters.publicHttpsPort})`,
  ].join('\n');
}

function brandServer(
  brand: ServedBrand,
  parameters: NginxParameters,
  release: string,
  accessLog: string,
): string {
  const { service } = brand;
  const certificates = path.posix.join(parameters.certificateDir, brand.domains[0] ?? service);
  // Every answer names the release it comes from, so an operator sees which one a domain serves.
  const headers = (kind: PathKind, svg = false) =>
    addHeaders(
      {
        ...hostHeaders(service, kind, { svg, reportTo: parameters.reportingEndpoint }),
        [RELEASE_HEADER]: release,
      },
      kind,
    );
  // The page's calls and the readiness check go the same way to the one backend.
  const toBackend = (uri: string) => [
    `proxy_pass http://${UPSTREAM}${uri};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    // nginx is the edge: the visitor's address is the peer's, not what a client claims.
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto https;',
    // The backend's copies of our headers, and what the page must not get from it (cookies,
    // CORS grants, its software's name), are dropped; ours are added after these.
    ...[...Object.keys(hostHeaders(service, 'api')), ...BACKEND_HEADERS_DROPPED].map(
      (name) => `proxy_hide_header ${name};`,
    ),
  ];
  return block(`# ${service}\nserver`, [
    ...parameters.httpsListen.map((address) => `listen ${address} ssl http2;`),
    `server_name ${brand.domains.join(' ')};`,
    `ssl_certificate ${certificates}/fullchain.pem;`,
    `ssl_certificate_key ${certificates}/privkey.pem;`,
    ...TLS,
    'ssl_session_timeout 1d;',
    'ssl_session_tickets off;',
    'server_tokens off;',
    'autoindex off;',
    accessLog,
    // A missing file is an answer, not an error worth a line (with the request's query) in the log.
    'log_not_found off;',
    // The page and its named files from the release being served (web-root-layout.ts).
    `root ${currentBrandDir(parameters.webRoot, service)};`,
    // The build wrote a .br and a .gz twin of every compressible file that shrinks.
    'brotli_static on;',
    'gzip_static on;',
    'gzip_vary on;',
    'charset utf-8;',
    'charset_types text/plain text/css application/javascript application/manifest+json image/svg+xml;',
    // What nginx answers before a location is chosen (a 400, a 414, a 405 for TRACE) takes the
    // server's own headers. add_header is not inherited into a location that has its own, so
    // each location says them all.
    ...headers('none'),
    block('location = /', ['try_files /index.html =404;', ...headers('page')]),
    block('location = /index.html', headers('page')),
    // Assets from the store, which keeps those of earlier releases for pages opened before a deploy.
    block('location ^~ /assets/', [
      `root ${brandStoreDir(parameters.webRoot, service)};`,
      block('location ~ \\.(br|gz)$', ['return 404;', ...headers('none')]),
      block('location ~ \\.svg$', ['try_files $uri @missing;', ...headers('asset', true)]),
      // A file that is not there is no immutable asset: its 404 must not be cached.
      'try_files $uri @missing;',
      ...headers('asset'),
    ]),
    block('location @missing', ['return 404;', ...headers('none')]),
    ...TOP_LEVEL_FILES.map((file) =>
      block(`location = /${file}`, [
        ...(file.endsWith('.webmanifest') ? ['types { }', 'default_type application/manifest+json;'] : []),
        ...headers('file', file.endsWith('.svg')),
      ]),
    ),
    // The status and the release id from the config, like the release header: release.json, with
    // the commit and every brand's name, is for the operator and not served.
    block(`location = ${HEALTH_PATH}`, [
      'default_type application/json;',
      `return 200 '${healthAnswer(release).replace('\n', '\\n')}';`,
      ...headers('file'),
    ]),
    // Ready when the backend answers the page's first call for this host: its status, or 502/504.
    block(`location = ${READINESS_PATH}`, [
      ...toBackend('/api/config'),
      // Whatever the checker sends, the backend is asked the page's GET, without a body.
      'proxy_method GET;',
      'proxy_pass_request_body off;',
      'proxy_set_header Content-Length "";',
      'proxy_connect_timeout 2s;',
      'proxy_read_timeout 5s;',
      ...headers('api'),
    ]),
    block('location /api/', [...toBackend(''), ...headers('api')]),
    // Every other path, and every directory, is not there.
    block('location /', ['return 404;', ...headers('none')]),
  ]);
}

function addHeaders(headers: HeaderMap, kind: PathKind): string[] {
  return Object.entries(headers).map(([name, value]) => {
    // An asset's year-long, immutable caching is for the file, not for an error about it (a 416
    // for a range past its end): without `always`, nginx adds it to 2xx and 3xx answers only.
    const always = kind === 'asset' && name === 'Cache-Control' ? '' : ' always';
    return `add_header ${name} ${quote(value)}${always};`;
  });
}

function quote(value: string): string {
  if (/[\\$\n]/.test(value) || (value.includes('"') && value.includes("'")))
    throw new Error(`header value ${value} cannot be quoted for nginx`);
  // Reporting-Endpoints has double quotes of its own.
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

function block(opening: string, lines: readonly string[]): string {
  const body = lines.map((line) => line.replace(/^/gm, '    ')).join('\n');
  return `${opening} {\n${body}\n}`;
}
