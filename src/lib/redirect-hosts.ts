/**
 * The hosts a page may send the visitor and their token to, from `redirectHosts` in its brand's
 * brand.json, which names at least one (scripts/lib/brand-schema.ts). The build writes them into
 * every brand's page as this meta tag, and the release check refuses a page without it. The
 * page's first script reads it, once (src/start-config.ts), and hands the list to the start rule
 * and the app (decision 029). Only the neutral development page has no tag, and so no host but
 * this machine (isAllowedHost; docs/decisions/013).
 */
export const REDIRECT_HOSTS_META = 'login-gateway-redirect-hosts';

/**
 * The meta tag's content: entries separated by spaces. Absent or empty allows nothing. An entry
 * without a port allows the scheme's default port and `pagePort`, the port of the page itself,
 * which is the default too unless the whole site is served on another (a test or staging host).
 */
export function parseRedirectHosts(content: string | undefined, pagePort = ''): string[] {
  return (content ?? '')
    .split(/\s+/)
    .flatMap((entry) =>
      entry === '' ? [] : pagePort && !entry.includes(':') ? [entry, `${entry}:${pagePort}`] : [entry],
    );
}

/**
 * Whether a URL's host is allowed: an entry names a host exactly, or as `*.example.de` every host
 * below example.de (not example.de itself); a port other than the scheme's default only when the
 * entry names it (`example.de:8443`). URL.hostname is already lower case and in its ASCII form; a
 * trailing dot names the same host. A demo build, and so the development server's page, also
 * lets the visitor go to this machine, where the demo's landing page runs: the one host a page
 * without a list reaches (the neutral development page has none).
 */
export function isAllowedHost(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.replace(/\.$/, '');
  if (__DEMO_BUILD__ && isLoopbackHost(host)) return true;
  // The URL parser keeps empty labels ("..a-ident.example"), which no DNS name has: "*." would match.
  if (host.split('.').includes('')) return false;
  const hostPort = url.port ? `${host}:${url.port}` : host;
  return allowed.some((entry) =>
    entry.startsWith('*.') ? hostPort.endsWith(entry.slice(1)) : hostPort === entry,
  );
}

/** RFC 6761: localhost and every name below it are this machine, as 127.0.0.1 is. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
}
