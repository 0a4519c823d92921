import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { createReferenceBackend, OUTBOX_PATH } from '../../../tools/demo/reference-backend.ts';
import { freePort } from '../../../tools/demo/ports.ts';
import { close, FORM_TYPE, json, listen, makeDemoWorld, send, type DemoWorld } from './demo-fixtures.ts';
import type { OutboxEntry } from '../../../tools/demo/reference-mws.ts';
import { SEND_LIMITS } from '../../../tools/demo/send-limits.ts';

let world: DemoWorld;
let port: number;
let backend: ReturnType<typeof createReferenceBackend>;

beforeAll(async () => {
  world = await makeDemoWorld();
  backend = createReferenceBackend({ brands: world.brands, publicHttpsPort: 443 });
  port = await freePort();
  await listen(backend.server, port);
  backend.outbox.push({
    channel: 'mail',
    to: 'a@example.de',
    code: '123456',
    sentAt: '2025-01-06T09:00:00Z',
  });
});
afterAll(async () => {
  await close(backend.server);
  await world.remove();
});

// A DNS-rebinding page reaches the backend's port under its own name; a brand's domain is no
// local name either, and nginx passes nothing outside /api/ anyway.
test.each([
  ['127.0.0.1:PORT', 200],
  ['localhost:PORT', 200],
  ['evil.example', 421],
  ['evil.example:PORT', 421],
  ['127.0.0.1.nip.io:PORT', 421],
  ['login.test-brand.example', 421],
])("the reference backend's outbox on Host: %s answers %i", async (host, status) => {
  const answer = await send(port, OUTBOX_PATH, { host: host.replace('PORT', String(port)) });
  expect(answer.status).toBe(status);
  if (status === 200) expect(json(answer)).toEqual(backend.outbox);
  else expect(answer.body).not.toContain('123456');
});

