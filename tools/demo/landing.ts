import { escapeHtml } from '../../scripts/lib/escape-html.ts';

/**
 * Where a finished sign-in arrives, on the demo server and on the reference backend behind nginx:
 * shows what arrived, so a person can see the flow finished. The token is shortened; it is a
 * development token, but there is no reason to print it whole. The demo's page takes the
 * gallery's stylesheet and links back to it; behind nginx, whose `/api/` policy allows nothing,
 * the page is plain.
 */
export function renderLanding(url: URL, { demo }: { demo: boolean }): string {
  const token = url.searchParams.get('idtoken') ?? '';
  const payment = url.searchParams.get('ppid');
  const rows = [
    ['Ziel', url.pathname],
    ['idtoken', token ? `${token.slice(0, 16)}… (${token.length} Zeichen)` : 'fehlt'],
    ...(payment ? [['ppid', payment]] : []),
  ];
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Angemeldet (Entwicklung)</title>${demo ? '<link rel="stylesheet" href="/gallery.css">' : ''}</head>
<body><main>
<h1>Angemeldet</h1>
<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd><code>${escapeHtml(value ?? '')}</code></dd>`).join('')}</dl>
${demo ? '<p><a href="/">Zur Markenübersicht</a></p>\n' : ''}</main></body>
</html>
`;
}
