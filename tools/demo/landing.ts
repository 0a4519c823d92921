import { escapeHtml } from '../../scripts/lib/escape-html.ts';
/**
 * Where the demo's redirects end: shows what arrived, so a person can see the flow finished.
 * The token is shortened; it is a development token, but there is no reason to print it whole.
 */
export function renderLanding(url: URL): string {
  const token = url.searchParams.get('idtoken') ?? '';
  const payment = url.searchParams.get('ppid');
  const rows = [
    ['Ziel', url.pathname],
    ['idtoken', token ? `${token.slice(0, 16)}… (${token.length} Zeichen)` : 'fehlt'],
    ...(payment ? [['ppid', payment]] : []),
  ];
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Angemeldet (Entwicklung)</title><link rel="stylesheet" href="/gallery.css"></head>
<body><main>
<h1>Weiterleitung angekommen</h1>
<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd><code>${escapeHtml(value ?? '')}</code></dd>`).join('')}</dl>
<p><a href="/">Zur Markenübersicht</a></p>
</main></body>
</html>
`;
}
