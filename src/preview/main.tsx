import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyBrand } from '../features/branding/apply-brand.ts';
import { loadBrand } from '../features/branding/load-brand.ts';
import '../app/app.css';
import { forceColorScheme } from './force-color-scheme.ts';
import { PreviewFrame } from './preview-frame.tsx';
import { PreviewSheet } from './preview-sheet.tsx';
import { PREVIEW_ROOT_ID, readPreviewQuery } from './preview-views.ts';
import './preview.css';

/*
 * The brand preview of the demo build (docs/demo.md), never part of a release. Without `view` in
 * the query it is the page of every view; with it, one frame of that page.
 */
const rootElement = document.getElementById(PREVIEW_ROOT_ID);
if (!rootElement) throw new Error(`preview.html has no #${PREVIEW_ROOT_ID} element`);
const root = createRoot(rootElement);
root.render(<StrictMode>{await preview()}</StrictMode>);

async function preview(): Promise<ReactNode> {
  const query = readPreviewQuery(window.location.search);
  if (query.page === 'unknown') return <p className="preview__problem">{query.problem}</p>;
  const brand = await loadBrand(query.service);
  if (!brand) return <p className="preview__problem">Dieser Build hat keine Marke „{query.service}“.</p>;
  // Each brand folder has its own preview.html; another service is restyled as the app does it.
  if (document.documentElement.dataset.brand !== brand.service)
    applyBrand(brand, { key: brand.service, name: brand.name, accentColor: brand.accentColor });

  if (query.page === 'sheet') {
    document.title = `Vorschau – ${brand.name}`;
    return <PreviewSheet brand={brand} pageUrl={window.location.href} />;
  }
  forceColorScheme(document, query.scheme);
  // The views focus their heading or field when they open, as they should on the page. Dozens of
  // frames doing that at once would pull the preview page's focus and scroll position from frame
  // to frame, so a frame leaves focus to the visitor's own clicks and keys.
  HTMLElement.prototype.focus = () => undefined;
  // The demo server serves its PayPal stand-in next to every brand page (docs/demo.md).
  const paymentSdkUrl = new URL('dev/paypal/sdk/js', document.baseURI).href;
  return <PreviewFrame brand={brand} view={query.view} paymentSdkUrl={paymentSdkUrl} />;
}
