import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import path from 'node:path';
import { parseDeploySettings } from '../../scripts/lib/deploy-settings.ts';
import { cacheControl, SVG_POLICY } from '../../scripts/lib/host-headers.ts';
import { renderNginxConfig } from '../../scripts/lib/nginx-config.ts';
import { LICENSES_FILE } from '../../scripts/lib/third-party-licenses.ts';
import { brands, expect, nodeTest as test } from './support/fixtures.ts';
import { distDir, domainOf, settingsFile, shippedNginxConfig, shippedRelease } from './support/gateway.ts';
import { headerDifferences } from './support/headers.ts';
import { fetchRaw, headerOf } from './support/http-client.ts';
import { testNginxConfig } from './support/nginx.ts';

/**
 * The generated nginx config itself, from Node: nginx accepts it, it is the file the build
 * ships, and every brand's kinds of answer carry what host-headers.ts prescribes. Requests go to
 * 127.0.0.1 by the brand's name (SNI and Host) and verify TLS against the test CA.
 */

test('nginx -t accepts the generated config, included as production includes it', async ({ gateway }) => {
  const { ok, output } = await testNginxConfig(gateway.nginx);
  expect(output).toContain('syntax is ok');
  expect(output).toContain('test is successful');
  expect(ok).toBe(true);
  expect(output.split('\n').filter((line) => /\[(warn|emerg|alert|crit|error)\]/.test(line))).toEqual([]);
});

test('the shipped dist/login-gateway.nginx.conf is the tested config with the committed settings', async ({
  gateway,
}) => {
  const shipped = await readFile(shippedNginxConfig, 'utf8');
  const { nginx } = parseDeploySettings(await readFile(settingsFile, 'utf8'), settingsFile);
  expect(shipped).toBe(renderNginxConfig(brands, nginx, await shippedRelease()));
  // What npm run deploy installed for the gateway: the same function, the test machine's settings.
  const installed = await readFile(gateway.parameters.configFile, 'utf8');
  expect(installed).toBe(renderNginxConfig(brands, gateway.parameters, gateway.release));
});

test('a host name that is no brand gets no TLS handshake and no answer', async ({ gateway }) => {
  const handshake = (servername: string | undefined) =>
    new Promise<string>((resolve) => {
      const socket = tlsConnect({
        host: '127.0.0.1',
        port: gateway.httpsPort,
        ...(servername ? { servername } : {}),
        ca: gateway.certificates.caPem,
      });
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve('handshake completed');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  // ssl_reject_handshake: the server refuses with an unrecognized_name alert.
  expect(await handshake('login.not-a-brand.example')).toBe('ERR_SSL_TLSV1_UNRECOGNIZED_NAME');
  expect(await handshake(undefined)).toBe('ERR_SSL_TLSV1_UNRECOGNIZED_NAME');

  // Plain http: `return 444` closes the connection without a single byte.
  const plain = (host: string) =>
    new Promise<string>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: gateway.httpPort,
        path: '/',
        headers: { host },
      });
      request.once('response', (response) => resolve(`HTTP ${response.statusCode}`));
      request.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end();
    });
  expect(await plain('login.not-a-brand.example')).toBe('ECONNRESET');
  expect(await plain('127.0.0.1')).toBe('ECONNRESET');
  // Every brand's name still gets its redirect on the same port: the refusals above are by name.
  for (const brand of brands) expect(await plain(domainOf(brand))).toBe('HTTP 301');
});

