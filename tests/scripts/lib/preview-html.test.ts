import { describe, expect, test } from 'vitest';
import { buildContentSecurityPolicy } from '../../../scripts/lib/csp.ts';
import { bakePreviewHtml } from '../../../scripts/lib/emit-brand.ts';
import { escapeHtml } from '../../../scripts/lib/escape-html.ts';

// The brand preview of a demo build (src/preview/), as the build writes it beside index.html;
// served by the demo, it is tests/tools/demo/preview.test.ts's.
const SERVICE = 'a-ident';
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <!--brand-head-->
    <title>Vorschau</title>
    <script type="module" crossorigin src="../assets/preview-abc.js"></script>
    <link rel="stylesheet" crossorigin href="../assets/app-abc.css">
  </head>
  <body><div id="login-gateway-preview"></div></body>
</html>`;
const PAGE = {
  service: SERVICE,
  title: 'A-Ident – Anmeldung',
  accentColor: '#6d28d9',
  accentTextColor: '#ffffff',
  themeColor: '#6d28d9',
  redirectHosts: ['a-ident.example', '*.a-ident.example'],
  brandStylesheetHref: 'assets/brand-abc.css',
  logoHref: 'assets/logo-abc.svg',
  logoDarkHref: 'assets/logo-dark-abc.svg',
  brandModuleHref: 'assets/a-ident-abc.js',
  icons: { svg: 'favicon.svg' },
  manifestHref: 'manifest.webmanifest',
  withContentSecurityPolicy: true,
  build: 'demo',
} as const;

describe('bakePreviewHtml', () => {
  const html = bakePreviewHtml(TEMPLATE, PAGE);

  test('names the shared assets from beside index.html, where the brand folder keeps it', () => {
    expect(html).toContain('src="./assets/preview-abc.js"');
    expect(html).toContain('href="./assets/app-abc.css"');
    expect(html).not.toContain('../assets/');
  });

  test("carries the brand's head: marker, demo tag, stylesheet and data chunk", () => {
    expect(html).toContain('<html lang="de" data-brand="a-ident">');
    expect(html).toContain('<meta name="login-gateway-build" content="demo">');
    expect(html).toContain('<link rel="stylesheet" href="assets/brand-abc.css">');
    expect(html).toContain('<link rel="modulepreload" href="assets/a-ident-abc.js" crossorigin>');
  });

  test("preloads nothing: it asks no backend, and each frame shows one of the brand's logos", () => {
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('api/config');
    expect(html).not.toContain('rel="manifest"');
  });

  test("has the brand's demo policy, which may frame the page's own origin too", () => {
    const policy = buildContentSecurityPolicy(SERVICE, 'demo');
    const framing = policy.replace('frame-src ', "frame-src 'self' ");
    expect(framing).not.toBe(policy);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(framing)}">`);
  });

  test('refuses a page Vite did not write one folder down', () => {
    expect(() => bakePreviewHtml(TEMPLATE.replaceAll('../assets/', './assets/'), PAGE)).toThrow(
      'preview.html names no ../assets/ file to move',
    );
  });
});
