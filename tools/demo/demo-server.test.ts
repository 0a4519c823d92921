import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { commonHeaders } from '../../scripts/lib/host-headers.ts';
import { RESOLVER_TABLE } from './resolver-table.ts';
import { fixtureLogo, validSvg } from '../../tests/scripts/brand-fixtures.ts';
import {
  ASSET,
  BRAND_NAMES,
  PAGE_POLICY,
  SECRET,
  json,
  makeDemoWorld,
  postForm,
  send,
  startDemo,
  type Answer,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const SERVICES = Object.keys(BRAND_NAMES);
const PAGE_HEADER_POLICY = `${PAGE_POLICY}; frame-ancestors 'none'`;

let world: DemoWorld;
let demo: RunningDemo;
let brandHost: (service: string) => string;

beforeAll(async () => {
  world = await makeDemoWorld();
  demo = await startDemo(world);
  brandHost = (service) => `${service}.localhost:${demo.port}`;
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

/** Text as the server's HTML escaping writes it, to find it in a page. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function expectNotFound(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(json(answer)).toEqual({ error: 'not found' });
  expect(answer.body).not.toContain(SECRET);
}

describe('routing by host', () => {
  test.each(SERVICES)("serves %s's index.html at / on its own host", async (service) => {
    const answer = await send(demo.port, `/?service=${service}`, { host: brandHost(service) });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain(`<html lang="de" data-brand="${service}">`);
  });

  test("serves the brand's assets and favicon on its host", async () => {
    const script = await send(demo.port, `/${ASSET}`, { host: brandHost('a-dok') });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log("a-dok");\n');
    const icon = await send(demo.port, '/favicon.svg', { host: brandHost('a-ident') });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toBe(validSvg);
  });

  test.each([
    ['in capitals', (port: number) => `A-DOK.LOCALHOST:${port}`],
    ['without a port', () => 'a-dok.localhost'],
  ])('recognises the brand host %s', async (_, host) => {
    const answer = await send(demo.port, '/', { host: host(demo.port) });
    expect(answer.body).toContain('data-brand="a-dok"');
  });

  test("serves only the host's own brand, not another brand's path", async () => {
    expectNotFound(await send(demo.port, '/wdmaps/', { host: brandHost('a-dok') }));
  });

  test('answers 404 for a file the brand does not have', async () => {
    expectNotFound(await send(demo.port, '/nope.js', { host: brandHost('a-dok') }));
    expectNotFound(await send(demo.port, '/assets/', { host: brandHost('a-dok') }));
  });

  test.each([
    ['an unknown service', 'nope'],
    ['the broken brand folder', 'broken'],
  ])('sends the host of %s to the gallery rules', async (_, label) => {
    const host = `${label}.localhost:${demo.port}`;
    const gallery = await send(demo.port, '/', { host });
    expect(gallery.status).toBe(200);
    expect(gallery.body).toContain('Login-Gateway: alle Marken');
    expectNotFound(await send(demo.port, '/index.html', { host }));
    const byPath = await send(demo.port, '/a-dok/', { host });
    expect(byPath.body).toContain('data-brand="a-dok"');
  });

  test.each(['localhost.a-dok.localhost', 'x.a-dok.localhost'])(
    'does not take the Host %s for a brand host',
    async (host) => {
      const answer = await send(demo.port, '/', { host });
      expect(answer.body).toContain('Login-Gateway: alle Marken');
      expect(answer.body).not.toContain('data-brand=');
    },
  );
});

describe('only local hosts, against DNS rebinding', () => {
  // A page of evil.example whose DNS answer turns into 127.0.0.1 reads the server as its own
  // origin, with its own name in the Host header.
  let code: string;

  beforeAll(async () => {
    await postForm(demo.port, '/mws/users/auth/mail', { email: 'rebind@example.de', key: 'dev-key-a-dok' });
    code = demo.sent.at(-1)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  });

  /** The Host header as a browser sends it for a URL on the demo's port. */
  const withPort = (host: string) => host.replace('PORT', String(demo.port));

  test.each([
    'evil.example',
    'evil.example:PORT',
    'localhost.evil.example:PORT',
    'a-dok.localhost.evil.example:PORT',
    // Public DNS answers 127.0.0.1 for it, so it needs no rebinding at all.
    '127.0.0.1.nip.io:PORT',
    'localhost:PORT@evil.example',
    'localhost.:PORT',
    // Not a name, but what a foreign page reaches a local server by ("0.0.0.0 day").
    '0.0.0.0:PORT',
  ])('refuses Host: %s on every route', async (hostWithPort) => {
    const host = withPort(hostWithPort);
    const sent = demo.sent.length;
    const answers = await Promise.all([
      send(demo.port, '/dev/outbox', { host }),
      send(demo.port, '/a-dok/api/config', { host }),
      send(demo.port, '/', { host }),
      send(demo.port, '/landing/a-dok?idtoken=x', { host }),
      postForm(
        demo.port,
        '/mws/users/auth/mail',
        { email: 'victim@example.de', key: 'dev-key-a-dok' },
        { host },
      ),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(421);
      expect(json(answer)).toEqual({ error: 'not a local host' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.body).not.toContain(code);
    }
    expect(demo.sent).toHaveLength(sent);
  });

  test('refuses a request without a Host header (HTTP/1.0)', async () => {
    const answer = await sendWithoutHost(demo.port, '/dev/outbox');
    expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
    expect(answer).not.toContain(code);
  });

  test.each(['localhost:PORT', 'a-ident.localhost:PORT', '127.0.0.1:PORT', 'LOCALHOST:PORT', 'localhost'])(
    'answers on Host: %s',
    async (hostWithPort) => {
      const answer = await send(demo.port, '/dev/outbox', { host: withPort(hostWithPort) });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(code);
    },
  );
});

/** A GET in HTTP/1.0, which may leave out the Host header, as the raw status line and rest. */
function sendWithoutHost(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end(`GET ${target} HTTP/1.0\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('routing by path', () => {
  test.each(SERVICES)('serves %s at /%s/ exactly as on its host', async (service) => {
    const byPath = await send(demo.port, `/${service}/?service=${service}`);
    const byHost = await send(demo.port, '/', { host: brandHost(service) });
    expect(byPath.status).toBe(200);
    expect(byPath.body).toBe(byHost.body);
    expect(byPath.headers['content-security-policy']).toBe(byHost.headers['content-security-policy']);
  });

  test('serves index.html and the assets below the path', async () => {
    expect((await send(demo.port, '/a-dok/index.html')).body).toContain('data-brand="a-dok"');
    const script = await send(demo.port, `/wdmaps/${ASSET}`);
    expect(script.body).toBe('console.log("wdmaps");\n');
  });

  test.each([
    ['/a-dok', '/a-dok/'],
    ['/a-dok?service=a-dok', '/a-dok/?service=a-dok'],
    ['/a-ident?service=a-ident&qrid=qr-pay', '/a-ident/?service=a-ident&qrid=qr-pay'],
  ])('redirects %s permanently to %s', async (target, location) => {
    const answer = await send(demo.port, target);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test.each(['/nope/', '/broken/', '/a-do/', '/A-DOK/', '/index.html', '/secret.html', '/favicon.svg'])(
    'answers 404 for %s',
    async (target) => {
      expectNotFound(await send(demo.port, target));
    },
  );
});

describe('path traversal', () => {
  test.each<[string, string | undefined]>([
    ['/a-dok/../../etc/passwd', undefined],
    ['/a-dok/../secret.html', undefined],
    ['/a-dok/%2e%2e/%2e%2e/package.json', undefined],
    ['/a-dok/%2e%2e/secret.html', undefined],
    ['/a-dok/%2E%2E/secret.html', undefined],
    ['/a-dok/..%2f..%2fpackage.json', undefined],
    ['/a-dok/..%2Fsecret.html', undefined],
    ['/a-dok/..\\..\\secret.html', undefined],
    ['/a-dok/..%5csecret.html', undefined],
    ['/a-dok/%252e%252e/secret.html', undefined],
    ['/a-dok/assets/../../secret.html', undefined],
    ['/a-dok/./../secret.html', undefined],
    ['/../secret.html', 'a-dok'],
    ['/../../package.json', 'a-dok'],
    ['/%2e%2e/secret.html', 'a-dok'],
    ['/..%2fsecret.html', 'a-dok'],
    ['/assets/..%2f..%2fsecret.html', 'a-dok'],
  ])('answers 404 to %s (brand host: %s) and never a file outside the brand', async (target, service) => {
    const answer = await send(demo.port, target, { host: service && brandHost(service) });
    expect(answer.body).not.toContain(SECRET);
    expect(answer.body).not.toContain('root:');
    expectNotFound(answer);
  });
});

describe('the brand gallery', () => {
  let gallery: Answer;

  beforeAll(async () => {
    gallery = await send(demo.port, '/', { host: `localhost:${demo.port}` });
  });

  test('lists every brand with its name, key, accent and start link on its own host', () => {
    expect(gallery.status).toBe(200);
    for (const [service, name] of Object.entries(BRAND_NAMES)) {
      expect(gallery.body).toContain(`alt="${name}"`);
      expect(gallery.body).toContain(`<code>${service}</code>`);
      expect(gallery.body).toContain(`swatch--${service}`);
      expect(gallery.body).toContain(`src="gallery/favicon/${service}.svg"`);
    }
    expect(gallery.body).toContain(`href="http://a-dok.localhost:${demo.port}/?service=a-dok"`);
  });

  test('starts a-ident once for every row of the resolver table', () => {
    for (const qrid of Object.keys(RESOLVER_TABLE)) {
      expect(gallery.body).toContain(
        `href="http://a-ident.localhost:${demo.port}/?service=a-ident&amp;qrid=${qrid}"`,
      );
    }
  });

  test("lists the broken brand folder with each of the build's messages", () => {
    const broken = world.invalid.find((brand) => brand.service === 'broken');
    expect(broken?.problems).toContain(
      'logo.svg: missing; expected the wordmark above the form as an SVG file',
    );
    expect(gallery.body).toContain('Fehlerhafte Markenordner');
    expect(gallery.body).toContain('<code>brands/broken/</code>');
    for (const problem of broken?.problems ?? []) expect(gallery.body).toContain(escaped(problem));
    expect(gallery.body).not.toContain('<code>broken</code>');
  });

  test('says the phone path is unavailable without the emulator', () => {
    expect(gallery.body).toContain('Der Firebase-Emulator läuft nicht');
  });

  test('does not warn about the phone path when the emulator runs', async () => {
    const withEmulator = await startDemo(world, { authEmulatorUrl: 'http://127.0.0.1:9099' });
    try {
      const answer = await send(withEmulator.port, '/');
      expect(answer.body).not.toContain('Der Firebase-Emulator läuft nicht');
    } finally {
      await withEmulator.stop();
    }
  });

  test("serves each brand's logo and favicon for the gallery", async () => {
    for (const kind of ['logo', 'favicon']) {
      const answer = await send(demo.port, `/gallery/${kind}/a-dok.svg`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      // The brand has no icon.svg, so its favicon is its logo.
      expect(answer.body).toBe(fixtureLogo('a-dok'));
    }
  });

  test.each([
    '/gallery/logo/nope.svg',
    '/gallery/logo/broken.svg',
    '/gallery/icon/a-dok.svg',
    '/gallery/logo/a-dok.png',
  ])('answers 404 for %s', async (target) => {
    expectNotFound(await send(demo.port, target));
  });

  test('colors the swatches from a stylesheet, not inline', async () => {
    const css = await send(demo.port, '/gallery.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.swatch--a-dok{background:#0b5cad;border-color:#ffffff}');
    expect(gallery.body).not.toMatch(/\sstyle=|<style|<script/);
  });
});

describe('security headers', () => {
  test.each<[string, string, string | undefined]>([
    ['a page on its brand host', '/', 'a-dok'],
    ['a page below its path', '/a-ident/', undefined],
    ['index.html by name', '/wdmaps/index.html', undefined],
  ])("sends %s with the page's own policy plus frame-ancestors", async (_, target, service) => {
    const answer = await send(demo.port, target, { host: service && brandHost(service) });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-security-policy': PAGE_HEADER_POLICY,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    // The release hosts' own headers, so the demo's flows run under them too; HSTS needs https.
    const brand = service ?? target.split('/')[1] ?? '';
    for (const [name, value] of Object.entries(commonHeaders(brand))) {
      if (name === 'Strict-Transport-Security') expect(answer.headers).not.toHaveProperty(name.toLowerCase());
      else expect(answer.headers[name.toLowerCase()]).toBe(value);
    }
  });

  test('lets hashed assets be cached for good', async () => {
    for (const options of [{ host: brandHost('a-dok') }, {}]) {
      const target = options.host ? `/${ASSET}` : `/a-dok/${ASSET}`;
      const answer = await send(demo.port, target, options);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  test('does not let unhashed files be cached for good', async () => {
    const answer = await send(demo.port, '/favicon.svg', { host: brandHost('a-dok') });
    expect(answer.headers['cache-control']).not.toContain('immutable');
  });

  test.each(['/', '/landing/a-dok?idtoken=x'])(
    'sends the development page %s with a strict policy of its own',
    async (target) => {
      const answer = await send(demo.port, target);
      const policy = answer.headers['content-security-policy'] ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      expect(answer.headers).toMatchObject({
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
    },
  );

  test.each<[string, () => Promise<Answer>]>([
    ['the config', () => send(demo.port, '/a-dok/api/config')],
    ['the outbox', () => send(demo.port, '/dev/outbox')],
    ['a 404', () => send(demo.port, '/nope')],
    [
      'the resolver',
      () => postForm(demo.port, '/a-ident/api/resolver', { qrid: 'qr-pay', token: 't', service: 'a-ident' }),
    ],
    ['a resolver error', () => postForm(demo.port, '/a-ident/api/resolver', {})],
    ['an MWS answer', () => postForm(demo.port, '/mws/users/verify/mail', { email: 'a@b.de', token: '1' })],
  ])('sends %s as JSON that is neither sniffed nor stored', async (_, call) => {
    const answer = await call();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('the landing page', () => {
  test('shows where the redirect arrived, the start of the token and the payment id', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl';
    const answer = await send(demo.port, `/landing/a-ident/qr-pay?idtoken=${token}&ppid=DEMO-CAPTURE-1`, {
      host: brandHost('a-ident'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<code>/landing/a-ident/qr-pay</code>');
    expect(answer.body).toContain(`<code>${token.slice(0, 16)}… (${token.length} Zeichen)</code>`);
    expect(answer.body).not.toContain(token);
    expect(answer.body).toContain('<code>DEMO-CAPTURE-1</code>');
  });

  test('says when no token arrived', async () => {
    const answer = await send(demo.port, '/landing/a-dok');
    expect(answer.body).toContain('<dt>idtoken</dt><dd><code>fehlt</code></dd>');
  });

  test.each([
    ['the path', '/landing/a-ident/<script>alert(1)</script>?idtoken=x', '<script>alert(1)'],
    ['the payment id', '/landing/a-ident/qr?idtoken=x&ppid="><svg/onload=alert(1)>', '<svg/onload'],
    [
      'an encoded payment id',
      '/landing/a-ident/qr?ppid=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      '<img src=x',
    ],
    ['the token', '/landing/a-dok?idtoken=%3Cscript%3Ealert(1)%3C%2Fscript%3E', '<script>alert(1)'],
  ])('escapes markup in %s', async (_, target, markup) => {
    const answer = await send(demo.port, target);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain(markup);
    expect(answer.body.match(/<script|<svg|<img/g)).toBeNull();
  });
});

describe('the outbox', () => {
  test('merges the emulator codes with the MWS codes, oldest first', async () => {
    const firebase = {
      channel: 'firebase' as const,
      to: '+491712345678',
      code: '654321',
      sentAt: '2025-01-06T09:00:00.500Z',
    };
    const merged = await startDemo(world, { firebaseCodes: async () => [firebase] });
    try {
      await postForm(merged.port, '/mws/users/auth/mail', { email: 'a@example.de', key: 'dev-key-a-dok' });
      merged.clock.now += 1000;
      await postForm(merged.port, '/mws/users/auth/mail', { email: 'b@example.de', key: 'dev-key-a-dok' });
      const outbox = json(await send(merged.port, '/dev/outbox', { host: brandHost('a-dok') }));
      expect(outbox).toEqual([merged.sent[0], firebase, merged.sent[1]]);
    } finally {
      await merged.stop();
    }
  });

  test('still lists the MWS codes when the emulator does not answer', async () => {
    const failing = await startDemo(world, {
      firebaseCodes: () => Promise.reject(new Error('emulator gone')),
    });
    try {
      await postForm(failing.port, '/mws/users/auth/mail', { email: 'a@example.de', key: 'dev-key-a-dok' });
      const answer = await send(failing.port, '/dev/outbox');
      expect(answer.status).toBe(200);
      expect(json(answer)).toEqual(failing.sent);
    } finally {
      await failing.stop();
    }
  });
});
