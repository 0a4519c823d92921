import { isLoopbackHost } from './redirect-hosts.ts';

// A leaf module: the page's first script checks a service's redirectUrl with it too
// (src/app/first-view.ts); the redirects built from such URLs are safe-redirect.ts.

// The URL parser silently drops tabs and newlines ("java\nscript:") and treats "\" as "/"
// ("https://evil.example\@good.example" lands on evil.example), so such input is refused
// before it can be reinterpreted. Format characters cover bidi overrides and zero-width spaces.
const UNSAFE_CHARACTERS = /[\s\p{Cc}\p{Cf}\\]/u;

/**
 * An absolute URL that may receive the visitor or their data: https anywhere, no credentials.
 * A demo build also takes plain http on this machine (the reference backend, the Firebase Auth
 * emulator); a release build has no such exception in its bundle.
 */
export function parseSafeUrl(raw: string): URL | undefined {
  if (UNSAFE_CHARACTERS.test(raw)) return undefined;
  const url = parseUrl(raw);
  if (url === undefined) return undefined;
  const allowedProtocol =
    url.protocol === 'https:' || (__DEMO_BUILD__ && url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!allowedProtocol || url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return url;
}

// Not URL.canParse (Chrome 120, Safari 17): on an older phone its absence made every service
// look unknown and the page stayed blank (issue 14). The lint of the browser range does not see
// static methods (docs/decisions/012-browser-range.md), so this stays the one way to parse.
function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
