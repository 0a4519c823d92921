import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves dist/ as static files on a free loopback port, each brand under /<service>/, and the
 * given config at /<service>/api/config.
 */
export async function startStaticServer(
  root: string,
  config: unknown,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (/^\/[^/]+\/api\/config$/.test(pathname)) {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
    }
    // URL parsing has already resolved dot segments and kept %2F encoded, so the path stays in root.
    let file = path.join(root, pathname);
    if (!file.startsWith(path.join(root, path.sep))) return void response.writeHead(404).end();
    const stats = await stat(file).catch(() => undefined);
    if (stats?.isDirectory()) file = path.join(file, 'index.html');
    const type = CONTENT_TYPES[path.extname(file)];
    if (!type || !(await stat(file).catch(() => undefined))?.isFile()) {
      return void response.writeHead(404).end();
    }
    response.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}
