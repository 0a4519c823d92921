import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { escapeHtml } from '../../../scripts/lib/escape-html.ts';
import { loadBrands, type Brand, type InvalidBrand } from '../../../scripts/lib/load-brands.ts';
import { RESOLVER_TABLE } from '../../../tools/demo/resolver-table.ts';
import { fixtureLogo, validBrandJson, validIconSvg, writeBrandFolder } from '../../scripts/brand-fixtures.ts';
import {
  BRAND_NAMES,
  json,
  postForm,
  send,
  useDemo,
  withDemo,
  writePage,
  type Answer,
} from './demo-fixtures.ts';

const DARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><rect width="48" height="48" fill="#ffffff"/></svg>';

const brandsDir = () => path.join(demo.world.root, 'brands');

/** brands/ as loaded now, as start.ts loads it after a rebuild. */
function reload(): Promise<{ brands: Brand[]; invalid: InvalidBrand[] }> {
  return loadBrands(brandsDir());
}

// a-dok gets a dark logo and its own icon; the other brands draw their favicon from the logo.
const demo = useDemo({
  prepare: async (world) => {
    await writeFile(path.join(world.root, 'brands', 'a-dok', 'logo-dark.svg'), DARK_SVG);
    await writeFile(path.join(world.root, 'brands', 'a-dok', 'icon.svg'), validIconSvg);
    return { ...world, ...(await loadBrands(path.join(world.root, 'brands'))) };
  },
});

/** The gallery card of one brand: from its key to the next card. */
function card(gallery: Answer, service: string): string {
  const start = gallery.body.indexOf(`<code>${service}</code>`);
  const end = gallery.body.indexOf('<li class="brand">', start);
  return gallery.body.slice(start, end === -1 ? undefined : end);
}

