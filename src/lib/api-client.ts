import { safeParse, type ZodMiniType } from 'zod/mini';
import { CALL_TIMEOUT_MS } from './limits.ts';
import type { ErrorCode } from './messages.ts';
import { readText } from './read-text.ts';

export { CALL_TIMEOUT_MS };

/**
 * The most an answer may weigh unless its call says otherwise. An MWS or resolver answer is a
 * status, a message and at most an id token, which stays a few KiB even with custom claims; 64 KiB
 * leaves room for that without letting a broken or hostile server stream megabytes into JSON.parse.
 */
export const DEFAULT_MAX_BYTES = 64 * 1024;

/**
 * How a call can fail: `network` is no answer at all (offline, refused, CORS, timeout);
 * `tooManyRequests` is HTTP 429, whatever its body; `rejected` is any other answer that is a server
 * error, larger than the call allows, not JSON, or not the expected shape.
 */
export type CallFailure = 'network' | 'tooManyRequests' | 'rejected';

export type CallResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      failure: CallFailure;
      /** HTTP 429: how long the server asks to wait (its `Retry-After` in seconds), when it says. */
      retryAfterMs?: number;
      /** HTTP 429: the body, when it has the call's shape (an MWS says there why it refuses). */
      data?: T;
    };

/**
 * A call's outcome as the page reports it: a spec error code on failure, and when a refusal ends
 * (epoch ms) where the server said so.
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; retryAt?: number };

/**
 * The spec code a caller gives each way of failing; a caller with no word of its own for too many
 * requests reports them as rejected.
 */
type FailureCodes = Record<Exclude<CallFailure, 'tooManyRequests'>, ErrorCode> & {
  tooManyRequests?: ErrorCode;
};

/** Maps a failed call to the spec code its caller gives each way of failing. */
export function toOutcome<T>(result: CallResult<T>, codes: FailureCodes, now = Date.now()): Outcome<T> {
  if (result.ok) return result;
  const code = codes[result.failure] ?? codes.rejected;
  return result.retryAfterMs === undefined
    ? { ok: false, code }
    : { ok: false, code, retryAt: now + result.retryAfterMs };
}

interface CallOptions<T> {
  schema: ZodMiniType<T>;
  timeoutMs?: number;
  /** The largest body, in bytes, the call reads; DEFAULT_MAX_BYTES unless given. */
  maxBytes?: number;
}

/**
 * POSTs form fields as application/x-www-form-urlencoded, which keeps the call a CORS simple
 * request (no preflight), and validates the JSON answer.
 */
export function postForm<T>(
  url: URL,
  fields: Record<string, string>,
  options: CallOptions<T>,
): Promise<CallResult<T>> {
  return call(url, { method: 'POST', body: new URLSearchParams(fields) }, options);
}

export function getJson<T>(url: URL, init: RequestInit, options: CallOptions<T>): Promise<CallResult<T>> {
  return call(url, { ...init, method: 'GET' }, options);
}

/**
 * Reads a GET another script started (the config request, src/lib/config-request.ts) with the
 * same checks as getJson: status, size cap, JSON and schema.
 */
export function readJson<T>(response: Promise<Response>, options: CallOptions<T>): Promise<CallResult<T>> {
  return call(undefined, { method: 'GET' }, options, response);
}

async function call<T>(
  url: URL | undefined,
  init: RequestInit,
  { schema, timeoutMs = CALL_TIMEOUT_MS, maxBytes = DEFAULT_MAX_BYTES }: CallOptions<T>,
  started?: Promise<Response>,
): Promise<CallResult<T>> {
  let response: Response;
  try {
    // Every call stays where it was sent: a redirect could hand the page another host's config,
    // or take a posted token there (307 and 308 send the body again).
    response = await (started ??
      fetch(url ?? '', { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) }));
  } catch {
    return { ok: false, failure: 'network' };
  }
  // A 4xx answer may still say why in JSON (a wrong code, say); a 5xx says nothing we can use.
  if (response.status >= 500) return { ok: false, failure: 'rejected' };
  // Too many requests is the status alone: a proxy or gateway may say it with any body, or none.
  // Its body and Retry-After only add why and for how long, when they are there.
  if (response.status === 429) {
    const retryAfterMs = retryAfterOf(response);
    const data = await readBody(response, schema, maxBytes);
    return {
      ok: false,
      failure: 'tooManyRequests',
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      ...(data !== undefined && { data }),
    };
  }
  const data = await readBody(response, schema, maxBytes);
  return data === undefined ? { ok: false, failure: 'rejected' } : { ok: true, data };
}

/** The body as JSON of the schema's shape, or undefined: too large, not JSON or another shape. */
async function readBody<T>(
  response: Response,
  schema: ZodMiniType<T>,
  maxBytes: number,
): Promise<T | undefined> {
  try {
    const text = await readText(response, maxBytes);
    if (text === undefined) return undefined;
    const parsed = safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `Retry-After` in delta-seconds (docs/backend-contract.md). The date form is left out: it is
 * read against the visitor's clock, which may be minutes off. A cross-origin MWS must expose it.
 */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  return value && /^\d{1,9}$/.test(value) ? Number(value) * 1000 : undefined;
}

/** `{base}/{path}` for a base that may or may not end in a slash and may carry a path. */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  url.search = '';
  url.hash = '';
  return url;
}
