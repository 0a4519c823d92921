import { startFirstView } from './app/first-view.ts';
import { hasStoredProgress } from './app/progress-keys.ts';
import { REDIRECT_HOSTS_META, parseRedirectHosts } from './lib/redirect-hosts.ts';
import { startConfigRequest } from './lib/config-request.ts';

// The page's first script, loaded async in <head> (bake-html.ts) and imported first by main.tsx:
// whichever arrives first runs it, once, so the config is on its way before React has arrived,
// and the pre-rendered view 0 shows as soon as the config confirms it (src/app/first-view.ts).
/**
 * Whether this is the login page: its chunk also holds modules every page of the bundle shares
 * (the brand preview's too), and importing it must not ask for a config there. Run by the
 * page's own async tag, it may come before the parser has reached the root; run by an import
 * of a deferred module script, the whole page has been parsed.
 */
const isLoginPage = document.readyState === 'loading' || document.getElementById('root') !== null;

if (isLoginPage) {
  const url = new URL(window.location.href);
  const config = startConfigRequest(url);
  const showFirstView = () =>
    startFirstView(
      {
        url,
        brand: document.documentElement.dataset.brand,
        redirectHosts: parseRedirectHosts(
          document.querySelector<HTMLMetaElement>(`meta[name="${REDIRECT_HOSTS_META}"]`)?.content,
          url.port,
        ),
        hasProgress: hasStoredProgress,
      },
      config,
    );
  // Loaded async, it may run before the parser has reached the pre-rendered view. Not on
  // DOMContentLoaded, which waits for the app's bundle: the parser is done a step earlier.
  if (document.readyState === 'loading')
    document.addEventListener('readystatechange', showFirstView, { once: true });
  else showFirstView();
}
