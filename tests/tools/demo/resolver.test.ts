import { describe, expect, test } from 'vitest';
import { DEV_FIREBASE_PROJECT } from '../../../tools/demo/dev-config.ts';
import { RESOLVER_TABLE, RESOLVER_TOKEN_MAX_AGE_MS } from '../../../tools/demo/resolver-table.ts';
import { FORM_TYPE, json, postForm, send, useDemo, withDemo } from './demo-fixtures.ts';

// What each row leads the page to, on the brand's own host, and the landing page the redirect
// reaches there, are the browser suite's (e2e/a-ident/resolver-and-payment.spec.ts).

const ROWS = [
  ['qr-exists', { exists: true, value: 0, sponsor: 'live' }],
  ['qr-pay', { exists: false, value: 5, sponsor: 'live' }],
  ['qr-cents', { exists: false, value: '12.34', sponsor: 'live' }],
  ['qr-sandbox', { exists: false, value: 5, sponsor: 'sandbox' }],
  ['qr-free', { exists: false, value: 0, sponsor: 'live' }],
] as const;
const FAILING = ['qr-fail'];

const demo = useDemo();

let visitors = 0;

/**
 * Signs a new visitor in with the demo's MWS: the token the page would hand the resolver. The
 * code is asked for with `service`'s key, a-ident's unless said.
 */
async function signIn(service = 'a-ident'): Promise<string> {
  const email = `visitor.${(visitors += 1)}@example.de`;
  await postForm(demo.port, '/mws/users/auth/mail', { email, key: `dev-key-${service}` });
  const code = demo.sent.at(-1)?.code ?? '';
  const { token } = json(await postForm(demo.port, '/mws/users/verify/mail', { email, token: code })) as {
    token: string;
  };
  return token;
}

async function resolve(qrid: string, host?: string, token?: string) {
  const target = host ? '/api/resolver' : '/a-ident/api/resolver';
  return postForm(
    demo.port,
    target,
    { qrid, token: token ?? (await signIn()), service: 'a-ident' },
    { host: host ?? `localhost:${demo.port}` },
  );
}

