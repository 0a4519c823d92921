import { connect } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ASSET,
  BRAND_NAMES,
  SECRET,
  json,
  postForm,
  send,
  useDemo,
  withDemo,
  type Answer,
} from './demo-fixtures.ts';

// Each brand on its own host is what the browser suite opens every run; the headers of each kind
// of file are same-headers.test.ts's, the gallery's content gallery.test.ts's.

const SERVICES = Object.keys(BRAND_NAMES);

const demo = useDemo();
const brandHost = (service: string) => `${service}.localhost:${demo.port}`;

function expectNotFound(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(json(answer)).toEqual({ error: 'not found' });
  expect(answer.body).not.toContain(SECRET);
  expect(answer.body).not.toContain('root:');
}

describe('routing by host', () => {
  test.each([
    ['in capitals', (port: number) => `A-DOK.LOCALHOST:${port}`],
    ['without a port', () => 'a-dok.localhost'],
  ])('recognises the brand host %s', async (_, host) => {
    const answer = await send(demo.port, '/', { host: host(demo.port) });
    expect(answer.body).toContain('data-brand="a-dok"');
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

describe('routing by path', () => {
  test.each(SERVICES)('serves %s at /%s/ exactly as on its host', async (service) => {
    const byPath = await send(demo.port, `/${service}/?service=${service}`);
    const byHost = await send(demo.port, '/', { host: brandHost(service) });
    expect(byPath.status).toBe(200);
    expect(byPath.body).toBe(byHost.body);
    expect(byPath.body).toContain(`<html lang="de" data-brand="${service}">`);
    expect(byPath.headers['content-security-policy']).toBe(byHost.headers['content-security-policy']);
    const script = await send(demo.port, `/${service}/${ASSET}`);
    expect(script.body).toBe(`console.log("${service}");\n`);
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
});

describe('answers 404 and never a file outside the brand', () => {
  test.each<[string, string | undefined]>([
    // Another brand, a file the brand lacks, a folder, a path that is no brand.
    ['/wdmaps/', 'a-dok'],
    ['/nope.js', 'a-dok'],
    ['/assets/', 'a-dok'],
    ['/nope/', undefined],
    ['/broken/', undefined],
    ['/a-do/', undefined],
    ['/A-DOK/', undefined],
    ['/index.html', undefined],
    ['/secret.html', undefined],
    ['/favicon.svg', undefined],
    // Path traversal, below a brand's path and on its host.
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
    // The gallery's pictures: an unknown brand, a broken one, a kind or type it does not serve.
    ['/gallery/logo/nope.svg', undefined],
    ['/gallery/logo/broken.svg', undefined],
    ['/gallery/icon/a-dok.svg', undefined],
    ['/gallery/logo/a-dok.png', undefined],
  ])('for %s (brand host: %s)', async (target, service) => {
    expectNotFound(await send(demo.port, target, { host: service && brandHost(service) }));
  });
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
      postForm(demo.port, '/dev/expire-code', { to: 'rebind@example.de', channel: 'mail' }, { host }),
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

describe("the demo's own answers", () => {
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

  // The MWS's own answers are reference-mws.test.ts's.
  test.each<[string, () => Promise<Answer>]>([
    ['the config', () => send(demo.port, '/a-dok/api/config')],
    ['the outbox', () => send(demo.port, '/dev/outbox')],
    ['a 404', () => send(demo.port, '/nope')],
    [
      'the resolver',
      () => postForm(demo.port, '/a-ident/api/resolver', { qrid: 'qr-pay', token: 't', service: 'a-ident' }),
    ],
  ])('sends %s as JSON that is neither sniffed nor stored', async (_, call) => {
    const answer = await call();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

// The landing page stands in for the target service: it checks the token as a target must.
describe('the landing page', () => {
  let visitors = 0;

  /** A token of the demo's MWS for a code that `service`'s key asked for. */
  async function tokenFor(service: string): Promise<string> {
    const email = `landing.${(visitors += 1)}@example.de`;
    await postForm(demo.port, '/mws/users/auth/mail', { email, key: `dev-key-${service}` });
    const code = demo.sent.at(-1)?.code ?? '';
    const answer = await postForm(demo.port, '/mws/users/verify/mail', { email, token: code });
    return (json(answer) as { token: string }).token;
  }

  test('shows where the redirect arrived, the start of the token and the payment id', async () => {
    const token = await tokenFor('a-ident');
    const answer = await send(demo.port, `/landing/a-ident/qr-pay?idtoken=${token}&ppid=DEMO-CAPTURE-1`, {
      host: brandHost('a-ident'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>Angemeldet</h1>');
    expect(answer.body).toContain('<code>/landing/a-ident/qr-pay</code>');
    expect(answer.body).toContain(`<code>${token.slice(0, 16)}… (${token.length} Zeichen)</code>`);
    expect(answer.body).not.toContain(token);
    expect(answer.body).toContain('<code>gültig für a-ident</code>');
    expect(answer.body).toContain('<code>DEMO-CAPTURE-1</code>');
  });

  test('refuses with 403 a token the MWS issued for another service, and takes it on that service’s landing', async () => {
    const token = await tokenFor('a-dok');
    const refused = await send(demo.port, `/landing/a-ident/qr-pay?idtoken=${token}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('<h1>Anmeldung abgelehnt</h1>');
    expect(refused.body).toContain('<code>nicht gültig für a-ident</code>');
    const own = await send(demo.port, `/landing/a-dok?idtoken=${token}`);
    expect([own.status, own.body.includes('<h1>Angemeldet</h1>')]).toEqual([200, true]);
  });

  test.each([
    ['no token', '/landing/a-dok', 'fehlt'],
    [
      'a token not signed by the MWS',
      '/landing/a-dok?idtoken=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln',
      'eyJhbGciOiJIUzI1…',
    ],
  ])('refuses %s with 403', async (_, target, shown) => {
    const answer = await send(demo.port, target);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('<h1>Anmeldung abgelehnt</h1>');
    expect(answer.body).toContain(`<dt>idtoken</dt><dd><code>${shown}`);
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
    expect(answer.status).toBe(403);
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
    await withDemo(demo.world, { firebaseCodes: async () => [firebase] }, async (merged) => {
      await postForm(merged.port, '/mws/users/auth/mail', { email: 'a@example.de', key: 'dev-key-a-dok' });
      merged.clock.now += 1000;
      await postForm(merged.port, '/mws/users/auth/mail', { email: 'b@example.de', key: 'dev-key-a-dok' });
      const outbox = json(await send(merged.port, '/dev/outbox', { host: brandHost('a-dok') }));
      expect(outbox).toEqual([merged.sent[0], firebase, merged.sent[1]]);
    });
  });

  test('still lists the MWS codes when the emulator does not answer', async () => {
    const firebaseCodes = () => Promise.reject(new Error('emulator gone'));
    await withDemo(demo.world, { firebaseCodes }, async (failing) => {
      await postForm(failing.port, '/mws/users/auth/mail', { email: 'a@example.de', key: 'dev-key-a-dok' });
      const answer = await send(failing.port, '/dev/outbox');
      expect(answer.status).toBe(200);
      expect(json(answer)).toEqual(failing.sent);
    });
  });
});

describe('expiring a code for the browser suite', () => {
  const EXPIRE = '/dev/expire-code';

  const field = { mail: 'email', sms: 'mobilenumber' } as const;

  /** Sends a code to `to` and answers it. */
  async function sendCode(channel: 'mail' | 'sms', to: string): Promise<string> {
    await postForm(demo.port, `/mws/users/auth/${channel}`, { [field[channel]]: to, key: 'dev-key-a-dok' });
    return demo.sent.at(-1)?.code ?? '';
  }

  function check(channel: 'mail' | 'sms', to: string, token: string): Promise<Answer> {
    return postForm(demo.port, `/mws/users/verify/${channel}`, { [field[channel]]: to, token });
  }

  test.each([
    ['mail', 'expire@example.de'],
    ['sms', '+491710000001'],
  ] as const)(
    'ages the %s code of a value so that its check answers expired, for a plain fetch from Node',
    async (channel, to) => {
      const code = await sendCode(channel, to);
      const answer = await fetch(`http://127.0.0.1:${demo.port}${EXPIRE}`, {
        method: 'POST',
        body: new URLSearchParams({ to, channel }),
      });
      expect([answer.status, await answer.text()]).toEqual([204, '']);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const refused = await check(channel, to, code);
      expect([refused.status, json(refused)]).toMatchObject([400, { reason: 'expired' }]);
    },
  );

  test('takes a request from the demo’s own origin', async () => {
    const to = 'own-origin@example.de';
    await sendCode('mail', to);
    const answer = await postForm(
      demo.port,
      EXPIRE,
      { to, channel: 'mail' },
      { headers: { origin: `http://localhost:${demo.port}` } },
    );
    expect(answer.status).toBe(204);
  });

  test.each([
    ['a brand page', 'http://a-dok.localhost:PORT'],
    ['the bare host by address', 'http://127.0.0.1:PORT'],
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
  ])('refuses a request from %s with 403 and leaves the code alone', async (label, origin) => {
    const to = `${label.replaceAll(' ', '-')}@example.de`;
    const code = await sendCode('mail', to);
    const answer = await postForm(
      demo.port,
      EXPIRE,
      { to, channel: 'mail' },
      { headers: { origin: origin.replace('PORT', String(demo.port)) } },
    );
    expect([answer.status, json(answer)]).toEqual([403, { error: 'not the demo origin' }]);
    expect(json(await check('mail', to, code))).toMatchObject({ status: 'ok' });
  });

  test.each<[string, string, Record<string, string>, number, string]>([
    ['a GET', 'GET', {}, 405, 'use POST'],
    ['no channel', 'POST', { to: 'a@example.de' }, 400, 'missing form field(s): channel'],
    [
      'the emulator’s channel',
      'POST',
      { to: '+491710000002', channel: 'firebase' },
      400,
      'channel is mail or sms',
    ],
    [
      'a value no code was sent to',
      'POST',
      { to: 'nobody@example.de', channel: 'mail' },
      404,
      'no code was sent to this value',
    ],
  ])('answers %s with %i', async (_, method, fields, status, error) => {
    const answer = await send(demo.port, EXPIRE, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'POST' ? new URLSearchParams(fields).toString() : undefined,
    });
    expect([answer.status, json(answer)]).toEqual([status, { error }]);
  });
});
