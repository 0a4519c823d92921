import { describe, expect, test } from 'vitest';
import { CODE_TTL_MS, LOCKOUT_MS, MAX_WRONG_ATTEMPTS } from '../../../tools/demo/code-store.ts';
import { LOCAL_SEND_LIMITS, SEND_LIMITS } from '../../../tools/demo/send-limits.ts';
import { MAX_FORM_BYTES } from '../../../tools/demo/http-utils.ts';
import {
  FORM_TYPE,
  pageOrigin,
  json,
  postForm,
  send,
  useDemo,
  withDemo,
  type Answer,
} from './demo-fixtures.ts';

// How the MWS answers. What it does with codes (one use, ten minutes, the lock, the limits'
// windows) is code-store.test.ts's; the sign-in of every method through it is the browser suite's.

const KEY = 'dev-key-a-dok';
const EMAIL = 'erika.mustermann@example.de';
const NUMBER = '+491712345678';
const MAIL = '/mws/users/auth/mail';
const SMS = '/mws/users/auth/sms';
const VERIFY_MAIL = '/mws/users/verify/mail';
const VERIFY_SMS = '/mws/users/verify/sms';
const ROUTES = [MAIL, SMS, VERIFY_MAIL, VERIFY_SMS];
const MINUTE = 60 * 1000;
const LOCKED = 'Too many wrong codes were entered for this value; it is locked for a while.';

const demo = useDemo({ perTest: true });

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

/** Five wrong codes for EMAIL: the value is locked. */
async function lockEmail(): Promise<string> {
  const code = await sendCode('mail', EMAIL);
  for (let attempt = 1; attempt <= MAX_WRONG_ATTEMPTS; attempt += 1) {
    await verifyMail(EMAIL, otherCode(code, attempt));
  }
  return code;
}

/** A code for EMAIL that a resend replaced. */
async function replacedCode(): Promise<string> {
  const first = await sendCode('mail', EMAIL);
  let second = await sendCode('mail', EMAIL);
  while (second === first) second = await sendCode('mail', EMAIL);
  return first;
}

function decodeJwtPart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
}

/** The MWS still answers a good request after whatever came before. */
async function expectStillAnswering(): Promise<void> {
  const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
  expect(answer.status).toBe(200);
}

/** A POST with any body and content type from the page's origin. */
function postRaw(route: string, body: string | Buffer, type: string | undefined, chunked = false) {
  return send(demo.port, route, {
    method: 'POST',
    body,
    chunked,
    headers: { origin: pageOrigin(demo.port), ...(type && { 'content-type': type }) },
  });
}

describe('sending a code', () => {
  test.each([
    ['mail', MAIL, { email: EMAIL, key: KEY }, { status: 200, message: 'mail sent' }, EMAIL],
    ['sms', SMS, { mobilenumber: NUMBER, key: KEY }, { code: 200, message: 'SMS gesendet' }, NUMBER],
  ])(
    'by %s answers in its own shape and reports the code to onCodeSent and the outbox',
    async (channel, route, fields, body, to) => {
      const answer = await postForm(demo.port, route, fields);
      expect([answer.status, json(answer)]).toEqual([200, body]);
      expect(demo.sent).toEqual([
        { channel, to, code: expect.stringMatching(/^\d{6}$/), sentAt: '2025-01-06T09:00:00.000Z' },
      ]);
      expect(json(await send(demo.port, '/dev/outbox'))).toEqual(demo.sent);
    },
  );

  test.each([
    ['a national number', '01712345678'],
    ['a number with spaces', '+49 171 2345678'],
    ['a number without the plus', '491712345678'],
    ['a country code starting with 0', '+0171234567'],
    ['too few digits', '+491234'],
    ['more than 15 digits', '+4917123456789012'],
    ['letters', '+49abc2345678'],
    ['two plus signs', '++491712345678'],
    ['a zero-width space', '+49171\u200b2345678'],
    ['full-width digits', '+４９１７１２３４５６７８'],
    ['a trailing newline', '+491712345678\n'],
    ['markup', '<script>alert(1)</script>'],
  ])('by SMS refuses %s with 400 and sends nothing', async (_, mobilenumber) => {
    const answer = await postForm(demo.port, SMS, { mobilenumber, key: KEY });
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ error: 'mobilenumber is not in E.164 form' });
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });

  // What the page refuses before it sends (isPossiblePhoneNumber): no SMS to a number that cannot be.
  test.each([
    ['a country code that does not exist', '+9991712345678'],
    ['too few digits for the US', '+1415555267'],
    ['too many digits for France', '+33612345678901'],
  ])('by SMS refuses %s with 400 and sends nothing', async (_, mobilenumber) => {
    const answer = await postForm(demo.port, SMS, { mobilenumber, key: KEY });
    expect([answer.status, json(answer)]).toEqual([
      400,
      { error: 'mobilenumber cannot be a phone number of its country' },
    ]);
    expect(demo.sent).toEqual([]);
  });

  // One number, one spelling: a trunk 0 after the country code would escape the number's limit.
  test.each([
    ['a trunk 0 after the country code', '+49015199990001', '+4915199990001'],
    ['two of them', '+490015199990001', '+49015199990001'],
  ])('by SMS refuses %s with 400, naming its form with one 0 less', async (_, mobilenumber, lessOne) => {
    const answer = await postForm(demo.port, SMS, { mobilenumber, key: KEY });
    expect([answer.status, json(answer)]).toEqual([
      400,
      { error: `mobilenumber is not in its one E.164 form, ${lessOne}` },
    ]);
    expect(demo.sent).toEqual([]);
    expect((await postForm(demo.port, SMS, { mobilenumber: '+4915199990001', key: KEY })).status).toBe(200);
  });
});

