import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { commonHeaders } from '../lib/host-headers.ts';
import { ENCODINGS } from '../lib/precompress.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  // The bundled dependencies' licences (third-party-licenses.txt).
  '.txt': 'text/plain; charset=utf-8',
};

/** The headers a production host should send with every answer of the login page. */
export const SECURITY_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The headers the release hosts send with every answer for `service` (host-headers.ts), so the
 * demo's flows run under the same Permissions-Policy and opener policy as production. HSTS is
 * left out: the demo is plain http on this machine.
 */
export function demoBrandHeaders(service: string): Record<string, string> {
  const { 'Strict-Transport-Security': _hsts, ...headers } = commonHeaders(service);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * Serves a file below root, or answers false when there is none. The page's own policy (its
 * CSP <meta>) goes out as a header too, with frame-ancestors, which a <meta> cannot carry: 'none'
 * unless the caller allows a page to be framed (the demo's brand preview frames itself), and
 * report-uri when the caller collects violation reports.
 * When the build left a precompressed twin the client accepts, that goes out instead, as a
 * production host with gzip_static/brotli_static would send it.
 */
export async function serveFile(
  response: ServerResponse,
  root: string,
  relativePath: string,
  acceptEncoding = '',
  extraHeaders: Readonly<Record<string, string>> = {},
  { frameAncestors = "'none'", reportUri }: { frameAncestors?: "'none'" | "'self'"; reportUri?: string } = {},
): Promise<boolean> {
  const file = path.join(root, relativePath);
  if (file !== root && !file.startsWith(root + path.sep)) return false;
  const stats = await stat(file).catch(() => undefined);
  const target = stats?.isDirectory() ? path.join(file, 'index.html') : file;
  const type = CONTENT_TYPES[path.extname(target)];
  if (!type || !(await stat(target).catch(() => undefined))?.isFile()) return false;

  const headers: Record<string, string> = {
    'content-type': type,
    ...SECURITY_HEADERS,
    ...extraHeaders,
    'cache-control': cacheFor(target, root),
  };
  if (type.startsWith('text/html')) {
    const html = await readFile(target, 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    if (policy) {
      headers['content-security-policy'] =
        `${policy}; frame-ancestors ${frameAncestors}${reportUri ? `; report-uri ${reportUri}` : ''}`;
    }
  }
  const encoding = await pickEncoding(target, acceptEncoding);
  if (encoding) headers['content-encoding'] = encoding.name;
  if (encoding !== undefined || (await hasTwin(target))) headers.vary = 'accept-encoding';
  response.writeHead(200, headers);
  // A file can vanish between stat and read (a rebuild while serving): end this answer, not the server.
  createReadStream(encoding ? target + encoding.extension : target)
    .on('error', () => response.destroy())
    .pipe(response);
  return true;
}

type Encoding = (typeof ENCODINGS)[number];

/** The best precompressed twin of file that the Accept-Encoding header allows, if any. */
async function pickEncoding(file: string, acceptEncoding: string): Promise<Encoding | undefined> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const encoding of ENCODINGS) {
    if (accepted.has(encoding.name) && (await isFile(file + encoding.extension))) return encoding;
  }
  return undefined;
}

async function hasTwin(file: string): Promise<boolean> {
  const twins = await Promise.all(ENCODINGS.map(({ extension }) => isFile(file + extension)));
  return twins.includes(true);
}

/** The codings a client accepts: listed without `;q=0`. `*` is not honoured; nobody sends it alone. */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** HTML must never be cached (it names the hashed assets); hashed assets may be kept for good. */
function cacheFor(file: string, root: string): string {
  if (file.endsWith('.html')) return 'no-store';
  if (path.relative(root, file).startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
