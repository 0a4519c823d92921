/**
 * The hosts a page may send the visitor and their token to, from `redirectHosts` in its brand's
 * brand.json. The build writes them into the page as this meta tag; a page without it has no
 * list and leaves the choice to the config and the resolver (docs/decisions/013).
 */
export const REDIRECT_HOSTS_META = 'login-gateway-redirect-hosts';

/** The meta tag's content: entries separated by spaces. Present but empty allows nothing. */
export function parseRedirectHosts(content: string | null | undefined): string[] | undefined {
  if (content === null || content === undefined) return undefined;
  return content.split(/\s+/).filter((entry) => entry !== '');
}

/**
 * Whether a URL's hostname is allowed: an entry names a host exactly, or as `*.example.de` every
 * host below example.de (not example.de itself). URL.hostname is already lower case and in its
 * ASCII form; a trailing dot names the same host. A demo build also lets the visitor go to this
 * machine, where its landing page runs.
 */
export function isAllowedHost(hostname: string, allowed: readonly string[] | undefined): boolean {
  if (allowed === undefined) return true;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (__DEMO_BUILD__ && isLoopbackHost(host)) return true;
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** RFC 6761: localhost and every name below it are this machine, as 127.0.0.1 is. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost');
}
