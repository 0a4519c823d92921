import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { freePort } from '../../tools/demo/ports.ts';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { demoOrigin } from './login-screen.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A host that forgot frame-ancestors: it serves a brand's demo folder with no header at all, its
 * /api/ from the demo server, and on a second origin (localhost rather than 127.0.0.1) a page of
 * someone else that frames the gateway. A real loopback server, as Chromium lets a local page
 * frame a local one only then.
 */
export async function startForgetfulHost(service: string) {
  const port = await freePort();
  const gatewayOrigin = `http://127.0.0.1:${port}`;
  const otherOrigin = `http://localhost:${port}`;
  const root = path.join(projectRoot, 'dist-demo', service);
  const gatewayUrl = new URL(gatewayOrigin);
  gatewayUrl.searchParams.set('service', service);
  if (service === RESOLVER_SERVICE) gatewayUrl.searchParams.set('qrid', 'qr-exists');
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', gatewayOrigin);
      if (request.headers.host === `localhost:${port}`) {
        const framed = new URL(gatewayUrl);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void response.end(
          `<!doctype html><title>Gewinnspiel</title><iframe title="gateway" src="${framed.href.replaceAll('&', '&amp;')}" width="600" height="600"></iframe>`,
        );
      }
      if (url.pathname.startsWith('/api/')) {
        const answer = await fetch(`${demoOrigin()}/${service}${url.pathname}`);
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
        });
        return void response.end(Buffer.from(await answer.arrayBuffer()));
      }
      // Only a content type: no policy header, no frame-ancestors, nothing else.
      const file = path.join(root, url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
      const body = file.startsWith(root + path.sep) ? await readFile(file).catch(() => undefined) : undefined;
      if (!body) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** The brand's first view, as a visitor would open it. */
    gatewayUrl: gatewayUrl.href,
    otherPage: `${otherOrigin}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
