import { describe, expect, test } from 'vitest';
import {
  bakeIndexHtml,
  DEMO_BUILD_META,
  brandStylesheet,
  type BrandPage,
} from '../../../scripts/lib/bake-html.ts';
import { buildContentSecurityPolicy } from '../../../scripts/lib/csp.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../../src/types/login-method.ts';

/** A pre-rendered view 1 for each method. */
const eachMethod = (html: (method: LoginMethod) => string) =>
  Object.fromEntries(LOGIN_METHODS.map((method) => [method, html(method)])) as Record<LoginMethod, string>;

// The shape of the index.html Vite emits from src/index.html.
const template = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <!--brand-head-->
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Anmeldung</title>
    <script type="module" crossorigin src="./assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-def456.css">
  </head>
  <body>
    <div id="root" hidden></div>
  </body>
</html>`;

const page: BrandPage = {
  service: 'a-dok',
  title: 'A-Dok – Anmeldung',
  accentColor: '#0b5cad',
  accentTextColor: '#ffffff',
  themeColor: '#0a4f94',
  backgroundColor: '#f1f5fb',
  redirectHosts: ['a-dok.example', '*.a-dok.example'],
  logoHref: 'assets/logo-XYZ.svg',
  brandModuleHref: 'assets/a-dok-AbC123.js',
  brandStylesheetHref: 'assets/brand-0123456789.css',
  icons: { svg: 'favicon.svg', ico: 'favicon.ico', appleTouch: 'apple-touch-icon.png' },
  manifestHref: 'manifest.webmanifest',
  withContentSecurityPolicy: true,
  build: 'release',
};

const baked = bakeIndexHtml(template, page);
const cspOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];

describe('bakeIndexHtml', () => {
  test('sets the language, the brand and the title', () => {
    expect(baked).toContain('<html lang="de" data-brand="a-dok">');
    expect(baked).toContain('<title>A-Dok – Anmeldung</title>');
    expect(baked.match(/<title>/g)).toHaveLength(1);
  });

  test('links the favicons, the touch icon and the manifest, and sets the theme color', () => {
    expect(baked).toContain('<link rel="icon" href="favicon.ico" sizes="48x48">');
    expect(baked).toContain('<link rel="icon" href="favicon.svg" type="image/svg+xml">');
    expect(baked).toContain('<link rel="apple-touch-icon" href="apple-touch-icon.png">');
    expect(baked).toContain('<link rel="manifest" href="manifest.webmanifest">');
    expect(baked).toContain('<meta name="theme-color" content="#0a4f94">');
  });

  test('links the brand colors as a stylesheet of their own, with no inline style', () => {
    expect(baked).toContain('<link rel="stylesheet" href="assets/brand-0123456789.css">');
    expect(baked).not.toMatch(/<style|\sstyle=/);
    expect(brandStylesheet(page)).toBe(
      ':root{--accent:#0b5cad;--accent-text:#ffffff;--page-background:#f1f5fb}\n',
    );
  });

  test.each([
    [{ accentColorDark: '#2e76c8' }, '--accent-dark:#2e76c8;'],
    [
      { accentColorDark: '#60a5fa', accentTextColorDark: '#111827' },
      '--accent-dark:#60a5fa;--accent-text-dark:#111827;',
    ],
    [{ accentTextColorDark: '#000000' }, '--accent-text-dark:#000000;'],
  ])(
    'names the dark accent %j as properties of their own, for app.css to draw in dark mode only',
    (dark, properties) => {
      const css = brandStylesheet({ ...page, ...dark });
      expect(css).toBe(
        `:root{--accent:#0b5cad;--accent-text:#ffffff;${properties}--page-background:#f1f5fb}\n`,
      );
      // Not --accent in a media query: an inline --accent of a restyled page would override it.
      expect(css).not.toContain('@media');
    },
  );

  test('leaves the page background to the app stylesheet when the brand sets none', () => {
    expect(brandStylesheet({ ...page, backgroundColor: undefined })).toBe(
      ':root{--accent:#0b5cad;--accent-text:#ffffff}\n',
    );
  });

  test('preloads the logo, and starts the config request with an async first script right after the policy', () => {
    expect(baked).toContain(
      '<link rel="preload" href="assets/logo-XYZ.svg" as="image" type="image/svg+xml">',
    );
    // No fetch preload: WebKit never hands one to fetch() and asks a second time.
    expect(baked).not.toContain('as="fetch"');
    const html = bakeIndexHtml(template, { ...page, startConfigHref: 'assets/start-config-A"b.js' });
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="[^"]*">\n\s*<script type="module" async crossorigin src="assets\/start-config-A&quot;b\.js"><\/script>\n/,
    );
  });

  test('preloads only the logo the color scheme shows when the brand has a dark one', () => {
    const html = bakeIndexHtml(template, { ...page, logoDarkHref: 'assets/logo-dark-XYZ.svg' });
    expect(html).toContain(
      '<link rel="preload" href="assets/logo-XYZ.svg" as="image" type="image/svg+xml" media="not all and (prefers-color-scheme: dark)">',
    );
    expect(html).toContain(
      '<link rel="preload" href="assets/logo-dark-XYZ.svg" as="image" type="image/svg+xml" media="(prefers-color-scheme: dark)">',
    );
  });

  test('preloads the module with the brand data, which the app imports at start', () => {
    expect(baked).toContain('<link rel="modulepreload" href="assets/a-dok-AbC123.js" crossorigin>');
  });

  test('names the only hosts the page may redirect to', () => {
    expect(baked).toContain(
      '<meta name="login-gateway-redirect-hosts" content="a-dok.example *.a-dok.example">',
    );
  });

  test('asks for no referrer and no indexing', () => {
    expect(baked).toContain('<meta name="referrer" content="no-referrer">');
    expect(baked).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('has a Content-Security-Policy before anything that loads', () => {
    const cspAt = baked.indexOf('Content-Security-Policy');
    expect(cspAt).toBeGreaterThan(0);
    for (const tag of ['<link', '<script']) expect(baked.indexOf(tag)).toBeGreaterThan(cspAt);
  });

  test("bakes the brand's own policy", () => {
    expect(cspOf(baked)).toBe(buildContentSecurityPolicy('a-dok'));
    const paying = bakeIndexHtml(template, { ...page, service: 'a-ident' });
    expect(cspOf(paying)).toBe(buildContentSecurityPolicy('a-ident'));
    expect(cspOf(paying)).not.toBe(cspOf(baked));
  });

  test('marks a demo page as one and gives only it the local servers', () => {
    const demo = bakeIndexHtml(template, { ...page, build: 'demo' });
    expect(demo).toContain(DEMO_BUILD_META);
    expect(cspOf(demo)).toBe(buildContentSecurityPolicy('a-dok', 'demo'));
    expect(cspOf(demo)).toContain('http://127.0.0.1:*');
    expect(baked).not.toContain('login-gateway-build');
    expect(cspOf(baked)).not.toMatch(/http:|localhost|127\.0\.0\.1/);
  });

  test('contains no inline script: every script element has a src', () => {
    const scripts = baked.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^<script\b[^>]*\ssrc="[^"]+"[^>]*><\/script>$/);
  });

  test('escapes brand text so it cannot end the element it is in', () => {
    const html = bakeIndexHtml(template, { ...page, title: 'A & B </title><script>alert(1)</script>' });
    expect(html).toContain('<title>A &amp; B &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<script>alert(1)');
  });

  test('escapes attribute values', () => {
    const html = bakeIndexHtml(template, { ...page, logoHref: 'assets/"><script>x</script>.svg' });
    expect(html).toContain('href="assets/&quot;&gt;&lt;script&gt;x&lt;/script&gt;.svg"');
  });

  test('leaves out what development does not have', () => {
    const html = bakeIndexHtml(template, {
      ...page,
      icons: { svg: '/@fs/brands/a-dok/icon.svg' },
      manifestHref: undefined,
      withContentSecurityPolicy: false,
    });
    expect(html).not.toContain('Content-Security-Policy');
    expect(html).not.toContain('favicon.ico');
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain('<link rel="icon" href="/@fs/brands/a-dok/icon.svg" type="image/svg+xml">');
  });

  test('puts the pre-rendered view 0 into the root, which stays hidden, and each view 1 in a template', () => {
    const html = bakeIndexHtml(template, {
      ...page,
      firstViews: {
        methodChoice: '<div class="page"><main class="card"></main></div>',
        sendCode: eachMethod((method) => `<form>${method}</form>`),
      },
    });
    expect(html).toContain('<div id="root" hidden><div class="page"><main class="card"></main></div></div>');
    for (const method of LOGIN_METHODS)
      expect(html).toContain(`<template id="first-view-${method}"><form>${method}</form></template>`);
    expect(baked).toContain('<div id="root" hidden></div>');
  });

  test('refuses a template it cannot bake into', () => {
    expect(() => bakeIndexHtml(template.replace('<!--brand-head-->', ''), page)).toThrow(/marker/);
    expect(() => bakeIndexHtml(template.replace('lang="de"', 'lang="en"'), page)).toThrow(/lang="de"/);
    expect(() =>
      bakeIndexHtml(template.replace('<div id="root" hidden>', '<div id="root">'), {
        ...page,
        firstViews: { methodChoice: '<p></p>', sendCode: eachMethod(() => '') },
      }),
    ).toThrow(/pre-render view 0/);
  });
});