test('TLS below 1.2 and CBC or SHA-1 cipher suites are refused, by the brand name and without one', async ({
  gateway,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const handshake = (options: ConnectionOptions) =>
    new Promise<string>((resolve) => {
      const socket = tlsConnect({
        host: '127.0.0.1',
        port: gateway.httpsPort,
        servername: domainOf(brand),
        ca: gateway.certificates.caPem,
        ...options,
      });
      socket.once('secureConnect', () => {
        resolve(`${socket.getProtocol()} ${socket.getCipher().name}`);
        socket.destroy();
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  // The client offers only what must be refused; security level 0 lets Node's OpenSSL offer it.
  const old = { ciphers: 'DEFAULT@SECLEVEL=0' } as const;
  expect(await handshake({ ...old, minVersion: 'TLSv1', maxVersion: 'TLSv1.1' })).not.toMatch(
    /^TLSv1(\.1)? /,
  );
  // The gateway's certificates are ECDSA (certificates.ts): these are the CBC suites it could sign.
  for (const cbc of ['ECDHE-ECDSA-AES128-SHA', 'ECDHE-ECDSA-AES256-SHA', 'ECDHE-ECDSA-AES256-SHA384']) {
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: `${cbc}:@SECLEVEL=0` }), cbc).toMatch(
      /^ERR_SSL_/,
    );
  }
  // What a browser offers still works, with an AEAD suite.
  expect(await handshake({ maxVersion: 'TLSv1.2' })).toMatch(
    /^TLSv1\.2 ECDHE-ECDSA-(AES\d+-GCM-SHA\d+|CHACHA20-POLY1305)$/,
  );
  expect(await handshake({})).toMatch(/^TLSv1\.3 /);
});

test('what nginx answers before a location is chosen (400, 414, 405) carries the security headers', async ({
  gateway,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const expected = gateway.headers(brand.service, 'none');
  const traversal = await rawHttps(gateway, domainOf(brand), 'GET /../../etc/passwd HTTP/1.1');
  expect(traversal.status).toBe(400);
  expect(headerDifferences(traversal.headers, expected)).toEqual([]);
  const long = await rawHttps(gateway, domainOf(brand), `GET /${'a'.repeat(9000)} HTTP/1.1`);
  expect(long.status).toBe(414);
  expect(headerDifferences(long.headers, expected)).toEqual([]);
  const trace = await rawHttps(gateway, domainOf(brand), 'TRACE / HTTP/1.1');
  expect(trace.status).toBe(405);
  expect(headerDifferences(trace.headers, expected)).toEqual([]);
});

test('every brand serves the bundled dependencies’ licences as UTF-8 text', async ({ gateway }) => {
  for (const brand of brands) {
    const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}/${LICENSES_FILE}`, {
      ca: gateway.certificates.caPem,
    });
    expect(answer.status, brand.service).toBe(200);
    expect(headerOf(answer, 'content-type'), brand.service).toBe('text/plain; charset=utf-8');
    expect(headerDifferences(answer.headers, gateway.headers(brand.service, 'file')), brand.service).toEqual(
      [],
    );
    expect(answer.body.toString('utf8'), brand.service).toContain('Apache License');
  }
});

test('the backend keeps its cookies, its name and its CORS grants to itself', async ({ gateway }) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const origin = gateway.httpsOrigin(brand);
  // The reference MWS grants CORS to the brand's own origin (for the page of another brand's
  // domain), and the gateway's backend adds a cookie and X-Powered-By to every answer
  // (gateway.ts); nginx passes none of it on: the page calls /api/ on its own origin.
  const preflight = await fetchRaw(`${origin}/api/mws/sendmail`, {
    ca: gateway.certificates.caPem,
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });
  expect(preflight.status).toBe(204);
  expect(
    preflight.headers.filter(([name]) => /^access-control-|^set-cookie$|^x-powered-by$/.test(name)),
  ).toEqual([]);
  const config = await fetchRaw(`${origin}/api/config`, { ca: gateway.certificates.caPem });
  expect(headerDifferences(config.headers, gateway.headers(brand.service, 'api'))).toEqual([]);
});

test('a send the MWS refuses keeps its Retry-After and its reason through nginx, so the page can say until when', async ({
  gateway,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const email = `limit.${Date.now().toString(36)}@example.de`;
  const send = () =>
    fetchRaw(`${gateway.httpsOrigin(brand)}/api/mws/users/auth/mail`, {
      ca: gateway.certificates.caPem,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, key: `dev-key-${brand.service}` }).toString(),
    });
  // The contract's limit per value: five codes within 15 minutes (docs/backend-contract.md).
  for (let sent = 0; sent < 5; sent += 1) expect((await send()).status).toBe(200);
  const refused = await send();
  expect(refused.status).toBe(429);
  expect(Number(headerOf(refused, 'retry-after'))).toBeGreaterThan(800);
  expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ status: 429, reason: 'value-limit' });
});

test('every answer of a file with precompressed twins varies by Accept-Encoding, the plain one too', async ({
  gateway,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const assets = await readdir(path.join(distDir, brand.service, 'assets'));
  const twinned = assets.filter((file) => assets.includes(`${file}.br`));
  expect(twinned.length).toBeGreaterThan(3);
  // The build writes both twins or neither: a lone .br would be served to gzip clients without Vary.
  for (const file of twinned) expect(assets, file).toContain(`${file}.gz`);
  for (const pathname of ['/', ...twinned.slice(0, 3).map((file) => `/assets/${file}`)]) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}${pathname}`, {
        ca: gateway.certificates.caPem,
        headers: { 'accept-encoding': encoding },
      });
      expect(answer.status, `${pathname} ${encoding}`).toBe(200);
      expect(headerOf(answer, 'vary'), `${pathname} ${encoding}`).toBe('Accept-Encoding');
      expect(headerOf(answer, 'content-encoding'), `${pathname} ${encoding}`).toBe(
        encoding === 'identity' ? undefined : encoding,
      );
    }
  }
});