describe('POST api/resolver', () => {
  test('covers every row of the table in these tests', () => {
    expect([...ROWS.map(([qrid]) => qrid), ...FAILING].sort()).toEqual(Object.keys(RESOLVER_TABLE).sort());
  });

  test.each(ROWS)(
    'answers %s below the path with %o and the landing page on localhost',
    async (qrid, row) => {
      const answer = await resolve(qrid);
      expect(answer.status).toBe(200);
      expect(json(answer)).toEqual({
        success: true,
        exists: row.exists,
        message: expect.any(String),
        data: {
          value: row.value,
          sponsor: row.sponsor,
          targetDomain: `http://localhost:${demo.port}/landing`,
          path: 'a-ident',
        },
      });
    },
  );

  test('answers on the a-ident host with the landing page on that host', async () => {
    const host = `a-ident.localhost:${demo.port}`;
    expect(json(await resolve('qr-pay', host))).toMatchObject({
      data: { targetDomain: `http://${host}/landing`, path: 'a-ident' },
    });
  });

  test.each([
    'qr-fail',
    'qr-unknown',
    'QR-PAY',
    'qr-pay ',
    ' qr-pay',
    '../qr-pay',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '<script>alert(1)</script>',
  ])('answers success false for the qrid %j', async (qrid) => {
    const answer = await resolve(qrid);
    expect(answer.status).toBe(200);
    const body = json(answer);
    expect(body).toMatchObject({ success: false, exists: false });
    expect(body).not.toHaveProperty('data');
  });

  test('answers a token again for its own qrid', async () => {
    const token = await signIn();
    expect(json(await resolve('qr-pay', undefined, token))).toMatchObject({ success: true });
    expect(json(await resolve('qr-pay', undefined, token))).toMatchObject({ success: true });
  });

  const forge = (token: string, claims: object) => {
    const [header, , signature] = token.split('.');
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  };

  test.each<[string, (token: string) => string | Promise<string>]>([
    [
      'a token already used for another qrid',
      async (token) => (await resolve('qr-free', undefined, token), token),
    ],
    [
      'a token used for an unknown qrid first',
      async (token) => (await resolve('qr-nope', undefined, token), token),
    ],
    // Issue 36: a code another service's key asked for gives a token for that service only.
    ['a token of the MWS for a-dok', () => signIn('a-dok')],
    ['a token of the MWS for wdmaps', () => signIn('wdmaps')],
    ['a made-up token', () => 'header.payload.signature'],
    [
      'a token whose claims were changed',
      (token) => forge(token, { sub: 'someone', iss: 'reference-mws', iat: 0, exp: 9e9 }),
    ],
    [
      'another service’s token with its audience changed to a-ident',
      async () => {
        const token = await signIn('a-dok');
        const [, payload = ''] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
        return forge(token, { ...claims, aud: 'a-ident' });
      },
    ],
    [
      'a token with another signature',
      (token) => `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`,
    ],
    ['a token with an extra part', (token) => `${token}.x`],
    ['an unsigned token', (token) => `${token.slice(0, token.lastIndexOf('.'))}.`],
    ['text that is no token', () => 'qr-pay'],
  ])('refuses %s with 403 and tells nothing of the qrid', async (_, tokenFor) => {
    const token = await tokenFor(await signIn());
    const answer = await resolve('qr-pay', undefined, token);
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({ success: false, exists: false, message: 'token refused' });
  });

  test('refuses a token issued more than ten minutes ago, though it has not expired', async () => {
    const token = await signIn();
    demo.clock.now += RESOLVER_TOKEN_MAX_AGE_MS + 1000;
    try {
      const answer = await resolve('qr-pay', undefined, token);
      expect(answer.status).toBe(403);
      expect(json(await resolve('qr-pay'))).toMatchObject({ success: true });
    } finally {
      demo.clock.now -= RESOLVER_TOKEN_MAX_AGE_MS + 1000;
    }
  });

  describe('the phone path’s token from the Firebase Auth emulator', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const emulatorToken = (project: string, seconds: number) =>
      `${part({ alg: 'none', typ: 'JWT' })}.${part({
        iss: `https://securetoken.google.com/${project}`,
        aud: project,
        iat: seconds,
        exp: seconds + 3600,
        phone_number: '+491712345678',
      })}.`;

    test('is taken when the demo runs the emulator, for its own project only', async () => {
      await withDemo(demo.world, { authEmulatorUrl: 'http://127.0.0.1:9' }, async (withEmulator) => {
        const seconds = withEmulator.clock.now / 1000;
        const ask = (token: string) =>
          postForm(withEmulator.port, '/a-ident/api/resolver', { qrid: 'qr-pay', token, service: 'a-ident' });
        expect(json(await ask(emulatorToken(DEV_FIREBASE_PROJECT, seconds)))).toMatchObject({
          success: true,
        });
        expect((await ask(emulatorToken('another-project', seconds))).status).toBe(403);
        expect((await ask(`${emulatorToken(DEV_FIREBASE_PROJECT, seconds)}x`)).status).toBe(403);
        expect((await ask(emulatorToken(DEV_FIREBASE_PROJECT, seconds - 3600))).status).toBe(403);
      });
    });

    test('is refused by a demo without the emulator', async () => {
      const token = emulatorToken(DEV_FIREBASE_PROJECT, demo.clock.now / 1000);
      expect((await resolve('qr-pay', undefined, token)).status).toBe(403);
    });
  });

  // Form parsing and its refusals are reference-mws.test.ts's (http-utils.ts): one of each shows
  // that the resolver goes through them and keeps answering.
  test.each([
    ['no fields', { 'content-type': FORM_TYPE }, '', 400, 'missing form field(s): qrid, token, service'],
    [
      'a JSON body',
      { 'content-type': 'application/json' },
      '{"qrid":"qr-pay"}',
      415,
      'expected an application/x-www-form-urlencoded body',
    ],
  ])('refuses %s and keeps answering', async (_, headers, body, status, error) => {
    const answer = await send(demo.port, '/a-ident/api/resolver', { method: 'POST', headers, body });
    expect([answer.status, json(answer)]).toEqual([status, { error }]);
    expect(json(await resolve('qr-pay'))).toMatchObject({ success: true });
  });
});
