import { isLoopbackHost } from '../../src/lib/redirect-hosts.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Form bodies of the MWS and resolver calls are a few hundred bytes; anything far larger is refused. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * Whether a Host header names this machine in a way only this machine can: `localhost`, a
 * `*.localhost` name (browsers resolve those to loopback without asking DNS) or 127.0.0.1, where
 * the servers listen, with any port. Against DNS rebinding: a page of evil.example whose DNS
 * answer turns into 127.0.0.1 reaches a local server as its own origin and could read what it
 * answers (the sent codes, the config), but its requests still carry `Host: evil.example`.
 */
export function isLocalHost(host: string | undefined): boolean {
  const name = /^([a-z0-9_.-]*)(?::\d{1,5})?$/.exec(host?.toLowerCase() ?? '')?.[1] ?? '';
  return isLoopbackHost(name);
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads an application/x-www-form-urlencoded body, refusing other types and oversized bodies. */
export async function readForm(request: IncomingMessage, limit = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'expected an application/x-www-form-urlencoded body');
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The named fields, each present and non-empty, else a 400 that names the missing ones. */
export function requireFields<const K extends string>(
  form: URLSearchParams,
  ...names: K[]
): Record<K, string> {
  const missing = names.filter((name) => !form.get(name)?.trim());
  if (missing.length > 0) throw new HttpError(400, `missing form field(s): ${missing.join(', ')}`);
  return Object.fromEntries(names.map((name) => [name, form.get(name) ?? ''])) as Record<K, string>;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** A thrown HttpError becomes its JSON error answer; anything else a 500, never a crash. */
export function sendError(response: ServerResponse, error: unknown, headers: Record<string, string> = {}) {
  if (response.headersSent) return void response.end();
  if (error instanceof HttpError) return sendJson(response, error.status, { error: error.message }, headers);
  console.error('Unexpected error while answering a request:', error);
  sendJson(response, 500, { error: 'internal error' }, headers);
}
