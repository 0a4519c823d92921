import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CODE_TTL_MS, LOCKOUT_MS, MAX_WRONG_ATTEMPTS, SEND_LIMITS } from './code-store.ts';
import { MAX_FORM_BYTES } from './http-utils.ts';
import {
  FORM_TYPE,
  pageOrigin,
  json,
  makeDemoWorld,
  postForm,
  send,
  startDemo,
  type Answer,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const KEY = 'dev-key-a-dok';
const EMAIL = 'erika.mustermann@example.de';
const NUMBER = '+491712345678';
const MAIL = '/mws/users/auth/mail';
const SMS = '/mws/users/auth/sms';
const VERIFY_MAIL = '/mws/users/verify/mail';
const VERIFY_SMS = '/mws/users/verify/sms';

let world: DemoWorld;
let demo: RunningDemo;

beforeAll(async () => {
  world = await makeDemoWorld();
});
afterAll(() => world.remove());
beforeEach(async () => {
  demo = await startDemo(world);
});
afterEach(() => demo.stop());

/** Sends a code by mail (or SMS) and answers the code the MWS reported. */
async function sendCode(channel: 'mail' | 'sms', value: string): Promise<string> {
  const answer =
    channel === 'mail'
      ? await postForm(demo.port, MAIL, { email: value, key: KEY })
      : await postForm(demo.port, SMS, { mobilenumber: value, key: KEY });
  expect(answer.status).toBe(200);
  const entry = demo.sent.at(-1);
  expect(entry).toMatchObject({ channel, to: value });
  return entry?.code ?? '';
}

function verifyMail(email: string, token: string): Promise<Answer> {
  return postForm(demo.port, VERIFY_MAIL, { email, token });
}

/** Any six digits other than `code`. */
function otherCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}

function decodeJwtPart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
}

function expectJwt(token: unknown, subject: string, channel: string): void {
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const [header, payload] = String(token).split('.');
  expect(decodeJwtPart(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(decodeJwtPart(payload)).toMatchObject({ sub: subject, amr: [channel], iss: 'reference-mws' });
}

/** The MWS still answers a good request after whatever came before. */
async function expectStillAnswering(): Promise<void> {
  const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
  expect(answer.status).toBe(200);
}

describe('sending a code by mail', () => {
  test('answers "mail sent" and puts the code in the outbox and onCodeSent', async () => {
    const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ status: 200, message: 'mail sent' });
    expect(demo.sent).toEqual([
      {
        channel: 'mail',
        to: EMAIL,
        code: expect.stringMatching(/^\d{6}$/),
        sentAt: '2025-01-06T09:00:00.000Z',
      },
    ]);
    const outbox = await send(demo.port, '/dev/outbox');
    expect(outbox.status).toBe(200);
    expect(json(outbox)).toEqual(demo.sent);
  });

  test('takes an EDP-Kennung in the email field like an address', async () => {
    const code = await sendCode('mail', 'EDP-4711');
    const answer = await verifyMail('EDP-4711', code);
    expect(json(answer)).toMatchObject({ status: 'ok' });
  });

  test('lists every code in the outbox, oldest first', async () => {
    await sendCode('mail', EMAIL);
    demo.clock.now += 1000;
    await sendCode('sms', NUMBER);
    const outbox = json(await send(demo.port, '/dev/outbox')) as { to: string }[];
    expect(outbox.map((entry) => entry.to)).toEqual([EMAIL, NUMBER]);
  });
});

describe('sending a code by SMS', () => {
  test('answers "SMS gesendet" for an E.164 number and reports the code', async () => {
    const answer = await postForm(demo.port, SMS, { mobilenumber: NUMBER, key: KEY });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ code: 200, message: 'SMS gesendet' });
    expect(demo.sent).toEqual([expect.objectContaining({ channel: 'sms', to: NUMBER })]);
  });

  test.each([
    ['a national number', '01712345678'],
    ['a number with spaces', '+49 171 2345678'],
    ['a number without the plus', '491712345678'],
    ['a country code starting with 0', '+0171234567'],
    ['too few digits', '+491234'],
    ['more than 15 digits', '+4917123456789012'],
    ['letters', '+49abc2345678'],
    ['two plus signs', '++491712345678'],
    ['a trailing newline', '+491712345678\n'],
    ['markup', '<script>alert(1)</script>'],
  ])('refuses %s with 400 and sends nothing', async (_, mobilenumber) => {
    const answer = await postForm(demo.port, SMS, { mobilenumber, key: KEY });
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ error: 'mobilenumber is not in E.164 form' });
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });
});

