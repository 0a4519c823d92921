import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { PREVIEW_FILE } from '../../scripts/lib/emit-brand.ts';
import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import type { Brand, InvalidBrand } from '../../scripts/lib/load-brands.ts';
import { RESOLVER_TABLE } from './resolver-table.ts';

export interface GalleryInput {
  brands: Brand[];
  invalid: InvalidBrand[];
  /** `http://<service>.localhost:<port>/` for a brand. */
  brandUrl: (service: string) => string;
  phoneAvailable: boolean;
  /** The page's module scripts, same-origin as its policy allows: live reload, and the tryout's. */
  scripts: string[];
  /** Whether the page offers to try a folder before it is in brands/ (browser/tryout.ts). */
  tryout: boolean;
  /** Why the last rebuild failed, while the server goes on with the build before it. */
  rebuildFailure: string | undefined;
}

/**
 * The brand manager's page: every brand with its name, title, domains, logo, accent and favicon,
 * links that start its flow and one to its preview of every view, and what its folder should
 * still get; broken brand folders with the build's messages; a box to try a folder before it is
 * in brands/. Its scripts are files of its own origin and its colors come from gallery.css, so
 * the page keeps a strict policy like the login page's. It follows the system's color scheme,
 * each logo too (logo-dark.svg where a brand has one), as the login page, unless the visitor
 * picks Hell or Dunkel in its color scheme switch.
 */
