import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import { loadBrands, type Brand, type InvalidBrand } from '../../scripts/lib/load-brands.ts';
import { validBrandJson, validIconSvg, writeBrandFolder } from '../../tests/scripts/brand-fixtures.ts';
import {
  json,
  makeDemoWorld,
  postForm,
  send,
  startDemo,
  writePage,
  type Answer,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const DARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><rect width="48" height="48" fill="#ffffff"/></svg>';

let world: DemoWorld;
let brandsDir: string;
let demo: RunningDemo;

/** brands/ as loaded now, as start.ts loads it after a rebuild. */
async function reload(): Promise<{ brands: Brand[]; invalid: InvalidBrand[] }> {
  return loadBrands(brandsDir);
}

/** The gallery card of one brand: from its key to the next card. */
function card(gallery: Answer, service: string): string {
  const start = gallery.body.indexOf(`<code>${service}</code>`);
  const end = gallery.body.indexOf('<li class="brand">', start);
  return gallery.body.slice(start, end === -1 ? undefined : end);
}

beforeAll(async () => {
  world = await makeDemoWorld();
  brandsDir = path.join(world.root, 'brands');
  // a-dok gets a dark logo and its own icon; the other brands draw their favicon from the logo.
  await writeFile(path.join(brandsDir, 'a-dok', 'logo-dark.svg'), DARK_SVG);
  await writeFile(path.join(brandsDir, 'a-dok', 'icon.svg'), validIconSvg);
  demo = await startDemo({ ...world, ...(await reload()) });
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

describe('the gallery', () => {
  let gallery: Answer;
  beforeAll(async () => {
    gallery = await send(demo.port, '/');
  });

  test("links each brand to its preview of every view, on the brand's own host", () => {
    for (const service of ['a-dok', 'a-ident', 'wdmaps']) {
      expect(card(gallery, service)).toContain(
        `<a href="http://${service}.localhost:${demo.port}/preview.html?service=${service}">Vorschau aller Ansichten</a>`,
      );
    }
  });

  test('has a color scheme switch: System, Hell or Dunkel, labelled as one group', () => {
    expect(gallery.body).toContain(`<fieldset class="scheme">
<legend>Farbschema</legend>
<label><input type="radio" name="scheme" id="scheme-system" checked> System</label>
<label><input type="radio" name="scheme" id="scheme-light"> Hell</label>
<label><input type="radio" name="scheme" id="scheme-dark"> Dunkel</label>
</fieldset>`);
  });

  test('has both logos where a brand has a dark one, for its stylesheet to show one', async () => {
    expect(card(gallery, 'a-dok')).toContain(
      '<img class="brand__logo brand__logo--light" src="gallery/logo/a-dok.svg" alt="A-Dok Testmarke" height="40"><img class="brand__logo brand__logo--dark" src="gallery/logo-dark/a-dok.svg" alt="A-Dok Testmarke" height="40">',
    );
    const dark = await send(demo.port, '/gallery/logo-dark/a-dok.svg');
    expect(dark.status).toBe(200);
    expect(dark.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(dark.body).toBe(DARK_SVG);
  });

  test('shows the light logo in both schemes where a brand has no dark one', async () => {
    expect(card(gallery, 'wdmaps')).toContain(
      '<img class="brand__logo" src="gallery/logo/wdmaps.svg" alt="WD Maps Testmarke" height="40">',
    );
    expect(card(gallery, 'wdmaps')).not.toContain('brand__logo--dark');
    const missing = await send(demo.port, '/gallery/logo-dark/wdmaps.svg');
    expect(missing.status).toBe(404);
  });

  test('is dark, logos too, when the system is and Hell is not picked, or when Dunkel is', async () => {
    const css = (await send(demo.port, '/gallery.css')).body;
    expect(css).toMatch(/^:root\{color-scheme:light;--page:#f4f5f7;/);
    for (const dark of [
      '@media (prefers-color-scheme: dark){:root:not(:has(#scheme-light:checked)){color-scheme:dark;--page:#111827;',
      '\n:root:has(#scheme-dark:checked){color-scheme:dark;--page:#111827;',
      ':root:has(#scheme-dark:checked) .brand__logo--light{display:none}:root:has(#scheme-dark:checked) .brand__logo--dark{display:block}',
    ])
      expect(css).toContain(dark);
    expect(css).toContain('\n.brand__logo--dark{display:none}\n');
  });

  test("shows a brand's warnings on its card", () => {
    const warning = world.brands.find((brand) => brand.service === 'wdmaps')?.warnings[0];
    expect(warning).toMatch(/^icon\.svg: missing; the favicon will be logo\.svg/);
    expect(card(gallery, 'wdmaps')).toContain('<p>Hinweise:</p>');
    expect(card(gallery, 'wdmaps')).toContain(`<li>${escapeHtml(warning ?? '')}</li>`);
    expect(card(gallery, 'a-dok')).not.toContain('Hinweise');
  });

  test('lists the invalid folders with their messages', () => {
    expect(gallery.body).toContain('<code>brands/broken/</code>');
    expect(world.invalid[0]?.problems.length).toBeGreaterThan(0);
  });
});

describe('after a rebuild', () => {
  test('serves and lists a brand added since the start, and takes its login key', async () => {
    await writeBrandFolder(brandsDir, 'caac', {
      'brand.json': JSON.stringify({ ...validBrandJson, name: 'CAAC Testmarke' }),
    });
    await writePage(world.distDir, 'caac');
    expect((await send(demo.port, '/caac/')).status).toBe(404);

    demo.setBrands(await reload());

    const gallery = await send(demo.port, '/');
    expect(gallery.body).toContain('<code>caac</code>');
    expect(gallery.body).toContain('alt="CAAC Testmarke"');
    expect((await send(demo.port, '/gallery.css')).body).toContain('.swatch--caac{');
    const page = await send(demo.port, '/?service=caac', { host: `caac.localhost:${demo.port}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-brand="caac"');
    const sent = await postForm(demo.port, '/mws/users/auth/mail', {
      email: 'a@example.de',
      key: 'dev-key-caac',
    });
    expect(json(sent)).toEqual({ status: 200, message: 'mail sent' });
  });

  test('lists a folder that broke as invalid, and serves it no longer', async () => {
    await writeFile(path.join(brandsDir, 'wdmaps', 'brand.json'), '{ not json');

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
    await rm(path.join(brandsDir, 'wdmaps'), { recursive: true });

    demo.setBrands(await reload());

    expect((await send(demo.port, '/')).body).not.toContain('wdmaps');
  });
});