describe('checking a code', () => {
  test('answers ok with a JWT-shaped token for the mailed code', async () => {
    const code = await sendCode('mail', EMAIL);
    const answer = await verifyMail(EMAIL, code);
    expect(answer.status).toBe(200);
    const body = json(answer) as { status: string; token: string };
    expect(body.status).toBe('ok');
    expectJwt(body.token, EMAIL, 'mail');
  });

  test('answers ok with a JWT-shaped token for the SMS code', async () => {
    const code = await sendCode('sms', NUMBER);
    const answer = await postForm(demo.port, VERIFY_SMS, { mobilenumber: NUMBER, token: code });
    expect(answer.status).toBe(200);
    const body = json(answer) as { status: string; token: string };
    expect(body.status).toBe('ok');
    expectJwt(body.token, NUMBER, 'sms');
  });

  test('signs the token so that it expires an hour after it was issued', async () => {
    const code = await sendCode('mail', EMAIL);
    const { token } = json(await verifyMail(EMAIL, code)) as { token: string };
    const issuedAt = demo.clock.now / 1000;
    expect(decodeJwtPart(token.split('.')[1])).toMatchObject({ iat: issuedAt, exp: issuedAt + 3600 });
  });

  test('accepts the address in another case and the code with spaces around it', async () => {
    const code = await sendCode('mail', EMAIL);
    const answer = await verifyMail(` ${EMAIL.toUpperCase()} `, ` ${code} `);
    expect(json(answer)).toMatchObject({ status: 'ok' });
  });

  test('accepts each code once', async () => {
    const code = await sendCode('mail', EMAIL);
    expect((await verifyMail(EMAIL, code)).status).toBe(200);
    const again = await verifyMail(EMAIL, code);
    expect(again.status).toBe(400);
    expect(json(again)).toMatchObject({ status: 'error' });
  });

  test('refuses a wrong code with 400 "wrong code"', async () => {
    const code = await sendCode('mail', EMAIL);
    const answer = await verifyMail(EMAIL, otherCode(code));
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ status: 'error', message: 'wrong code' });
  });

  test('refuses a code mailed to another address', async () => {
    const code = await sendCode('mail', EMAIL);
    const answer = await verifyMail('someone.else@example.de', code);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ status: 'error', message: 'no code was sent to this value' });
  });

  test('refuses a mailed code on the SMS check', async () => {
    const code = await sendCode('mail', NUMBER);
    const answer = await postForm(demo.port, VERIFY_SMS, { mobilenumber: NUMBER, token: code });
    expect(answer.status).toBe(400);
    expect(json(answer)).toMatchObject({ status: 'error' });
  });

  test('still accepts a code exactly ten minutes old', async () => {
    const code = await sendCode('mail', EMAIL);
    demo.clock.now += CODE_TTL_MS;
    expect(json(await verifyMail(EMAIL, code))).toMatchObject({ status: 'ok' });
  });

  test('refuses a code older than ten minutes with "code expired"', async () => {
    const code = await sendCode('mail', EMAIL);
    demo.clock.now += 10 * 60 * 1000 + 1;
    const answer = await verifyMail(EMAIL, code);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ status: 'error', message: 'code expired' });
  });

  test('locks the value on the fifth wrong answer, also against the right code', async () => {
    const code = await sendCode('mail', EMAIL);
    for (let attempt = 1; attempt < MAX_WRONG_ATTEMPTS; attempt += 1) {
      const answer = await verifyMail(EMAIL, otherCode(code, attempt));
      expect([attempt, answer.status, json(answer)]).toEqual([
        attempt,
        400,
        { status: 'error', message: 'wrong code' },
      ]);
    }
    const fifth = await verifyMail(EMAIL, otherCode(code, MAX_WRONG_ATTEMPTS));
    expect(fifth.status).toBe(429);
    expect(json(fifth)).toEqual({ status: 'error', message: 'too many wrong attempts' });
    const right = await verifyMail(EMAIL, code);
    expect(right.status).toBe(429);
    expect(json(right)).toEqual({ status: 'error', message: 'too many wrong attempts' });
  });

  test('accepts the right code after four wrong ones', async () => {
    const code = await sendCode('sms', NUMBER);
    for (let attempt = 1; attempt < MAX_WRONG_ATTEMPTS; attempt += 1) {
      await postForm(demo.port, VERIFY_SMS, { mobilenumber: NUMBER, token: otherCode(code, attempt) });
    }
    const answer = await postForm(demo.port, VERIFY_SMS, { mobilenumber: NUMBER, token: code });
    expect(json(answer)).toMatchObject({ status: 'ok' });
  });

  test('keeps a locked value locked for fifteen minutes: a new code does not lift it', async () => {
    const code = await sendCode('mail', EMAIL);
    for (let attempt = 1; attempt <= MAX_WRONG_ATTEMPTS; attempt += 1) {
      await verifyMail(EMAIL, otherCode(code, attempt));
    }
    const resend = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
    expect(resend.status).toBe(429);
    expect(json(resend)).toEqual({ status: 429, message: 'too many wrong attempts' });
    expect(demo.sent).toHaveLength(1);
    expect((await verifyMail(EMAIL, code)).status).toBe(429);

    demo.clock.now += LOCKOUT_MS;
    const fresh = await sendCode('mail', EMAIL);
    expect(json(await verifyMail(EMAIL, fresh))).toMatchObject({ status: 'ok' });
  });

  test('replaces the earlier code when a new one is sent', async () => {
    const first = await sendCode('mail', EMAIL);
    let second = await sendCode('mail', EMAIL);
    // One in a million: the new code happens to equal the old one.
    while (second === first) second = await sendCode('mail', EMAIL);
    const old = await verifyMail(EMAIL, first);
    expect(old.status).toBe(400);
    expect(json(old)).toEqual({ status: 'error', message: 'wrong code' });
    expect(json(await verifyMail(EMAIL, second))).toMatchObject({ status: 'ok' });
  });
});

