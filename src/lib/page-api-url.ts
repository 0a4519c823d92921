/**
 * `path` in the folder of the page, on the page's own origin: the config and the resolver are
 * the page's own (a page at /login/ asks /login/api/config). Runs of slashes collapse first, as
 * `https://host//evil.example/` would otherwise ask `//evil.example/api/config`, a path a server
 * may answer with a redirect to that other host.
 */
export function besidePage(pageUrl: URL, path: string): URL {
  return new URL(pageUrl.pathname.replace(/\/+/g, '/').replace(/[^/]*$/, path), pageUrl.origin);
}