describe('the gallery', () => {
  let gallery: Answer;
  beforeAll(async () => {
    gallery = await send(demo.port, '/', { host: `localhost:${demo.port}` });
  });

  test("lists every brand with its name, key, accent and favicon, its start link and its preview on the brand's own host", () => {
    expect(gallery.status).toBe(200);
    for (const [service, name] of Object.entries(BRAND_NAMES)) {
      const brand = card(gallery, service);
      expect(brand).toContain(`alt="${name}"`);
      expect(brand).toContain(`swatch--${service}`);
      expect(brand).toContain(
        `<a href="http://${service}.localhost:${demo.port}/preview.html?service=${service}">Vorschau aller Ansichten</a>`,
      );
      expect(gallery.body).toContain(`src="gallery/favicon/${service}.svg"`);
    }
    expect(gallery.body).toContain(`href="http://a-dok.localhost:${demo.port}/?service=a-dok"`);
  });

  test('starts a-ident once for every row of the resolver table', () => {
    for (const qrid of Object.keys(RESOLVER_TABLE)) {
      expect(gallery.body).toContain(
        `href="http://a-ident.localhost:${demo.port}/?service=a-ident&amp;qrid=${qrid}"`,
      );
    }
  });

  test("lists the broken brand folder with each of the build's messages, and serves it not", () => {
    const broken = demo.world.invalid.find((brand) => brand.service === 'broken');
    expect(broken?.problems).toContain(
      'logo.svg: missing; expected the wordmark above the form as an SVG file',
    );
    expect(gallery.body).toContain('Fehlerhafte Markenordner');
    expect(gallery.body).toContain('<code>brands/broken/</code>');
    for (const problem of broken?.problems ?? []) expect(gallery.body).toContain(escapeHtml(problem));
    expect(gallery.body).not.toContain('<code>broken</code>');
  });

  test("shows a brand's warnings on its card", () => {
    const warning = demo.world.brands.find((brand) => brand.service === 'wdmaps')?.warnings[0];
    expect(warning).toMatch(/^icon\.svg: missing; the favicon will be logo\.svg/);
    expect(card(gallery, 'wdmaps')).toContain('<p>Hinweise:</p>');
    expect(card(gallery, 'wdmaps')).toContain(`<li>${escapeHtml(warning ?? '')}</li>`);
    expect(card(gallery, 'a-dok')).not.toContain('Hinweise');
  });

  test('says the phone path is unavailable without the emulator, and not when it runs', async () => {
    expect(gallery.body).toContain('Der Firebase-Emulator läuft nicht');
    const withEmulator = await withDemo(demo.world, { authEmulatorUrl: 'http://127.0.0.1:9099' }, (running) =>
      send(running.port, '/'),
    );
    expect(withEmulator.body).not.toContain('Der Firebase-Emulator läuft nicht');
  });

  test.each([
    ['/gallery/logo/a-dok.svg', () => fixtureLogo('a-dok')],
    ['/gallery/logo-dark/a-dok.svg', () => DARK_SVG],
    ['/gallery/favicon/a-dok.svg', () => validIconSvg],
    // A brand without icon.svg: its favicon is its logo.
    ['/gallery/favicon/wdmaps.svg', () => fixtureLogo('wdmaps')],
  ])('serves %s', async (target, svg) => {
    const answer = await send(demo.port, target);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(answer.body).toBe(svg());
  });

  test('has both logos where a brand has a dark one, for its stylesheet to show one', () => {
    expect(card(gallery, 'a-dok')).toContain(
      '<img class="brand__logo brand__logo--light" src="gallery/logo/a-dok.svg" alt="A-Dok Testmarke" height="40"><img class="brand__logo brand__logo--dark" src="gallery/logo-dark/a-dok.svg" alt="A-Dok Testmarke" height="40">',
    );
  });

  test('shows the light logo in both schemes where a brand has no dark one', async () => {
    expect(card(gallery, 'wdmaps')).toContain(
      '<img class="brand__logo" src="gallery/logo/wdmaps.svg" alt="WD Maps Testmarke" height="40">',
    );
    expect(card(gallery, 'wdmaps')).not.toContain('brand__logo--dark');
    expect((await send(demo.port, '/gallery/logo-dark/wdmaps.svg')).status).toBe(404);
  });

  test('has a color scheme switch: System, Hell or Dunkel, labelled as one group', () => {
    expect(gallery.body).toContain(`<fieldset class="scheme">
<legend>Farbschema</legend>
<label><input type="radio" name="scheme" id="scheme-system" checked> System</label>
<label><input type="radio" name="scheme" id="scheme-light"> Hell</label>
<label><input type="radio" name="scheme" id="scheme-dark"> Dunkel</label>
</fieldset>`);
  });

  test('colors the swatches and picks the scheme in a stylesheet: no inline style', async () => {
    const css = await send(demo.port, '/gallery.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const accent = demo.world.brands.find((brand) => brand.service === 'a-dok')?.accentColor;
    expect(css.body).toContain(`.swatch--a-dok{background:${accent};border-color:#ffffff}`);
    expect(css.body).toMatch(/^:root\{color-scheme:light;--page:#f4f5f7;/);
    for (const dark of [
      '@media (prefers-color-scheme: dark){:root:not(:has(#scheme-light:checked)){color-scheme:dark;--page:#111827;',
      '\n:root:has(#scheme-dark:checked){color-scheme:dark;--page:#111827;',
      ':root:has(#scheme-dark:checked) .brand__logo--light{display:none}:root:has(#scheme-dark:checked) .brand__logo--dark{display:block}',
    ])
      expect(css.body).toContain(dark);
    expect(css.body).toContain('\n.brand__logo--dark{display:none}\n');
    expect(gallery.body).not.toMatch(/\sstyle=|<style/);
  });

  test("shows each brand's title and every domain on its card", async () => {
    const twoDomains = await withDemo(
      demo.world,
      {
        brands: demo.world.brands.map((brand) =>
          brand.service === 'wdmaps'
            ? { ...brand, title: 'WD Maps – <Anmeldung>', domains: ['login.wdmaps.example', 'maps.example'] }
            : brand,
        ),
      },
      (running) => send(running.port, '/'),
    );
    expect(card(twoDomains, 'wdmaps')).toContain(
      '<dl class="brand__facts"><dt>Titel</dt><dd>WD Maps – &lt;Anmeldung&gt;</dd><dt>Domains</dt><dd><ul><li><code>login.wdmaps.example</code></li><li><code>maps.example</code></li></ul></dd></dl>',
    );
    expect(card(gallery, 'a-dok')).toContain(
      `<dt>Titel</dt><dd>${escapeHtml(validBrandJson.title)}</dd><dt>Domains</dt><dd><ul><li><code>login.a-dok.example</code></li></ul></dd>`,
    );
  });

  test('runs only scripts of its own origin, which build their markup without HTML strings', () => {
    const scripts = [...gallery.body.matchAll(/<script[^>]*>([^<]*)<\/script>/g)];
    expect(scripts.map(([tag]) => tag)).toEqual([
      expect.stringMatching(
        /^<script type="module" src="\/dev\/live-reload\.js\?since=[0-9a-f]+\.0"><\/script>$/,
      ),
    ]);
    expect(gallery.body.match(/<script/g)).toHaveLength(1);
    expect(gallery.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'",
    );
  });

  test('offers no try of a folder when the server has no brands/ to try it beside', () => {
    expect(gallery.body).not.toContain('Ordner ausprobieren');
  });
});

describe('after a rebuild', () => {
  test("says on top that the last rebuild failed, with the build's message, until one succeeds", async () => {
    demo.showRebuildFailure('Vite could not build:\n  src/app/app.tsx: <unexpected>');

    const failed = await send(demo.port, '/');
    expect(failed.body).toContain('<h2>Der letzte Neubau ist fehlgeschlagen</h2>');
    expect(failed.body).toContain(
      '<pre lang="en">Vite could not build:\n  src/app/app.tsx: &lt;unexpected&gt;</pre>',
    );

    demo.setBrands(await reload());
    expect((await send(demo.port, '/')).body).not.toContain('Der letzte Neubau ist fehlgeschlagen');
  });

  test('serves and lists a brand added since the start, and takes its login key', async () => {
    await writeBrandFolder(brandsDir(), 'caac', {
      'brand.json': JSON.stringify({ ...validBrandJson, name: 'CAAC Testmarke' }),
    });
    await writePage(demo.world.distDir, 'caac');
    expect((await send(demo.port, '/caac/')).status).toBe(404);

    demo.setBrands(await reload());

    const gallery = await send(demo.port, '/');
    expect(gallery.body).toContain('<code>caac</code>');
    expect(gallery.body).toContain('alt="CAAC Testmarke"');
    expect((await send(demo.port, '/gallery.css')).body).toContain('.swatch--caac{');
    const page = await send(demo.port, '/?service=caac', { host: `caac.localhost:${demo.port}` });
    expect(page.body).toContain('data-brand="caac"');
    const sent = await postForm(demo.port, '/mws/users/auth/mail', {
      email: 'a@example.de',
      key: 'dev-key-caac',
    });
    expect(json(sent)).toEqual({ status: 200, message: 'mail sent' });
  });

  test('lists a folder that broke as invalid, and serves it no longer', async () => {
    await writeFile(path.join(brandsDir(), 'wdmaps', 'brand.json'), '{ not json');

    demo.setBrands(await reload());

    const gallery = await send(demo.port, '/');
    expect(gallery.body).toContain('<code>brands/wdmaps/</code>');
    expect(gallery.body).not.toContain('<code>wdmaps</code>');
    expect((await send(demo.port, '/wdmaps/')).status).toBe(404);
    const refused = await postForm(demo.port, '/mws/users/auth/mail', {
      email: 'a@example.de',
      key: 'dev-key-wdmaps',
    });
    expect(refused.status).toBe(403);
  });

  test('forgets a brand folder that was removed', async () => {
    await rm(path.join(brandsDir(), 'wdmaps'), { recursive: true });

    demo.setBrands(await reload());

    expect((await send(demo.port, '/')).body).not.toContain('wdmaps');
  });
});
