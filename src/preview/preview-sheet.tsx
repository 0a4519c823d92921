import type { Brand } from '../features/branding/brand.ts';
import {
  previewFrameUrl,
  previewViews,
  SCHEME_LABELS,
  SCHEMES,
  WIDTHS,
  type Scheme,
  type Width,
} from './preview-views.ts';

interface PreviewSheetProps {
  brand: Brand;
  pageUrl: string;
}

/**
 * Every view of one brand, each light and dark, at phone and desktop width. Each frame is this
 * page again with `view` and `scheme` in the query, so it runs the real bundle in its own
 * viewport, where the app's width and color rules apply as on a visitor's screen. The frames are
 * of this page's origin, so all of them run on its one main thread: the browser loads those near
 * the viewport at once and the others as they are scrolled to.
 */
export function PreviewSheet({ brand, pageUrl }: PreviewSheetProps) {
  return (
    <div className="preview">
      <header className="preview__header">
        <picture>
          {brand.logoDark && <source srcSet={brand.logoDark.src} media="(prefers-color-scheme: dark)" />}
          <img
            className="preview__logo"
            src={brand.logo.src}
            alt=""
            width={brand.logo.width}
            height={brand.logo.height}
          />
        </picture>
        <h1>Vorschau: {brand.name}</h1>
        <p>
          Jede Ansicht der Anmeldung, wie der Demo-Build sie zeichnet, mit festen Zuständen: hell und dunkel,
          auf einem Telefon ({WIDTHS.phone.width} px breit) und am Desktop ({WIDTHS.desktop.width} px, halb so
          groß gezeigt). Nichts davon sendet etwas. Welche Anmeldemethoden ein Dienst anbietet, legt die
          Konfiguration fest; hier sind alle drei zu sehen.
        </p>
      </header>
      <main>
        {previewViews(brand.service).map((view) => (
          <section key={view.key} className="preview__view" aria-labelledby={`view-${view.key}`}>
            <h2 id={`view-${view.key}`}>{view.label}</h2>
            <div className="preview__frames">
              {(['phone', 'desktop'] as const).flatMap((width) =>
                SCHEMES.map((scheme) => (
                  <figure key={`${width}-${scheme}`} className="preview__figure">
                    <figcaption>{caption(width, scheme)}</figcaption>
                    <div className={`preview__viewport preview__viewport--${width}`}>
                      <iframe
                        className={`preview__frame preview__frame--${width}`}
                        title={`${view.label} – ${caption(width, scheme)}`}
                        src={previewFrameUrl(pageUrl, brand.service, view.key, scheme)}
                        width={WIDTHS[width].width}
                        height={WIDTHS[width].height}
                        loading="lazy"
                      />
                    </div>
                  </figure>
                )),
              )}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}

function caption(width: Width, scheme: Scheme): string {
  const { label, width: pixels } = WIDTHS[width];
  return `${label}, ${pixels} px, ${SCHEME_LABELS[scheme]}`;
}
