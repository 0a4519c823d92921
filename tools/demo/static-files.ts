import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import {
  commonHeaders,
  kindHeaders,
  TOP_LEVEL_FILES,
  type PathKind,
} from '../../scripts/lib/host-headers.ts';
import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import { ENCODINGS } from '../../scripts/lib/precompress.ts';

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

/**
 * The release hosts' headers for an answer of `kind` (host-headers.ts) but two: HSTS, as the demo
 * is plain http, and the release's name (nginx-config.ts), as a demo build is no release. Without a
 * service (the gallery, the landing page, the outbox), those of a brand that takes no payment.
 */
export function demoHeaders(
  service: string | undefined,
  kind: PathKind,
  options: { svg?: boolean } = {},
): Record<string, string> {
  const { 'Strict-Transport-Security': _hsts, ...common } = commonHeaders(service ?? '');
  return lowerCaseNames({ ...common, ...kindHeaders(service ?? '', kind, options) });
}

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A file's kind as firebase.json tells it; every HTML file is a page (a demo build has a preview too). */
function kindOf(relativePath: string): PathKind {
  if (relativePath.endsWith('.html')) return 'page';
  if (relativePath.startsWith(`assets${path.sep}`)) return 'asset';
  return TOP_LEVEL_FILES.includes(relativePath) ? 'file' : 'none';
}

/**
 * Serves a file below root with the release hosts' headers for its kind, or answers false when
 * there is none. A page's policy is the demo build's own <meta> (the development backend and the
 * Auth emulator allowed, Trusted Types enforced, so no Report-Only copy), plus frame-ancestors,
 * which a <meta> cannot carry: 'none' unless the caller allows framing (the brand preview frames
 * itself), and report-uri when the caller collects violation reports.
 * A precompressed twin the client accepts goes out instead, as gzip_static/brotli_static send it;
 * not for a page that gets `headScript`, a script of the page's origin that the demo server adds
 * at the end of its head (live-reload.ts), as no build may carry it.
 */
export async function serveFile(
  response: ServerResponse,
  root: string,
  relativePath: string,
  acceptEncoding = '',
  extraHeaders: Readonly<Record<string, string>> = {},
  {
    frameAncestors = "'none'",
    reportUri,
    headScript,
  }: { frameAncestors?: "'none'" | "'self'"; reportUri?: string; headScript?: string } = {},
): Promise<boolean> {
  const file = path.join(root, relativePath);
  if (file !== root && !file.startsWith(root + path.sep)) return false;
  const stats = await stat(file).catch(() => undefined);
  const target = stats?.isDirectory() ? path.join(file, 'index.html') : file;
  const type = CONTENT_TYPES[path.extname(target)];
  if (!type || !(await stat(target).catch(() => undefined))?.isFile()) return false;

  const relative = path.relative(root, target);
  const kind = kindOf(relative);
  // A brand folder is named after its service (dist/<service>/); only a page's headers depend on it.
  const headers: Record<string, string> = {
    'content-type': type,
    ...demoHeaders(path.basename(root), kind, { svg: relative.endsWith('.svg') }),
    ...extraHeaders,
  };
  const html = kind === 'page' ? await readFile(target, 'utf8') : '';
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  if (policy) {
    headers['content-security-policy'] =
      `${policy}; frame-ancestors ${frameAncestors}${reportUri ? `; report-uri ${reportUri}` : ''}`;
    delete headers['content-security-policy-report-only'];
  }
  if (headScript !== undefined && kind === 'page') {
    response.writeHead(200, headers);
    const tag = `<script type="module" src="${escapeHtml(headScript)}"></script>`;
    response.end(html.replace('</head>', () => `${tag}\n</head>`));
    return true;
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