describe('limiting sends (the contract’s numbers)', () => {
  const { perValue, perClient } = SEND_LIMITS;

  test.each<['mail' | 'sms', string, string, Record<string, string>, object]>([
    [
      'mail',
      MAIL,
      EMAIL,
      { email: EMAIL, key: KEY },
      { status: 429, message: 'too many codes sent to this value' },
    ],
    [
      'sms',
      SMS,
      NUMBER,
      { mobilenumber: NUMBER, key: KEY },
      { code: 429, message: 'too many codes sent to this value' },
    ],
  ])(
    'answers the sixth %s to one value within fifteen minutes with 429 and sends nothing',
    async (channel, route, value, fields, refusal) => {
      for (let i = 0; i < perValue.max; i += 1) {
        await sendCode(channel, value);
        demo.clock.now += 60_000;
      }
      const answer = await postForm(demo.port, route, fields);
      expect(answer.status).toBe(429);
      expect(json(answer)).toEqual(refusal);
      expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
      expect(demo.sent).toHaveLength(perValue.max);

      demo.clock.now += perValue.windowMs - perValue.max * 60_000 + 1;
      await sendCode(channel, value);
    },
  );

  test('answers the 31st code from one client within an hour with 429, whatever the values', async () => {
    const limited = await startDemo(world, { sendLimits: SEND_LIMITS });
    try {
      const sendTo = (i: number) =>
        postForm(limited.port, SMS, { mobilenumber: `+4917100${String(i).padStart(5, '0')}`, key: KEY });
      for (let i = 0; i < perClient.max; i += 1) expect((await sendTo(i)).status).toBe(200);
      const answer = await sendTo(perClient.max);
      expect(answer.status).toBe(429);
      expect(json(answer)).toEqual({ code: 429, message: 'too many codes sent from this client' });
      expect(limited.sent).toHaveLength(perClient.max);
      limited.clock.now += perClient.windowMs;
      expect((await sendTo(perClient.max)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  test('counts neither refused nor unknown-key sends', async () => {
    for (let i = 0; i < perValue.max; i += 1) {
      await postForm(demo.port, MAIL, { email: EMAIL, key: 'dev-key-nope' });
    }
    for (let i = 0; i < perValue.max; i += 1) await sendCode('mail', EMAIL);
    for (let i = 0; i < 3; i += 1) await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
    demo.clock.now += perValue.windowMs;
    await sendCode('mail', EMAIL);
  });
});

describe('refusing bad requests', () => {
  test.each([
    [MAIL, { email: EMAIL, key: 'dev-key-nope' }],
    [MAIL, { email: EMAIL, key: 'dev-key-broken' }],
    [MAIL, { email: EMAIL, key: 'DEV-KEY-A-DOK' }],
    [SMS, { mobilenumber: NUMBER, key: 'a-dok' }],
  ])('answers 403 to %s with the unknown key in %o', async (route, fields) => {
    const answer = await postForm(demo.port, route, fields);
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({ error: 'unknown service key' });
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });

  test.each([
    [MAIL, {}, 'email, key'],
    [MAIL, { email: EMAIL }, 'key'],
    [MAIL, { key: KEY, email: '   ' }, 'email'],
    [SMS, { key: KEY }, 'mobilenumber'],
    [VERIFY_MAIL, { email: EMAIL }, 'token'],
    [VERIFY_MAIL, { token: '123456' }, 'email'],
    [VERIFY_SMS, {}, 'mobilenumber, token'],
  ])('answers 400 to %s with %o and names %s', async (route, fields, missing) => {
    const answer = await postForm(demo.port, route, fields);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ error: `missing form field(s): ${missing}` });
    await expectStillAnswering();
  });

  test.each([
    ['application/json', JSON.stringify({ email: EMAIL, key: KEY })],
    ['text/plain', `email=${EMAIL}&key=${KEY}`],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${EMAIL}\r\n--x--`,
    ],
    ['', `email=${EMAIL}&key=${KEY}`],
  ])('answers 415 to a body of type "%s"', async (type, body) => {
    const answer = await send(demo.port, MAIL, {
      method: 'POST',
      body,
      headers: { origin: pageOrigin(demo.port), ...(type && { 'content-type': type }) },
    });
    expect(answer.status).toBe(415);
    expect(json(answer)).toEqual({ error: 'expected an application/x-www-form-urlencoded body' });
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });

  test.each([
    ['random bytes', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256))],
    ['bare percent signs', '%%%'],
    ['broken percent escapes', '%E0%A4%A=%G1&%'],
    ['only separators', '&&&===&'],
    ['a NUL byte', '\u0000'],
    ['invalid UTF-8', Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xc3, 0x28, 0xff])],
  ])('answers 400 to a form body of %s', async (_, body) => {
    for (const route of [MAIL, SMS, VERIFY_MAIL, VERIFY_SMS]) {
      const answer = await send(demo.port, route, {
        method: 'POST',
        body,
        headers: { 'content-type': FORM_TYPE, origin: pageOrigin(demo.port) },
      });
      expect([route, answer.status]).toEqual([route, 400]);
      expect(json(answer)).toEqual({ error: expect.stringMatching(/^missing form field/) });
    }
    await expectStillAnswering();
  });

  test('takes a body of exactly 16 KiB', async () => {
    const fields = `email=${encodeURIComponent(EMAIL)}&key=${KEY}&padding=`;
    const body = fields + 'x'.repeat(MAX_FORM_BYTES - fields.length);
    const answer = await send(demo.port, MAIL, {
      method: 'POST',
      body,
      headers: { 'content-type': FORM_TYPE, origin: pageOrigin(demo.port) },
    });
    expect(answer.status).toBe(200);
  });

  test.each([
    ['with a content-length header', false],
    ['sent in chunks without a content-length', true],
  ])('answers 413 to a body over 16 KiB %s', async (_, chunked) => {
    const body = `email=${encodeURIComponent(EMAIL)}&key=${KEY}&padding=${'x'.repeat(MAX_FORM_BYTES)}`;
    const answer = await send(demo.port, MAIL, {
      method: 'POST',
      body,
      chunked,
      headers: { 'content-type': FORM_TYPE, origin: pageOrigin(demo.port) },
    });
    expect(answer.status).toBe(413);
    expect(json(answer)).toEqual({ error: `body larger than ${MAX_FORM_BYTES} bytes` });
    expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });

  test('answers 413 to a declared length over 16 KiB before reading the body', async () => {
    const answer = await send(demo.port, MAIL, {
      method: 'POST',
      body: `email=${EMAIL}&key=${KEY}`,
      headers: {
        'content-type': FORM_TYPE,
        'content-length': String(MAX_FORM_BYTES + 1),
        origin: pageOrigin(demo.port),
      },
    }).catch((error: Error) => error);
    // The server may close the connection after answering, since the declared body never came.
    if (!(answer instanceof Error)) expect(answer.status).toBe(413);
    await expectStillAnswering();
  });

  test.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers 405 to %s on each MWS call', async (method) => {
    for (const route of [MAIL, SMS, VERIFY_MAIL, VERIFY_SMS]) {
      const answer = await send(demo.port, route, { method, headers: { origin: pageOrigin(demo.port) } });
      expect([route, answer.status]).toEqual([route, 405]);
      expect(json(answer)).toEqual({ error: 'use POST' });
      expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
    }
    await expectStillAnswering();
  });

  test.each([
    '/mws/',
    '/mws/users/auth/fax',
    '/mws/users/auth/mail/extra',
    '/mws/users/auth',
    '/mws/__proto__',
    '/mws/constructor',
    '/mws/toString',
    '/mws/hasOwnProperty',
    '/mws/users%2Fauth%2Fmail',
  ])('answers 404 to POST %s', async (route) => {
    const answer = await postForm(demo.port, route, { email: EMAIL, key: KEY });
    expect(answer.status).toBe(404);
    expect(json(answer)).toEqual({ error: expect.stringMatching(/^no MWS route /) });
    expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });
});

describe('CORS for the page origin', () => {
  test('answers a preflight with 204, the origin and POST', async () => {
    const answer = await send(demo.port, MAIL, {
      method: 'OPTIONS',
      headers: {
        origin: `http://a-ident.localhost:${demo.port}`,
        'access-control-request-method': 'POST',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(`http://a-ident.localhost:${demo.port}`);
    expect(answer.headers['access-control-allow-methods']).toContain('POST');
    expect(answer.headers.vary).toContain('Origin');
    expect(answer.body).toBe('');
  });

  test('answers the preflight of another origin with 204 and no grant, so the browser stops there', async () => {
    const answer = await send(demo.port, MAIL, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(demo.sent).toEqual([]);
  });

  test.each<[string, () => Promise<Answer>, number]>([
    ['a sent mail', () => postForm(demo.port, MAIL, { email: EMAIL, key: KEY }), 200],
    ['a sent SMS', () => postForm(demo.port, SMS, { mobilenumber: NUMBER, key: KEY }), 200],
    ['a refused code', () => verifyMail(EMAIL, '000000'), 400],
    ['a missing field', () => postForm(demo.port, MAIL, { key: KEY }), 400],
    ['an unknown key', () => postForm(demo.port, MAIL, { email: EMAIL, key: 'nope' }), 403],
    ['a wrong method', () => send(demo.port, MAIL, { headers: { origin: pageOrigin(demo.port) } }), 405],
    ['an unknown route', () => postForm(demo.port, '/mws/nope', {}), 404],
    [
      'a JSON body',
      () =>
        send(demo.port, MAIL, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', origin: pageOrigin(demo.port) },
        }),
      415,
    ],
  ])('names the request origin on %s', async (_, call, status) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test.each(['localhost', '127.0.0.1'])(
    'answers a page below a path of http://%s:<port>, the bare host',
    async (host) => {
      const origin = `http://${host}:${demo.port}`;
      const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY }, { headers: { origin } });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
    },
  );

  test.each([
    ['another site', 'https://evil.example'],
    ['a brand on another port', 'http://a-dok.localhost:8080'],
    ['a service the demo does not serve', 'http://broken.localhost:PORT'],
    ['https on the demo port', 'https://a-dok.localhost:PORT'],
    ['an opaque origin', 'null'],
  ])('refuses %s with 403, sends nothing and allows no origin', async (_, origin) => {
    for (const [route, fields] of [
      [MAIL, { email: EMAIL, key: KEY }],
      [SMS, { mobilenumber: NUMBER, key: KEY }],
    ] as const) {
      const answer = await postForm(demo.port, route, fields, {
        headers: { origin: origin.replace('PORT', String(demo.port)) },
      });
      expect(answer.status).toBe(403);
      expect(json(answer)).toEqual({ error: 'not a brand origin' });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(demo.sent).toEqual([]);
  });

  test('names no origin when the request has none: no browser asks, so no CORS is needed', async () => {
    const answer = await send(demo.port, MAIL, {
      method: 'POST',
      body: `email=${EMAIL}&key=${KEY}`,
      headers: { 'content-type': FORM_TYPE },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('answers on a brand host too', async () => {
    const answer = await postForm(
      demo.port,
      MAIL,
      { email: EMAIL, key: KEY },
      { host: `a-dok.localhost:${demo.port}` },
    );
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ status: 200, message: 'mail sent' });
  });
});
