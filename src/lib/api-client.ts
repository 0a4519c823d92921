import { safeParse, type ZodMiniType } from 'zod/mini';
import type { ErrorCode } from './messages.ts';

/** Long enough for a slow mobile network, short enough that a dead backend is not a hang. */
export const CALL_TIMEOUT_MS = 15_000;

/**
 * How a call can fail: `network` is no answer at all (offline, refused, CORS, timeout);
 * `rejected` is an answer that is a server error, not JSON, or not the expected shape.
 */
export type CallFailure = 'network' | 'rejected';

export type CallResult<T> = { ok: true; data: T } | { ok: false; failure: CallFailure };

/** A call's outcome as the page reports it: a spec error code on failure. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; code: ErrorCode };

/** Maps a failed call to the spec code its caller gives each way of failing. */
export function toOutcome<T>(result: CallResult<T>, codes: Record<CallFailure, ErrorCode>): Outcome<T> {
  return result.ok ? result : { ok: false, code: codes[result.failure] };
}

interface CallOptions<T> {
  schema: ZodMiniType<T>;
  timeoutMs?: number;
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

async function call<T>(
  url: URL,
  init: RequestInit,
  { schema, timeoutMs = CALL_TIMEOUT_MS }: CallOptions<T>,
): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { ok: false, failure: 'network' };
  }
  // A 4xx answer may still say why in JSON (a wrong code, say); a 5xx says nothing we can use.
  if (response.status >= 500) return { ok: false, failure: 'rejected' };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, failure: 'rejected' };
  }
  const parsed = safeParse(schema, body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, failure: 'rejected' };
}

/** `{base}/{path}` for a base that may or may not end in a slash and may carry a path. */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  url.search = '';
  url.hash = '';
  return url;
}
