import './start-config.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { handOver } from './app/first-view.ts';
import { mayRender } from './app/frame-guard.ts';
import { loadStartup } from './app/lazy-steps.ts';
import { loadBrand } from './features/branding/load-brand.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (mayRender(window, (message) => console.error(message))) {
  // The app's full check of the config is a chunk of its own: on its way while React hydrates.
  loadStartup().catch(() => undefined);
  // The page's own brand draws the first render, which must equal the page the build
  // pre-rendered (scripts/lib/prerender.ts); its chunk is preloaded in <head>.
  const bakedBrand = await loadBrand(document.documentElement.dataset.brand).catch(() => undefined);
  const app = (
    <StrictMode>
      <App
        pageUrl={new URL(window.location.href)}
        navigate={(url) => window.location.replace(url)}
        bakedBrand={bakedBrand}
        handedOver={handOver()}
        setShown={(shown) => {
          root.hidden = !shown;
        }}
      />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
