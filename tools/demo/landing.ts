import { escapeHtml } from '../../scripts/lib/escape-html.ts';
import type { ReadToken } from './mws-token.ts';

export interface LandingOptions {
  /** The demo's page takes the gallery's stylesheet and links back to it. */
  demo: boolean;
  /** The landing's path up to the service, `/landing/` or `/api/landing/`. */
  base: string;
  readToken: ReadToken;
}

/**
 * Where a finished sign-in arrives, on the demo server and on the reference backend behind nginx:
 * it stands in for the target service (`<base><service>/…`) and checks the token as the contract
 * asks a target to, for that service only, then shows what arrived, so a person can see the flow
 * finished. The token is shortened; it is a development token, but there is no reason to print it
 * whole. Behind nginx, whose `/api/` policy allows nothing, the page is plain.
 */
export function renderLanding(
  url: URL,
  { demo, base, readToken }: LandingOptions,
): { status: 200 | 403; html: string } {
  const service = url.pathname.slice(base.length).split('/')[0] ?? '';
  const token = url.searchParams.get('idtoken') ?? '';
  const payment = url.searchParams.get('ppid');
  const accepted = token !== '' && readToken(token, service) !== undefined;
  const rows = [
    ['Ziel', url.pathname],
    ['idtoken', token ? `${token.slice(0, 16)}… (${token.length} Zeichen)` : 'fehlt'],
    ['Token', accepted ? `gültig für ${service}` : `nicht gültig für ${service}`],
    ...(payment ? [['ppid', payment]] : []),
  ];
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${accepted ? 'Angemeldet' : 'Anmeldung abgelehnt'} (Entwicklung)</title>${demo ? '<link rel="stylesheet" href="/gallery.css">' : ''}</head>
<body><main>
<h1>${accepted ? 'Angemeldet' : 'Anmeldung abgelehnt'}</h1>
<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd><code>${escapeHtml(value ?? '')}</code></dd>`).join('')}</dl>
${demo ? '<p><a href="/">Zur Markenübersicht</a></p>\n' : ''}</main></body>
</html>
`;
  return { status: accepted ? 200 : 403, html };
}