for (const brand of brands) {
  const { service } = brand;

  test.describe(service, () => {
    /** The first file in the brand's assets/ whose name matches, as the build named it. */
    async function asset(pattern: RegExp): Promise<string> {
      const names = (await readdir(path.join(distDir, service, 'assets'))).sort();
      const name = names.find((each) => pattern.test(each));
      if (!name) throw new Error(`no ${pattern} in dist/${service}/assets`);
      return `/assets/${name}`;
    }

    test('/healthz names the status and the release the domain serves, nothing more', async ({ gateway }) => {
      const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}/healthz`, {
        ca: gateway.certificates.caPem,
      });
      expect(answer.status).toBe(200);
      expect(headerOf(answer, 'content-type')).toBe('application/json');
      expect(headerDifferences(answer.headers, gateway.headers(service, 'file'))).toEqual([]);
      // No commit, build time, dirty flag or list of the operator's other brands.
      expect(answer.body.toString('utf8')).toBe(`{"status":"ok","release":"${gateway.release}"}\n`);
      const manifest = await fetchRaw(`${gateway.httpsOrigin(brand)}/release.json`, {
        ca: gateway.certificates.caPem,
      });
      expect(manifest.status).toBe(404);
    });

    test('/readyz is the backend’s api/config for this host, with the headers of an API answer', async ({
      gateway,
    }) => {
      const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}/readyz`, {
        ca: gateway.certificates.caPem,
      });
      expect(answer.status).toBe(200);
      expect(headerDifferences(answer.headers, gateway.headers(service, 'api'))).toEqual([]);
      const config = JSON.parse(answer.body.toString('utf8')) as { services: Record<string, unknown> };
      expect(Object.keys(config.services)).toContain(service);
    });

    test('plain http to every domain redirects to the same address on https', async ({ gateway }) => {
      for (const domain of brand.domains) {
        const answer = await fetchRaw(`http://${domain}:${gateway.httpPort}/x/y?service=${service}&a=1`);
        expect(answer.status).toBe(301);
        expect(headerOf(answer, 'location')).toBe(
          `https://${domain}:${gateway.httpsPort}/x/y?service=${service}&a=1`,
        );
      }
    });

    test("plain http answers a certificate authority's challenge from the ACME root", async ({ gateway }) => {
      const token = `token-${service}`;
      const challenges = path.join(gateway.parameters.acmeRoot, '.well-known', 'acme-challenge');
      await mkdir(challenges, { recursive: true });
      await writeFile(path.join(challenges, token), `${token}.key`);
      for (const domain of brand.domains) {
        const answer = await fetchRaw(
          `http://${domain}:${gateway.httpPort}/.well-known/acme-challenge/${token}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toBe(`${token}.key`);
        const missing = await fetchRaw(
          `http://${domain}:${gateway.httpPort}/.well-known/acme-challenge/none`,
        );
        expect(missing.status).toBe(404);
      }
    });

    test('every domain is served with its certificate, and the page with its headers', async ({
      gateway,
    }) => {
      for (const domain of brand.domains) {
        for (const pathname of ['/', '/index.html']) {
          const answer = await fetchRaw(
            `https://${domain}:${gateway.httpsPort}${pathname}?service=${service}`,
            {
              ca: gateway.certificates.caPem,
              headers: { 'accept-encoding': 'br, gzip' },
            },
          );
          expect(answer.status).toBe(200);
          expect(headerOf(answer, 'content-encoding')).toBe('br');
          expect(headerOf(answer, 'content-type')).toBe('text/html; charset=utf-8');
          expect(headerDifferences(answer.headers, gateway.headers(service, 'page'))).toEqual([]);
        }
      }
    });

    test('a content-named asset is immutable, precompressed, and its twins are not served', async ({
      gateway,
    }) => {
      const script = await asset(/^index-.*\.js$/);
      const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}${script}`, {
        ca: gateway.certificates.caPem,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(answer.status).toBe(200);
      expect(headerOf(answer, 'cache-control')).toBe(cacheControl('asset'));
      expect(headerOf(answer, 'cache-control')).toContain('immutable');
      expect(headerOf(answer, 'content-encoding')).toBe('gzip');
      expect(headerDifferences(answer.headers, gateway.headers(service, 'asset'))).toEqual([]);

      for (const twin of [`${script}.br`, `${script}.gz`]) {
        const missing = await fetchRaw(`${gateway.httpsOrigin(brand)}${twin}`, {
          ca: gateway.certificates.caPem,
        });
        expect(missing.status, twin).toBe(404);
        expect(headerDifferences(missing.headers, gateway.headers(service, 'none')), twin).toEqual([]);
      }
    });

    test('SVG files carry the SVG policy', async ({ gateway }) => {
      const logo = await asset(/^logo-.*\.svg$/);
      const files: [string, 'asset' | 'file'][] = [
        [logo, 'asset'],
        ['/favicon.svg', 'file'],
      ];
      for (const [pathname, kind] of files) {
        const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}${pathname}`, {
          ca: gateway.certificates.caPem,
        });
        expect(answer.status, pathname).toBe(200);
        expect(headerOf(answer, 'content-security-policy'), pathname).toBe(SVG_POLICY);
        expect(
          headerDifferences(answer.headers, gateway.headers(service, kind, { svg: true })),
          pathname,
        ).toEqual([]);
      }
    });

    test('/api/config is never stored and names https URLs on the brand host', async ({ gateway }) => {
      const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}/api/config`, {
        ca: gateway.certificates.caPem,
      });
      expect(answer.status).toBe(200);
      expect(headerOf(answer, 'cache-control')).toBe('no-store');
      expect(headerDifferences(answer.headers, gateway.headers(service, 'api'))).toEqual([]);
      const config = JSON.parse(answer.body.toString('utf8')) as {
        services: Record<string, { mwsTargetUrl: string; redirectUrl?: string }>;
      };
      expect(config.services[service]?.mwsTargetUrl).toBe(`${gateway.httpsOrigin(brand)}/api/mws`);
    });

    test('an unknown path, and the outbox, are 404s that nothing stores', async ({ gateway }) => {
      for (const pathname of ['/nope', '/dev/outbox', '/index.html.br', '/.well-known/x']) {
        const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}${pathname}`, {
          ca: gateway.certificates.caPem,
        });
        expect(answer.status, pathname).toBe(404);
        expect(headerDifferences(answer.headers, gateway.headers(service, 'none')), pathname).toEqual([]);
      }
    });

    // A 404 is cacheable by default: one below /assets/ must not take the assets' year-long,
    // immutable Cache-Control, or a cache that saw a file before it was deployed keeps the miss.
    test('a missing file below /assets/ is a 404 that nothing stores', async ({ gateway }) => {
      for (const pathname of ['/assets/', '/assets/missing-0000.js', '/assets/missing-0000.svg']) {
        const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}${pathname}`, {
          ca: gateway.certificates.caPem,
        });
        expect(answer.status, pathname).toBe(404);
        expect(headerDifferences(answer.headers, gateway.headers(service, 'none')), pathname).toEqual([]);
      }
    });
  });
}

/**
 * One request line sent as it is over TLS (Node's clients would normalise a path like `/../x`),
 * and the status and headers of the answer.
 */
function rawHttps(
  gateway: { httpsPort: number; certificates: { caPem: string } },
  host: string,
  requestLine: string,
): Promise<{ status: number; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: gateway.httpsPort,
      servername: host,
      ca: gateway.certificates.caPem,
      ALPNProtocols: ['http/1.1'],
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('secureConnect', () =>
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    socket.once('error', reject);
    socket.once('close', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers = lines.map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      });
      resolve({ status, headers });
    });
  });
}