describe('checking a code', () => {
  test.each(['mail', 'sms'] as const)(
    'answers the %s code with a signed token for the value, valid for an hour',
    async (channel) => {
      const value = channel === 'mail' ? EMAIL : NUMBER;
      const code = await sendCode(channel, value);
      const answer =
        channel === 'mail'
          ? await verifyMail(value, code)
          : await postForm(demo.port, VERIFY_SMS, { mobilenumber: value, token: code });
      const { status, token } = json(answer) as { status: string; token: string };
      expect([answer.status, status]).toEqual([200, 'ok']);
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const [header, payload] = token.split('.');
      const issuedAt = demo.clock.now / 1000;
      expect(decodeJwtPart(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(decodeJwtPart(payload)).toEqual({
        sub: value,
        aud: 'a-dok',
        amr: [channel],
        iss: 'reference-mws',
        iat: issuedAt,
        exp: issuedAt + 3600,
      });
    },
  );

  test('accepts the address in another case and the code with spaces around it', async () => {
    const code = await sendCode('mail', EMAIL);
    const answer = await verifyMail(` ${EMAIL.toUpperCase()} `, ` ${code} `);
    expect(json(answer)).toMatchObject({ status: 'ok' });
  });

  // Each of the store's answers (code-store.test.ts) in the call's words and status.
  test.each<[string, string, string, () => Promise<Answer>]>([
    [
      'a wrong code',
      'wrong',
      'The code is wrong.',
      async () => verifyMail(EMAIL, otherCode(await sendCode('mail', EMAIL))),
    ],
    [
      'a code mailed to another address',
      'unknown',
      'No code was sent to this value.',
      async () => verifyMail('someone.else@example.de', await sendCode('mail', EMAIL)),
    ],
    [
      'a used code',
      'used',
      'The code has already been used.',
      async () => {
        const code = await sendCode('mail', EMAIL);
        await verifyMail(EMAIL, code);
        return verifyMail(EMAIL, code);
      },
    ],
    [
      'a code a resend replaced',
      'replaced',
      'A newer code was sent; only the newest one counts.',
      async () => verifyMail(EMAIL, await replacedCode()),
    ],
    [
      'a mailed code on the SMS check',
      'unknown',
      'No code was sent to this value.',
      async () =>
        postForm(demo.port, VERIFY_SMS, { mobilenumber: NUMBER, token: await sendCode('mail', NUMBER) }),
    ],
    [
      'a code older than ten minutes',
      'expired',
      'The code has expired.',
      async () => {
        const code = await sendCode('mail', EMAIL);
        demo.clock.now += CODE_TTL_MS + 1;
        return verifyMail(EMAIL, code);
      },
    ],
  ])('refuses %s with 400, the reason "%s" and no Retry-After', async (_, reason, message, check) => {
    const answer = await check();
    expect([answer.status, json(answer)]).toEqual([400, { status: 'error', reason, message }]);
    expect(answer.headers['retry-after']).toBeUndefined();
  });

  test('answers the fifth wrong code with 429, the reason "locked" and Retry-After for the whole lock', async () => {
    const code = await sendCode('mail', EMAIL);
    const answers = [];
    for (let attempt = 1; attempt <= MAX_WRONG_ATTEMPTS; attempt += 1) {
      const answer = await verifyMail(EMAIL, otherCode(code, attempt));
      answers.push([
        answer.status,
        (json(answer) as { reason: string }).reason,
        answer.headers['retry-after'],
      ]);
    }
    expect(answers).toEqual([
      ...Array.from({ length: MAX_WRONG_ATTEMPTS - 1 }, () => [400, 'wrong', undefined]),
      [429, 'locked', String(LOCKOUT_MS / 1000)],
    ]);
  });

  test.each<[string, string, number]>([
    ['at once', '900', 0],
    ['a millisecond later, rounded up', '900', 1],
    ['a second and a half later', '899', 1500],
    ['a millisecond before the lock ends, at least 1', '1', LOCKOUT_MS - 1],
  ])(
    'refuses the right code of a locked value %s with 429 and Retry-After %s',
    async (_, retryAfter, elapsed) => {
      const code = await lockEmail();
      demo.clock.now += elapsed;
      const answer = await verifyMail(EMAIL, code);
      expect([answer.status, json(answer)]).toEqual([
        429,
        { status: 'error', reason: 'locked', message: LOCKED },
      ]);
      expect(answer.headers['retry-after']).toBe(retryAfter);
    },
  );

  test('answers without Retry-After once the lock is over: the lock took the code with it', async () => {
    const code = await lockEmail();
    demo.clock.now += LOCKOUT_MS;
    const answer = await verifyMail(EMAIL, code);
    expect([answer.status, json(answer)]).toMatchObject([400, { reason: 'unknown' }]);
    expect(answer.headers['retry-after']).toBeUndefined();
  });
});

describe('refusing sends (the contract’s limits)', () => {
  const { perValue, perClient } = SEND_LIMITS;

  test.each<['mail' | 'sms', string, Record<string, string>, object]>([
    [
      'mail',
      EMAIL,
      { email: EMAIL, key: KEY },
      { status: 429, reason: 'value-limit', message: 'Too many codes were sent to this value.' },
    ],
    [
      'sms',
      NUMBER,
      { mobilenumber: NUMBER, key: KEY },
      { code: 429, reason: 'value-limit', message: 'Too many codes were sent to this value.' },
    ],
  ])(
    'answers the sixth %s to one value with 429 in its own shape and Retry-After, and sends nothing',
    async (channel, value, fields, refusal) => {
      for (let i = 0; i < perValue.max; i += 1) await sendCode(channel, value);
      const answer = await postForm(demo.port, channel === 'mail' ? MAIL : SMS, fields);
      expect([answer.status, json(answer)]).toEqual([429, refusal]);
      expect(answer.headers['retry-after']).toBe(String(perValue.windowMs / 1000));
      expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
      expect(demo.sent).toHaveLength(perValue.max);
    },
  );

  test('counts Retry-After down to when the oldest send leaves the window, in whole seconds rounded up', async () => {
    const firstAt = demo.clock.now;
    for (let i = 0; i < perValue.max; i += 1) {
      demo.clock.now = firstAt + i * MINUTE;
      await sendCode('mail', EMAIL);
    }
    const sendAt = async (elapsed: number) => {
      demo.clock.now = firstAt + elapsed;
      const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
      return [answer.status, answer.headers['retry-after']];
    };
    expect(await sendAt(4 * MINUTE)).toEqual([429, '660']);
    expect(await sendAt(4 * MINUTE + 1)).toEqual([429, '660']);
    expect(await sendAt(4 * MINUTE + 1000)).toEqual([429, '659']);
    expect(await sendAt(perValue.windowMs - 1)).toEqual([429, '1']);
    expect(await sendAt(perValue.windowMs)).toEqual([200, undefined]);
    // The second send is the oldest now; it sent a minute after the first.
    expect(await sendAt(perValue.windowMs)).toEqual([429, '60']);
  });

  test('answers a send to a locked value with 429, the reason "locked" and Retry-After until the lock ends', async () => {
    await lockEmail();
    demo.clock.now += 5 * MINUTE;
    const resend = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
    expect([resend.status, json(resend)]).toEqual([429, { status: 429, reason: 'locked', message: LOCKED }]);
    expect(resend.headers['retry-after']).toBe(String((LOCKOUT_MS - 5 * MINUTE) / 1000));
    expect(demo.sent).toHaveLength(1);
  });

  test('answers the 31st code from one client within an hour with 429, whatever the values', async () => {
    await withDemo(demo.world, { sendLimits: SEND_LIMITS }, async (limited) => {
      const sendTo = (i: number) => postForm(limited.port, MAIL, { email: `user${i}@example.de`, key: KEY });
      for (let i = 0; i < perClient.max; i += 1) expect((await sendTo(i)).status).toBe(200);
      limited.clock.now += 10 * MINUTE;
      const answer = await sendTo(perClient.max);
      expect([answer.status, json(answer)]).toEqual([
        429,
        { status: 429, reason: 'client-limit', message: 'Too many codes were sent from this client.' },
      ]);
      expect(answer.headers['retry-after']).toBe(String((perClient.windowMs - 10 * MINUTE) / 1000));
      expect(limited.sent).toHaveLength(perClient.max);
    });
  });

  test('names the lock first, with Retry-After until the lock and the value limit both allow a send', async () => {
    const hourLimit = { max: 1, windowMs: 60 * MINUTE };
    await withDemo(
      demo.world,
      { sendLimits: { ...LOCAL_SEND_LIMITS, perValue: hourLimit } },
      async (limited) => {
        await postForm(limited.port, MAIL, { email: EMAIL, key: KEY });
        const code = limited.sent.at(-1)?.code ?? '';
        for (let attempt = 1; attempt <= MAX_WRONG_ATTEMPTS; attempt += 1) {
          await postForm(limited.port, VERIFY_MAIL, { email: EMAIL, token: otherCode(code, attempt) });
        }
        const answer = await postForm(limited.port, MAIL, { email: EMAIL, key: KEY });
        expect([answer.status, json(answer)]).toEqual([
          429,
          { status: 429, reason: 'locked', message: LOCKED },
        ]);
        expect(answer.headers['retry-after']).toBe(String(hourLimit.windowMs / 1000));
      },
    );
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
    expect([answer.status, json(answer)]).toEqual([403, { error: 'unknown service key' }]);
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
    expect([answer.status, json(answer)]).toEqual([400, { error: `missing form field(s): ${missing}` }]);
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
    const answer = await postRaw(MAIL, body, type);
    expect(answer.status).toBe(415);
    expect(json(answer)).toEqual({ error: 'expected an application/x-www-form-urlencoded body' });
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });

  test('answers 400 to a form body of random bytes on each call', async () => {
    const garbage = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256));
    for (const route of ROUTES) {
      const answer = await postRaw(route, garbage, FORM_TYPE);
      expect([route, answer.status]).toEqual([route, 400]);
    }
    await expectStillAnswering();
  });

  const padded = (length: number) => {
    const fields = `email=${encodeURIComponent(EMAIL)}&key=${KEY}&padding=`;
    return fields + 'x'.repeat(length - fields.length);
  };

  test.each([
    ['exactly 16 KiB', MAX_FORM_BYTES, false, 200],
    ['over 16 KiB with a content-length header', MAX_FORM_BYTES + 1, false, 413],
    ['over 16 KiB in chunks without a content-length', MAX_FORM_BYTES + 1, true, 413],
  ])('answers a body of %s with %i', async (_, length, chunked, status) => {
    const answer = await postRaw(MAIL, padded(length), FORM_TYPE, chunked);
    expect(answer.status).toBe(status);
    if (status === 413) {
      expect(json(answer)).toEqual({ error: `body larger than ${MAX_FORM_BYTES} bytes` });
      expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
      expect(demo.sent).toEqual([]);
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
    expect(demo.sent).toEqual([]);
    await expectStillAnswering();
  });
});

describe('CORS for the page origin', () => {
  test('answers a preflight with 204, the origin and POST', async () => {
    const origin = `http://a-ident.localhost:${demo.port}`;
    const answer = await send(demo.port, MAIL, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
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
    ['a locked value’s check', async () => verifyMail(EMAIL, await lockEmail()), 429],
    [
      'a refused send',
      async () => {
        await lockEmail();
        return postForm(demo.port, MAIL, { email: EMAIL, key: KEY });
      },
      429,
    ],
    ['a missing field', () => postForm(demo.port, MAIL, { key: KEY }), 400],
    ['an unknown key', () => postForm(demo.port, MAIL, { email: EMAIL, key: 'nope' }), 403],
    ['a wrong method', () => send(demo.port, MAIL, { headers: { origin: pageOrigin(demo.port) } }), 405],
    ['an unknown route', () => postForm(demo.port, '/mws/nope', {}), 404],
    ['a JSON body', () => postRaw(MAIL, '{}', 'application/json'), 415],
  ])('names the request origin and exposes Retry-After on %s', async (_, call, status) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.headers['access-control-allow-origin']).toBe(pageOrigin(demo.port));
    expect(answer.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(answer.headers.vary).toBe('Origin');
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
      expect([answer.status, json(answer)]).toEqual([403, { error: 'not a brand origin' }]);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
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
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  test('answers on a brand host too', async () => {
    const host = `a-dok.localhost:${demo.port}`;
    const answer = await postForm(demo.port, MAIL, { email: EMAIL, key: KEY }, { host });
    expect(json(answer)).toEqual({ status: 200, message: 'mail sent' });
  });
});

// Issue 36: a token is for the service whose key asked for its code. The resolver's and the
// landing page's refusal of another service's token are resolver.test.ts's and demo-server.test.ts's.
describe('one service per code and token', () => {
  test.each([
    ['from the page that asked', 'http://a-dok.localhost:PORT'],
    ['from another brand’s page', 'http://a-ident.localhost:PORT'],
    ['without an Origin, as curl sends it', undefined],
  ])('gives a token for the service of the key that sent the code, checked %s', async (_, origin) => {
    await postForm(demo.port, MAIL, { email: EMAIL, key: 'dev-key-wdmaps' });
    const answer = await send(demo.port, VERIFY_MAIL, {
      method: 'POST',
      body: new URLSearchParams({ email: EMAIL, token: demo.sent.at(-1)?.code ?? '' }).toString(),
      headers: {
        'content-type': FORM_TYPE,
        ...(origin && { origin: origin.replace('PORT', String(demo.port)) }),
      },
    });
    const { token } = json(answer) as { token: string };
    expect(decodeJwtPart(token.split('.')[1])).toMatchObject({ sub: EMAIL, aud: 'wdmaps' });
  });
});

// Issue 36: one canonical value before a limit, a lock, a code or a token is keyed, and before a
// code is sent (src/lib/canonical-value.ts, whose own table is in tests/src/lib).
describe('one canonical value', () => {
  const VICTIM = 'victim1@example.de';
  const INVISIBLE = 'email holds an invisible character, such as U+200B';
  /** Other spellings of VICTIM: the same mailbox to the limits and the lock. */
  const SPELLINGS: [string, string][] = [
    ['with a trailing dot', 'victim1@example.de.'],
    ['with a +tag', 'victim1+x@example.de'],
    ['in other case', 'Victim1@EXAMPLE.de'],
    ['with full-width letters in the domain', 'victim1@ｅｘａｍｐｌｅ.de'],
    ['with a zero-width space', 'victim1@example.de\u200b'],
    ['with a zero-width joiner inside', 'vic\u200dtim1@example.de'],
  ];
  const sendMail = (email: string) => postForm(demo.port, MAIL, { email, key: KEY });

  test.each([
    ['Erika@Example.DE.', 'Erika@example.de'],
    ['erika@ｅｘａｍｐｌｅ.de', 'erika@example.de'],
    ['erika@bücher.de', 'erika@xn--bcher-kva.de'],
    [' EDP-１２３４５ ', 'EDP-12345'],
  ])('sends the code for %j to %j and names that value in the token', async (typed, canonical) => {
    expect((await sendMail(typed)).status).toBe(200);
    expect(demo.sent.at(-1)?.to).toBe(canonical);
    const answer = await verifyMail(typed, demo.sent.at(-1)?.code ?? '');
    const { token } = json(answer) as { token: string };
    expect(decodeJwtPart(token.split('.')[1])).toMatchObject({ sub: canonical });
  });

  test.each([
    ['the mail send', MAIL, { email: `${VICTIM}\u200b`, key: KEY }, INVISIBLE],
    ['the mail send, a BOM in front', MAIL, { email: `\ufeff${VICTIM}`, key: KEY }, INVISIBLE],
    ['the mail check', VERIFY_MAIL, { email: `vic\u200btim1@example.de`, token: '123456' }, INVISIBLE],
    [
      'the SMS check',
      VERIFY_SMS,
      { mobilenumber: `${NUMBER}\u2060`, token: '123456' },
      'mobilenumber holds an invisible character, such as U+200B',
    ],
  ])(
    'refuses a value with an invisible character on %s with 400 and says why',
    async (_, route, fields, error) => {
      const answer = await postForm(demo.port, route, fields);
      expect([answer.status, json(answer)]).toEqual([400, { error }]);
      expect(demo.sent).toEqual([]);
    },
  );

  test('refuses every other spelling of a value once its limit is reached, and sends none', async () => {
    for (let i = 0; i < SEND_LIMITS.perValue.max; i += 1) expect((await sendMail(VICTIM)).status).toBe(200);
    const answers = [];
    for (const [name, spelling] of SPELLINGS) {
      const answer = await sendMail(spelling);
      answers.push([name, answer.status, (json(answer) as { reason?: string }).reason]);
    }
    expect(answers).toEqual(
      SPELLINGS.map(([name, spelling]) =>
        /[\u200b\u200d]/.test(spelling) ? [name, 400, undefined] : [name, 429, 'value-limit'],
      ),
    );
    expect(demo.sent).toHaveLength(SEND_LIMITS.perValue.max);
  });

  // The fifth review: a mailer takes these as the victim's mailbox, or as it and another, each
  // under a limit key of its own; the token's sub would name the whole text.
  test.each([
    ['a quoted local part', '"victim1"@example.de'],
    ['a comment', 'victim1(c)@example.de'],
    ['a display name', 'Victim <victim1@example.de>'],
    ['a list', 'victim1@example.de, attacker@evil.example'],
    ['a list by full-width at signs', 'victim1＠example.de, attacker＠evil.example'],
    ['an IP literal', 'victim1@[192.0.2.1]'],
  ])('refuses %s with 400 once the limit is reached, and before', async (_, email) => {
    const error =
      'email is not one mailbox: a dot-atom local part at a host name, without a name, list, quote or comment';
    expect([(await sendMail(email)).status, json(await sendMail(email))]).toEqual([400, { error }]);
    for (let i = 0; i < SEND_LIMITS.perValue.max; i += 1) expect((await sendMail(VICTIM)).status).toBe(200);
    const answer = await sendMail(email);
    expect([answer.status, json(answer)]).toEqual([400, { error }]);
    expect((await verifyMail(email, demo.sent.at(-1)?.code ?? '')).status).toBe(400);
    expect(demo.sent).toHaveLength(SEND_LIMITS.perValue.max);
  });

  test('locks every spelling of a value: no send, and no check of the right code', async () => {
    const code = await sendCode('mail', VICTIM);
    // The wrong codes under other spellings count towards the one lock.
    for (const [attempt, [, spelling]] of SPELLINGS.slice(0, MAX_WRONG_ATTEMPTS).entries()) {
      await verifyMail(spelling.replace(/[\u200b\u200d]/g, ''), otherCode(code, attempt + 1));
    }
    expect(demo.sent).toHaveLength(1);
    for (const [name, spelling] of SPELLINGS) {
      const refused = /[\u200b\u200d]/.test(spelling) ? [400, undefined] : [429, 'locked'];
      const resend = await sendMail(spelling);
      const check = await verifyMail(spelling, code);
      expect([name, resend.status, (json(resend) as { reason?: string }).reason]).toEqual([name, ...refused]);
      expect([name, check.status, (json(check) as { reason?: string }).reason]).toEqual([name, ...refused]);
    }
    expect(demo.sent).toHaveLength(1);
  });
});
