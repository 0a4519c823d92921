import { parseSafeUrl } from './safe-url.ts';

const WITH_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const SCHEME_ONLY = /^[a-z][a-z\d+.-]*:/i;
const HOST_WITH_PORT = /^[^/:]+:\d+(?:\/|$)/;
export interface ResolverRedirectInput {
  targetDomain: string;
  path: string;
  qrId: string;
  token: string;
  paymentId?: string;
}

/** `{targetDomain}/{path}/{qrId}?idtoken={token}[&ppid={paymentId}]`, or undefined when unsafe. */
export function buildResolverRedirect(input: ResolverRedirectInput): URL | undefined {
  const { targetDomain, path, qrId, token, paymentId } = input;
  if (isBlank(qrId) || isBlank(token) || paymentId === '') return undefined;
  if (!isWellFormed(token) || (paymentId !== undefined && !isWellFormed(paymentId))) return undefined;
  if (targetDomain.startsWith('/') || /[?#]/.test(targetDomain)) return undefined;

  const absolute = withHttpsScheme(targetDomain);
  const url = absolute === undefined ? undefined : parseSafeUrl(absolute);
  if (url === undefined) return undefined;

  const extraSegments = [...path.split('/').filter((segment) => segment !== ''), qrId];
  if (extraSegments.some((segment) => segment === '.' || segment === '..')) return undefined;
  const encoded = extraSegments.map(encodeSegment);
  if (encoded.some((segment) => segment === undefined)) return undefined;

  const baseSegments = url.pathname.split('/').filter((segment) => segment !== '');
  const pathname = `/${[...baseSegments, ...encoded].join('/')}`;
  url.pathname = pathname;
  // Defence in depth: the setter must not have reinterpreted anything we encoded.
  if (url.pathname !== pathname) return undefined;

  url.searchParams.set('idtoken', token);
  if (paymentId !== undefined) url.searchParams.set('ppid', paymentId);
  return url;
}

/** `base` (an absolute http(s) URL) with `idtoken` set in its query; query and fragment kept. */
export function buildServiceRedirect(base: string, token: string): URL | undefined {
  if (isBlank(token) || !isWellFormed(token) || !WITH_SCHEME.test(base)) return undefined;
  const url = parseSafeUrl(base);
  url?.searchParams.set('idtoken', token);
  return url;
}

function withHttpsScheme(targetDomain: string): string | undefined {
  if (WITH_SCHEME.test(targetDomain)) return targetDomain;
  // "javascript:…", "data:…" or "https:evil.example" look like a scheme; "localhost:5173" is a host.
  if (SCHEME_ONLY.test(targetDomain) && !HOST_WITH_PORT.test(targetDomain)) return undefined;
  return `https://${targetDomain}`;
}

function encodeSegment(segment: string): string | undefined {
  return isWellFormed(segment) ? encodeURIComponent(segment) : undefined;
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

// A lone UTF-16 surrogate makes encodeURIComponent throw and URLSearchParams silently turn it
// into U+FFFD, which would send a different value than the one we were given.
function isWellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}
