import { describe, expect, test } from 'vitest';
import { hostHeaders, pagePolicy, TOP_LEVEL_FILES } from '../../../scripts/lib/host-headers.ts';
import { READINESS_PATH, renderNginxConfig, type ServedBrand } from '../../../scripts/lib/nginx-config.ts';
import { RELEASE_HEADER } from '../../../scripts/lib/release-manifest.ts';
import { committedSettings, TEST_RELEASE } from '../committed-settings.ts';

const NGINX_DEFAULTS = committedSettings.nginx;

const brands: ServedBrand[] = [
  { service: 'a-dok', domains: ['login.a-dok.example', 'anmeldung.a-dok.example'] },
  { service: 'a-ident', domains: ['login.a-ident.example'] },
];
const config = renderNginxConfig(brands, NGINX_DEFAULTS, TEST_RELEASE);

/** The body of the block that opens with `opening`, its nested blocks included. */
function blockAfter(text: string, opening: string): string {
  const start = text.indexOf(`${opening} {`);
  expect(start, `no block "${opening}"`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let index = text.indexOf('{', start); index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    if (text[index] === '}' && --depth === 0) return text.slice(start, index + 1);
  }
  throw new Error('unbalanced block');
}

function httpsServer(service: string): string {
  return blockAfter(config, `# ${service}\nserver`);
}

/** add_header lines of a location block, nested ones left out. */
/** What host-headers.ts prescribes for a kind of answer, and the release it comes from. */
function expected(...args: Parameters<typeof hostHeaders>): Record<string, string> {
  return { ...hostHeaders(...args), [RELEASE_HEADER]: TEST_RELEASE };
}