export function renderGallery({
  brands,
  invalid,
  brandUrl,
  phoneAvailable,
  scripts,
  tryout,
  rebuildFailure,
}: GalleryInput): string {
  const cards = brands.map((brand) => {
    const service = escapeHtml(brand.service);
    const link = (file: string, query: Record<string, string>, label: string) =>
      `<a href="${escapeHtml(withQuery(new URL(file, brandUrl(brand.service)).href, { service: brand.service, ...query }))}">${escapeHtml(label)}</a>`;
    const links =
      brand.service === RESOLVER_SERVICE
        ? Object.keys(RESOLVER_TABLE).map((qrid) => link('', { qrid }, `Anmelden (${qrid})`))
        : [link('', {}, 'Anmelden')];
    const name = escapeHtml(brand.name);
    // Both logos; gallery.css shows the one of the scheme, and the other, display: none, is not read out.
    const logos = brand.logoDark
      ? `<img class="brand__logo brand__logo--light" src="gallery/logo/${service}.svg" alt="${name}" height="40"><img class="brand__logo brand__logo--dark" src="gallery/logo-dark/${service}.svg" alt="${name}" height="40">`
      : `<img class="brand__logo" src="gallery/logo/${service}.svg" alt="${name}" height="40">`;
    const warnings =
      brand.warnings.length > 0
        ? `<div class="brand__warnings"><p>Hinweise:</p><ul>${brand.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul></div>`
        : '';
    return `<li class="brand">
  <div class="brand__head"><img src="gallery/favicon/${service}.svg" alt="" width="32" height="32"><code>${service}</code></div>
  ${logos}
  <dl class="brand__facts"><dt>Titel</dt><dd>${escapeHtml(brand.title)}</dd><dt>Domains</dt><dd><ul>${brand.domains.map((domain) => `<li><code>${escapeHtml(domain)}</code></li>`).join('')}</ul></dd></dl>
  <p><span class="swatch swatch--${service}"></span> ${escapeHtml(brand.accentColor)} / ${escapeHtml(brand.accentTextColor)}</p>
  <p class="brand__links">${links.join(' ')}</p>
  <p class="brand__preview">${link(PREVIEW_FILE, {}, 'Vorschau aller Ansichten')}</p>
${warnings}</li>`;
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
${scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('\n')}
</head>
<body>
<main>
<h1>Login-Gateway: alle Marken</h1>
<p>Lokale Entwicklungsumgebung. Codes erscheinen in der Konsole und unter <a href="dev/outbox">dev/outbox</a>.${
    phoneAvailable
      ? ''
      : ' <strong>Der Firebase-Emulator läuft nicht: die Anmeldung per Telefonnummer ist nicht verfügbar.</strong>'
  }</p>
${SCHEME_SWITCH}
${rebuildFailure === undefined ? '' : `<section class="invalid"><h2>Der letzte Neubau ist fehlgeschlagen</h2><p>Die Seiten zeigen den Stand davor. Der Build meldet:</p><pre lang="en">${escapeHtml(rebuildFailure)}</pre></section>`}
${tryout ? TRYOUT_SECTION : ''}
${invalid.length > 0 ? `<section class="invalid"><h2>Fehlerhafte Markenordner</h2><ul>${problems.join('')}</ul></section>` : ''}
<ul class="brands">
${cards.join('\n')}
</ul>
</main>
</body>
</html>
`;
}

/**
 * Hidden until its script runs: without it, nothing here works. The drop is an extra, so the
 * folder and the files each have a labelled input for the keyboard.
 */
const TRYOUT_SECTION = `<section class="tryout" id="tryout" aria-labelledby="tryout-heading" hidden>
<h2 id="tryout-heading">Ordner ausprobieren</h2>
<p>Zieh einen Markenordner auf diese Seite oder wähle ihn aus: der Build prüft ihn, wie er ihn in <code>brands/</code> prüfen würde, und zeigt jede Ansicht hell und dunkel. In <code>brands/</code> wird nichts geschrieben; ein zweiter Versuch ersetzt den ersten.</p>
<form class="tryout__form" id="tryout-form">
<p><label for="tryout-folder">Ordner wählen</label> <input type="file" id="tryout-folder" webkitdirectory multiple></p>
<p><label for="tryout-files">Oder seine Dateien wählen</label> <input type="file" id="tryout-files" multiple></p>
<p><label for="tryout-name">Name des Ordners</label> <input type="text" id="tryout-name" autocomplete="off" spellcheck="false" aria-describedby="tryout-name-hint">
<span class="tryout__hint" id="tryout-name-hint">Der Dienstschlüssel, wie der Ordner in <code>brands/</code> heißen soll; kommt aus dem gewählten Ordner. Heißt schon eine Marke so, tritt der Versuch an ihre Stelle.</span></p>
<p><button type="submit">Ausprobieren</button></p>
</form>
<p class="tryout__status" id="tryout-status" role="status"></p>
<div class="tryout__result" id="tryout-result" hidden></div>
</section>`;

/** The page's own choice of scheme; without a script, gallery.css reads it with :has(). */
const SCHEME_SWITCH = `<fieldset class="scheme">
<legend>Farbschema</legend>
<label><input type="radio" name="scheme" id="scheme-system" checked> System</label>
<label><input type="radio" name="scheme" id="scheme-light"> Hell</label>
<label><input type="radio" name="scheme" id="scheme-dark"> Dunkel</label>
</fieldset>`;

const LIGHT =
  'color-scheme:light;--page:#f4f5f7;--ink:#1f2937;--card:#fff;--line:#d1d5db;--link:#1d4ed8;--bad:#b91c1c;--bad-bg:#fef2f2;--note:#92400e;--note-bg:#fffbeb';
const DARK =
  'color-scheme:dark;--page:#111827;--ink:#f3f4f6;--card:#1f2937;--line:#4b5563;--link:#93c5fd;--bad:#fca5a5;--bad-bg:#2a1215;--note:#fcd34d;--note-bg:#2a2110';

/** The dark page at `root`: its colors, and the dark logo where a brand has one. */
function darkAt(root: string): string {
  return `${root}{${DARK}}${root} .brand__logo--light{display:none}${root} .brand__logo--dark{display:block}`;
}

/** Color swatches as classes, so the gallery needs no inline style. */
export function renderGalleryCss(brands: Brand[]): string {
  const swatches = brands.map(
    (brand) =>
      `.swatch--${brand.service}{background:${brand.accentColor};border-color:${brand.accentTextColor}}`,
  );
  // Dark with the system unless Hell is picked, or when Dunkel is picked.
  return `:root{${LIGHT}}
@media (prefers-color-scheme: dark){${darkAt(':root:not(:has(#scheme-light:checked))')}}
${darkAt(':root:has(#scheme-dark:checked)')}
body{font-family:system-ui,sans-serif;margin:0;background:var(--page);color:var(--ink)}
main{max-width:72rem;margin:0 auto;padding:2rem 1rem}
.brands{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.brand{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem}
.brand__head{display:flex;align-items:center;gap:.5rem}
.brand__logo{display:block;margin:.75rem 0;max-width:100%;height:2.5rem;width:auto}
.brand__logo--dark{display:none}
.scheme{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:1rem 0;padding:.5rem 1rem .75rem;border:1px solid var(--line);border-radius:.75rem;background:var(--card)}
.scheme legend{padding:0 .25rem;font-weight:600}
.scheme label{display:inline-flex;align-items:center;gap:.375rem;padding:.25rem 0}
.scheme input{margin:0;width:1.125rem;height:1.125rem;accent-color:var(--link)}
.scheme input:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.brand__links{display:flex;flex-wrap:wrap;gap:.25rem .75rem}
.brand__links a,.brand__preview a{display:inline-block;padding:.25rem 0}
.brand__preview{margin:.5rem 0 0;font-weight:600}
.brand__warnings{margin-top:.75rem;padding:.5rem .75rem;border-left:4px solid var(--note);background:var(--note-bg);font-size:.875rem}
.brand__warnings p{margin:0;font-weight:600;color:var(--note)}
.brand__warnings ul{margin:.25rem 0 0;padding-left:1.25rem}
.swatch{display:inline-block;width:1.25rem;height:1.25rem;border:3px solid;border-radius:.25rem;vertical-align:middle}
.invalid{background:var(--bad-bg);border:1px solid var(--bad);border-radius:.75rem;padding:0 1rem 1rem;margin:1rem 0}
.invalid pre,.tryout pre{white-space:pre-wrap;overflow-wrap:anywhere}
.brand__facts{display:grid;grid-template-columns:auto 1fr;gap:.125rem .75rem;margin:.5rem 0;font-size:.875rem}
.brand__facts dt{font-weight:600}
.brand__facts dd{margin:0;overflow-wrap:anywhere}
.brand__facts ul{list-style:none;margin:0;padding:0}
.tryout{margin:1rem 0;padding:0 1rem 1rem;border:2px dashed var(--line);border-radius:.75rem;background:var(--card)}
.tryout--dragging{border-color:var(--link);border-style:solid}
.tryout__form{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));align-items:start;gap:0 1.5rem}
.tryout__form p:last-child{grid-column:1/-1}
.tryout__form p{margin:.5rem 0}
.tryout__form label{display:block;font-weight:600;margin-bottom:.25rem}
.tryout__form input[type=text]{font:inherit;padding:.25rem .5rem;border:1px solid var(--line);border-radius:.25rem;background:var(--page);color:var(--ink)}
.tryout__hint{display:block;max-width:28rem;font-size:.875rem}
.tryout button{font:inherit;padding:.375rem 1rem;border:1px solid var(--link);border-radius:.375rem;background:var(--link);color:var(--card)}
.tryout input:focus-visible,.tryout button:focus-visible,.tryout h3:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.tryout__status{font-weight:600}
.tryout__result h5{margin:.75rem 0 .25rem;font-size:1rem}
.tryout__problems,.tryout__warnings{padding:.5rem .75rem;font-size:.875rem}
.tryout__problems{border-left:4px solid var(--bad);background:var(--bad-bg)}
.tryout__warnings{border-left:4px solid var(--note);background:var(--note-bg)}
.tryout__problems ul,.tryout__warnings ul{margin:.25rem 0 0;padding-left:1.25rem}
.tryout__preview{display:block;width:100%;height:80vh;border:1px solid var(--line);border-radius:.5rem;background:var(--page)}
a{color:var(--link)}
${swatches.join('\n')}
`;
}

function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
