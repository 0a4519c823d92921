import type { Brand, InvalidBrand } from '../lib/load-brands.ts';
import { RESOLVER_TABLE } from './resolver-table.ts';
import { escapeHtml } from '../lib/escape-html.ts';

export interface GalleryInput {
  brands: Brand[];
  invalid: InvalidBrand[];
  /** `http://<service>.localhost:<port>/` for a brand. */
  brandUrl: (service: string) => string;
  phoneAvailable: boolean;
}

/**
 * The brand manager's page: every brand with its name, logo, accent and favicon, and links that
 * start its flow; broken brand folders with the build's messages. No script, and its colours
 * come from gallery.css, so the page keeps the same strict policy as the login page.
 */
export function renderGallery({ brands, invalid, brandUrl, phoneAvailable }: GalleryInput): string {
  const cards = brands.map((brand) => {
    const start = (query: Record<string, string>, label: string) =>
      `<a href="${escapeHtml(withQuery(brandUrl(brand.service), { service: brand.service, ...query }))}">${escapeHtml(label)}</a>`;
    const links =
      brand.service === 'a-ident'
        ? Object.keys(RESOLVER_TABLE).map((qrid) => start({ qrid }, `Anmelden (${qrid})`))
        : [start({}, 'Anmelden')];
    return `<li class="brand">
  <div class="brand__head"><img src="gallery/favicon/${escapeHtml(brand.service)}.svg" alt="" width="32" height="32"><code>${escapeHtml(brand.service)}</code></div>
  <img class="brand__logo" src="gallery/logo/${escapeHtml(brand.service)}.svg" alt="${escapeHtml(brand.name)}" height="40">
  <p><span class="swatch swatch--${escapeHtml(brand.service)}"></span> ${escapeHtml(brand.accentColor)} / ${escapeHtml(brand.accentTextColor)}</p>
  <p class="brand__links">${links.join(' ')}</p>
</li>`;
  });
  const problems = invalid.map(
    ({ service, problems }) =>
      `<li><h3><code>brands/${escapeHtml(service)}/</code></h3><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></li>`,
  );
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Login-Gateway – Marken (Entwicklung)</title>
<link rel="stylesheet" href="gallery.css">
</head>
<body>
<main>
<h1>Login-Gateway: alle Marken</h1>
<p>Lokale Entwicklungsumgebung. Codes erscheinen in der Konsole und unter <a href="dev/outbox">dev/outbox</a>.${
    phoneAvailable
      ? ''
      : ' <strong>Der Firebase-Emulator läuft nicht: die Anmeldung per Telefonnummer ist nicht verfügbar.</strong>'
  }</p>
${invalid.length > 0 ? `<section class="invalid"><h2>Fehlerhafte Markenordner</h2><ul>${problems.join('')}</ul></section>` : ''}
<ul class="brands">
${cards.join('\n')}
</ul>
</main>
</body>
</html>
`;
}

/** Colour swatches as classes, so the gallery needs no inline style. */
export function renderGalleryCss(brands: Brand[]): string {
  const swatches = brands.map(
    (brand) =>
      `.swatch--${brand.service}{background:${brand.accentColor};border-color:${brand.accentTextColor}}`,
  );
  return `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2937}
main{max-width:72rem;margin:0 auto;padding:2rem 1rem}
.brands{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.brand{background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:1rem}
.brand__head{display:flex;align-items:center;gap:.5rem}
.brand__logo{display:block;margin:.75rem 0;max-width:100%;height:2.5rem;width:auto}
.brand__links{display:flex;flex-wrap:wrap;gap:.25rem .75rem}
.brand__links a{display:inline-block;padding:.25rem 0}
.swatch{display:inline-block;width:1.25rem;height:1.25rem;border:3px solid;border-radius:.25rem;vertical-align:middle}
.invalid{background:#fef2f2;border:1px solid #b91c1c;border-radius:.75rem;padding:0 1rem 1rem}
a{color:#1d4ed8}
${swatches.join('\n')}
`;
}

function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