// Issue 36's probes, repeated on the backend a release's nginx proxies to, with the contract's
// limits and the real brands: each request as curl sends it, without an Origin, its client the
// address nginx writes into X-Forwarded-For.
describe('the contract behind nginx', () => {
  const clock = { now: Date.UTC(2025, 0, 6, 9, 0, 0) };
  const sent: OutboxEntry[] = [];
  let contract: ReturnType<typeof createReferenceBackend>;
  let contractPort: number;

  beforeAll(async () => {
    const { brands } = await loadBrands(fileURLToPath(new URL('../../../brands', import.meta.url)));
    contract = createReferenceBackend({
      brands,
      publicHttpsPort: 443,
      sendLimits: SEND_LIMITS,
      now: () => clock.now,
      onCodeSent: (entry) => sent.push(entry),
    });
    contractPort = await freePort();
    await listen(contract.server, contractPort);
  });
  afterAll(() => close(contract.server));

  const hostOf = (service: string) => `login.${service}.example`;

  /** A form POST to a brand's host as curl sends it: no Origin, from `client`. */
  function post(service: string, target: string, fields: Record<string, string>, client = '203.0.113.1') {
    return send(contractPort, target, {
      method: 'POST',
      host: hostOf(service),
      headers: { 'content-type': FORM_TYPE, 'x-forwarded-for': client },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Asks for a code with `service`'s key and redeems it: the token. */
  async function tokenFor(service: string, email: string): Promise<string> {
    const asked = await post(service, '/api/mws/users/auth/mail', { email, key: `dev-key-${service}` });
    expect(asked.status).toBe(200);
    const code = sent.findLast((entry) => entry.to === email)?.code ?? '';
    const verified = await post(service, '/api/mws/users/verify/mail', { email, token: code });
    return (json(verified) as { token: string }).token;
  }

  const claimsOf = (token: string): unknown =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

  test("a code asked for with webwhatsdown's key gives a token that a-ident's resolver and landing refuse", async () => {
    const token = await tokenFor('webwhatsdown', 'probe.36@example.de');
    expect(claimsOf(token)).toMatchObject({ sub: 'probe.36@example.de', aud: 'webwhatsdown' });
    const resolved = await post('a-ident', '/api/resolver', { qrid: 'qr-pay', token, service: 'a-ident' });
    expect([resolved.status, json(resolved)]).toEqual([
      403,
      { success: false, exists: false, message: 'token refused' },
    ]);
    const landing = (path: string) =>
      send(contractPort, `/api/landing/${path}?idtoken=${token}`, { host: hostOf('a-ident') });
    expect((await landing('a-ident/qr-exists')).status).toBe(403);
    expect((await landing('webwhatsdown')).status).toBe(200);
  });

  test("a code asked for with a-ident's key gives a token a-ident's resolver takes", async () => {
    const token = await tokenFor('a-ident', 'probe.36.a-ident@example.de');
    const resolved = await post('a-ident', '/api/resolver', { qrid: 'qr-pay', token, service: 'a-ident' });
    expect([resolved.status, json(resolved)]).toMatchObject([200, { success: true }]);
  });

  test('counts the addresses of one IPv6 /64 as one client, and IPv4-mapped IPv6 as its IPv4 address', async () => {
    const { max } = SEND_LIMITS.perClient;
    const mail = (i: number, client: string) =>
      post(
        'a-dok',
        '/api/mws/users/auth/mail',
        { email: `many.${i}@example.de`, key: 'dev-key-a-dok' },
        client,
      );
    // 2001:db8:36:1::2 to ::6, and on up to 30 addresses of the /64: the first 30 codes.
    for (let i = 0; i < max; i += 1) {
      expect((await mail(i, `2001:db8:36:1::${(i + 2).toString(16)}`)).status).toBe(200);
    }
    const refused = await mail(max, '2001:db8:36:1:ffff:ffff:ffff:ffff');
    expect([refused.status, json(refused)]).toEqual([
      429,
      { status: 429, reason: 'client-limit', message: 'Too many codes were sent from this client.' },
    ]);
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await mail(max, '2001:db8:36:2::2')).status).toBe(200);

    for (let i = 0; i < max; i += 1) expect((await mail(100 + i, '198.51.100.36')).status).toBe(200);
    expect(json(await mail(200, '::ffff:198.51.100.36'))).toMatchObject({ reason: 'client-limit' });
    expect((await mail(200, '198.51.100.37')).status).toBe(200);
  });

  test('counts a forwarded header that is no single address as the peer, which nginx would have written', async () => {
    const { max } = SEND_LIMITS.perClient;
    const mail = (i: number, client: string) =>
      post(
        'a-dok',
        '/api/mws/users/auth/mail',
        { email: `peer.${i}@example.de`, key: 'dev-key-a-dok' },
        client,
      );
    for (let i = 0; i < max; i += 1) expect((await mail(i, '127.0.0.1')).status).toBe(200);
    for (const forged of ['127.0.0.1, 203.0.113.99', '203.0.113.99, 127.0.0.1', 'somebody-else'])
      expect([forged, json(await mail(max, forged))]).toMatchObject([forged, { reason: 'client-limit' }]);
  });

  describe('the SMS budgets', () => {
    // Each from its own /64 unless said, so that only the budget under test can refuse.
    const sms = (mobilenumber: string, client: string) =>
      post('a-dok', '/api/mws/users/auth/sms', { mobilenumber, key: 'dev-key-a-dok' }, client);
    const german = (i: number) => `+4915${String(i).padStart(9, '0')}`;
    let clients = 0;
    const freshClient = () => `2001:db8:5:${(clients += 1).toString(16)}::1`;

    // Windows of an hour: each test starts an hour after the last.
    beforeEach(() => void (clock.now += 60 * 60 * 1000));

    test.each([
      ['three SMS to one number', SEND_LIMITS.smsPerNumber.max, () => german(1), freshClient, 'value-limit'],
      [
        'five SMS from one /64',
        SEND_LIMITS.smsPerClient.max,
        (i: number) => german(100 + i),
        (i: number) => `2001:db8:6::${i + 1}`,
        'client-limit',
      ],
      [
        'thirty SMS to Germany',
        SEND_LIMITS.smsPerCountry.max,
        (i: number) => german(200 + i),
        freshClient,
        'country-budget',
      ],
    ])(
      'refuses the SMS after %s within an hour with 429 and Retry-After',
      async (_, max, number, client, reason) => {
        for (let i = 0; i < max; i += 1) expect((await sms(number(i), client(i))).status).toBe(200);
        const refused = await sms(number(max), client(max));
        expect([refused.status, json(refused)]).toMatchObject([429, { code: 429, reason }]);
        expect(refused.headers['retry-after']).toBe('3600');
      },
    );

    test('refuses the SMS after a hundred within an hour over all countries and clients', async () => {
      const prefixes = ['+4915', '+43664', '+4179', '+3361', '+39333'];
      for (let i = 0; i < SEND_LIMITS.smsOverall.max; i += 1) {
        const number = `${prefixes[i % prefixes.length]}${String(1000 + i).padStart(7, '0')}`;
        expect([number, (await sms(number, freshClient())).status]).toEqual([number, 200]);
      }
      const refused = await sms('+14155552671', freshClient());
      expect([refused.status, json(refused)]).toEqual([
        429,
        { code: 429, reason: 'sms-budget', message: 'Too many SMS were sent; the SMS fallback is paused.' },
      ]);
      expect(refused.headers['retry-after']).toBe('3600');
      // Mail is not the SMS budget's.
      const mailed = await post(
        'a-dok',
        '/api/mws/users/auth/mail',
        { email: 'budget@example.de', key: 'dev-key-a-dok' },
        freshClient(),
      );
      expect(mailed.status).toBe(200);
    });
  });
});
