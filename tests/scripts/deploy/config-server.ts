import { readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { makeTestCertificates } from '../../../e2e/production/support/certificates.ts';
import type { ServedBrand } from '../../../scripts/lib/nginx-config.ts';

export type ConfigAnswer = (host: string) => { status: number; body: string };

/** The config answer of a backend that serves these service keys. */
export const configOf = (...services: string[]) =>
  JSON.stringify({ services: Object.fromEntries(services.map((service) => [service, { name: service }])) });

/**
 * An HTTPS server on 127.0.0.1 standing in for a host's nginx in front of the backend: a
 * throwaway CA's certificate for every domain of the brands (by SNI), and on /api/config the
 * answer the test sets.
 */
export async function startConfigServer(dir: string, brands: readonly ServedBrand[]) {
  const certificates = await makeTestCertificates(dir, brands);
  const contexts = new Map(
    await Promise.all(
      brands.flatMap(({ domains }) =>
        domains.map(async (domain) => {
          const folder = path.join(dir, domains[0] ?? domain);
          const context = createSecureContext({
            cert: await readFile(path.join(folder, 'fullchain.pem')),
            key: await readFile(path.join(folder, 'privkey.pem')),
          });
          return [domain, context] as const;
        }),
      ),
    ),
  );
  let answer: ConfigAnswer = () => ({ status: 200, body: configOf(...brands.map((brand) => brand.service)) });
  const server = createServer(
    { SNICallback: (name, done) => done(null, contexts.get(name)) },
    (request, response) => {
      const { status, body } =
        request.url === '/api/config' ? answer(request.headers.host ?? '') : { status: 404, body: '' };
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    certificates,
    answer: (next: ConfigAnswer) => {
      answer = next;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