function headersOf(block: string): Record<string, string> {
  const own = block.replace(/\n {8}location[^{]*\{[\s\S]*?\n {8}\}/g, '');
  return Object.fromEntries(
    [...own.matchAll(/^\s*add_header (\S+) "([^"]*)"(?: always)?;$/gm)].map((match) => [match[1], match[2]]),
  );
}

describe('the nginx config', () => {
  test('serves each brand on its own domains over HTTPS with HTTP/2 and its certificate', () => {
    const server = httpsServer('a-dok');
    expect(server).toContain('listen 443 ssl http2;');
    expect(server).toContain('listen [::]:443 ssl http2;');
    expect(server).toContain('server_name login.a-dok.example anmeldung.a-dok.example;');
    expect(server).toContain('ssl_certificate /etc/ssl/login-gateway/login.a-dok.example/fullchain.pem;');
    expect(server).toContain('ssl_certificate_key /etc/ssl/login-gateway/login.a-dok.example/privkey.pem;');
    expect(server).toContain('root /var/www/login-gateway/current/a-dok;');
    for (const line of ['server_tokens off;', 'autoindex off;', 'brotli_static on;', 'gzip_static on;'])
      expect(server).toContain(line);
  });

  test('answers plain HTTP only with a redirect to the same host on HTTPS', () => {
    const redirect = blockAfter(
      config,
      '# a-ident: plain HTTP only redirects (and answers certificate challenges).\nserver',
    );
    expect(redirect).toContain('listen 80;');
    expect(blockAfter(redirect, 'location /')).toContain('return 301 https://$host$request_uri;');
    // Let's Encrypt's HTTP-01 challenge is the one thing answered on port 80.
    const acme = blockAfter(redirect, 'location ^~ /.well-known/acme-challenge/');
    expect(acme).toContain('root /var/www/letsencrypt;');
    const testPorts = renderNginxConfig(brands, { ...NGINX_DEFAULTS, publicHttpsPort: 8443 }, TEST_RELEASE);
    expect(testPorts).toContain('return 301 https://$host:8443$request_uri;');
  });

  test('gives a host name that is no brand neither a certificate nor an answer', () => {
    const fallback = blockAfter(
      config,
      '# A host name that is not a brand gets no answer, on either port.\nserver',
    );
    expect(fallback).toContain('listen 443 ssl http2 default_server;');
    expect(fallback).toContain('ssl_reject_handshake on;');
    expect(fallback).toContain('return 444;');
  });

  test.each(brands.map((brand) => brand.service))('sends %s the headers of host-headers.ts', (service) => {
    const server = httpsServer(service);
    expect(headersOf(blockAfter(server, 'location = /'))).toEqual(expected(service, 'page'));
    expect(headersOf(blockAfter(server, 'location = /index.html'))).toEqual(expected(service, 'page'));
    const assets = blockAfter(server, 'location ^~ /assets/');
    expect(headersOf(assets)).toEqual(expected(service, 'asset'));
    expect(headersOf(blockAfter(assets, 'location ~ \\.svg$'))).toEqual(
      expected(service, 'asset', { svg: true }),
    );
    expect(headersOf(blockAfter(server, 'location = /favicon.svg'))).toEqual(
      expected(service, 'file', { svg: true }),
    );
    for (const file of TOP_LEVEL_FILES.filter((name) => !name.endsWith('.svg')))
      expect(headersOf(blockAfter(server, `location = /${file}`))).toEqual(expected(service, 'file'));
    expect(headersOf(blockAfter(server, 'location /api/'))).toEqual(expected(service, 'api'));
    expect(headersOf(blockAfter(server, 'location /'))).toEqual(expected(service, 'none'));
  });

  test('serves pages from the current release and assets from the store of every release kept', () => {
    const server = httpsServer('a-dok');
    expect(server).toContain('root /var/www/login-gateway/current/a-dok;');
    expect(blockAfter(server, 'location ^~ /assets/')).toContain('root /var/www/login-gateway/store/a-dok;');
    const health = blockAfter(server, 'location = /healthz');
    expect(health).toContain('default_type application/json;');
    expect(headersOf(health)).toEqual(expected('a-dok', 'file'));
  });

  test('answers /readyz with the backend’s api/config for the host, /healthz staying nginx’s own', () => {
    expect(READINESS_PATH).toBe('/readyz');
    const ready = blockAfter(httpsServer('a-dok'), 'location = /readyz');
    expect(ready).toContain('proxy_pass http://login_gateway_backend/api/config;');
    expect(ready).toContain('proxy_set_header Host $host;');
    expect(ready).toMatch(/proxy_connect_timeout 2s;[\s\S]*proxy_read_timeout 5s;/);
    expect(ready).toMatch(/proxy_method GET;\n\s*proxy_pass_request_body off;/);
    expect(ready).toContain('proxy_hide_header Set-Cookie;');
    expect(headersOf(ready)).toEqual(expected('a-dok', 'api'));
    expect(headersOf(ready)['Cache-Control']).toBe('no-store');
    expect(blockAfter(httpsServer('a-dok'), 'location = /healthz')).not.toContain('proxy_pass');
  });

  test('answers /healthz with the status and the release id alone, never the manifest', () => {
    const health = blockAfter(httpsServer('a-dok'), 'location = /healthz');
    // nginx turns the \n of a quoted string into a newline.
    expect(health).toContain(`return 200 '{"status":"ok","release":"${TEST_RELEASE}"}\\n';`);
    expect(config).not.toContain('release.json');
  });

  test('logs requests without their query strings, or not at all', () => {
    expect(config).toContain(
      'map $request_uri $login_gateway_private_path {\n    "~^(?<login_gateway_path>[^?]*)" $login_gateway_path;\n}',
    );
    const format = /^log_format login_gateway_private escape=json '([^']*)';$/m.exec(config)?.[1];
    expect(format).toBeDefined();
    expect(format).not.toMatch(/\$(request|args|query_string|request_uri|http_referer)\b/);
    // One JSON object per line once nginx puts in its variables (escape=json quotes what needs it).
    const sample: Record<string, string> = {
      time_iso8601: '2026-11-29T10:00:00+00:00',
      host: 'login.a-dok.example',
      remote_addr: '192.0.2.1',
      request_method: 'GET',
      login_gateway_private_path: '/api/config',
      server_protocol: 'HTTP/2.0',
      status: '502',
      body_bytes_sent: '157',
      request_time: '0.004',
      upstream_status: '502',
      upstream_response_time: '0.003',
      http_user_agent: 'Mozilla/5.0 \\"quoted\\"',
    };
    const line = (values: Record<string, string>) =>
      (format ?? '').replace(/\$(\w+)/g, (_match, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`the log format names $${name}, which the sample lacks`);
        return value;
      });
    expect(JSON.parse(line(sample))).toEqual({
      time: '2026-11-29T10:00:00+00:00',
      host: 'login.a-dok.example',
      remote_addr: '192.0.2.1',
      method: 'GET',
      path: '/api/config',
      protocol: 'HTTP/2.0',
      status: 502,
      bytes: 157,
      request_time: 0.004,
      upstream_status: '502',
      upstream_response_time: '0.003',
      user_agent: 'Mozilla/5.0 "quoted"',
    });
    // A file nginx answered alone: escape=json writes an unset $upstream_* as nothing, not "-".
    const alone = JSON.parse(
      line({ ...sample, status: '200', upstream_status: '', upstream_response_time: '' }),
    );
    expect(alone).toMatchObject({ status: 200, upstream_status: '', upstream_response_time: '' });
    const servers = config.split(/\n(?=#[^\n]*\nserver \{)/).filter((part) => part.includes('server {'));
    expect(servers).toHaveLength(1 + 2 * brands.length);
    for (const server of servers)
      expect(server).toContain('access_log /var/log/nginx/login-gateway.access.log login_gateway_private;');
    const off = renderNginxConfig(brands, { ...NGINX_DEFAULTS, accessLog: 'off' }, TEST_RELEASE);
    expect(off).not.toContain('access_log /');
    expect(off.match(/access_log off;/g)).toHaveLength(1 + 2 * brands.length);
  });

  test('proxies /api/ to the one backend, whose own copies of our headers it drops', () => {
    expect(config).toContain('upstream login_gateway_backend {\n    server 127.0.0.1:8081;');
    const api = blockAfter(httpsServer('a-dok'), 'location /api/');
    expect(api).toContain('proxy_pass http://login_gateway_backend;');
    expect(api).toContain('proxy_set_header Host $host;');
    expect(api).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(api).toContain('proxy_hide_header Content-Security-Policy;');
    for (const dropped of ['Set-Cookie', 'X-Powered-By', 'Access-Control-Allow-Origin'])
      expect(api).toContain(`proxy_hide_header ${dropped};`);
    const elsewhere = renderNginxConfig(
      brands,
      { ...NGINX_DEFAULTS, backend: 'unix:/run/mws.sock' },
      TEST_RELEASE,
    );
    expect(elsewhere).toContain('server unix:/run/mws.sock;');
  });

  test('sends every header always, on errors too, but an asset’s immutable caching only with the file', () => {
    const lines = config.split('\n').filter((line) => line.trim().startsWith('add_header'));
    const withoutAlways = lines.filter((line) => !line.trimEnd().endsWith(' always;'));
    expect(withoutAlways.length).toBe(2 * brands.length);
    for (const line of withoutAlways)
      expect(line.trim()).toMatch(/^add_header Cache-Control "public, max-age=\d+, immutable";$/);
  });

  test('gives what nginx answers before choosing a location (400, 414, TRACE) the headers of a 404', () => {
    const server = httpsServer('a-dok');
    const own = server.slice(0, server.indexOf('location '));
    expect(headersOf(own)).toEqual(expected('a-dok', 'none'));
  });

  test('speaks TLS 1.2 and 1.3 with AEAD ciphers only, in the default server too (it decides the protocols)', () => {
    const fallback = blockAfter(
      config,
      '# A host name that is not a brand gets no answer, on either port.\nserver',
    );
    for (const block of [fallback, httpsServer('a-dok')]) {
      expect(block).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
      const ciphers = /ssl_ciphers ([^;]+);/.exec(block)?.[1]?.split(':') ?? [];
      expect(ciphers.length).toBeGreaterThan(3);
      for (const cipher of ciphers)
        expect(cipher).toMatch(/^ECDHE-(ECDSA|RSA)-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/);
    }
  });

  test('sends the page Trusted Types as Report-Only, and both policies to the operator’s collector when there is one', () => {
    const page = headersOf(blockAfter(httpsServer('a-dok'), 'location = /'));
    expect(page['Content-Security-Policy-Report-Only']).toBe(
      "require-trusted-types-for 'script'; trusted-types default",
    );
    expect(page['Content-Security-Policy']).not.toContain('report-to');
    expect(page).not.toHaveProperty('Reporting-Endpoints');
    const reporting = renderNginxConfig(
      brands,
      { ...NGINX_DEFAULTS, reportingEndpoint: 'https://reports.example/csp' },
      TEST_RELEASE,
    );
    const server = blockAfter(reporting, '# a-dok\nserver');
    const location = blockAfter(server, 'location = /');
    expect(location).toContain(
      `add_header Content-Security-Policy-Report-Only "require-trusted-types-for 'script'; trusted-types default; report-to login-gateway-csp" always;`,
    );
    expect(location).toContain(
      `add_header Reporting-Endpoints 'login-gateway-csp="https://reports.example/csp"' always;`,
    );
    expect(location).toContain(
      `add_header Content-Security-Policy "${pagePolicy('a-dok')}; report-to login-gateway-csp" always;`,
    );
    expect(blockAfter(server, 'location = /index.html')).toContain(
      `"${pagePolicy('a-dok')}; report-to login-gateway-csp"`,
    );
    expect(blockAfter(server, 'location ^~ /assets/')).not.toContain('Report-Only');
  });

  test('makes every other path, and the precompressed twins, a 404', () => {
    const server = httpsServer('a-dok');
    expect(blockAfter(server, 'location /')).toContain('return 404;');
    expect(blockAfter(server, 'location ~ \\.(br|gz)$')).toContain('return 404;');
  });

  test('answers a missing asset with an uncached 404, not an immutable one', () => {
    const server = httpsServer('a-dok');
    expect(blockAfter(server, 'location ^~ /assets/')).toContain('try_files $uri @missing;');
    const missing = blockAfter(server, 'location @missing');
    expect(missing).toContain('return 404;');
    expect(headersOf(missing)).toEqual(expected('a-dok', 'none'));
  });

  test('refuses a domain two brands claim, which nginx would serve for one of them only', () => {
    expect(() =>
      renderNginxConfig(
        [...brands, { service: 'caac', domains: ['login.caac.example', 'login.a-ident.example'] }],
        NGINX_DEFAULTS,
        TEST_RELEASE,
      ),
    ).toThrow('login.a-ident.example is a domain of both a-ident and caac; a host name serves one brand');
  });

  test('refuses a parameter that would break out of its directive', () => {
    expect(() =>
      renderNginxConfig(brands, { ...NGINX_DEFAULTS, webRoot: '/srv/x; include /etc/passwd' }, TEST_RELEASE),
    ).toThrow(/cannot go into an nginx config/);
    expect(() =>
      renderNginxConfig(brands, { ...NGINX_DEFAULTS, backend: '127.0.0.1:1 }' }, TEST_RELEASE),
    ).toThrow();
  });
});
