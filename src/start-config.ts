import { startFirstView } from './app/first-view.ts';
import { hasStoredProgress } from './app/progress-keys.ts';
import { REDIRECT_HOSTS_META, parseRedirectHosts } from './lib/redirect-hosts.ts';
import { startConfigRequest } from './lib/config-request.ts';

// The page's first script, loaded async in <head> (bake-html.ts) and imported first by main.tsx:
// whichever arrives first runs it, once, so the config is on its way before React has arrived,
// and the pre-rendered view 0 shows as soon as the config confirms it (src/app/first-view.ts).
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
// Loaded async, it may run before the parser has reached the pre-rendered view.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', showFirstView, { once: true });
else showFirstView();
