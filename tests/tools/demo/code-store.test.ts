import { beforeEach, describe, expect, test } from 'vitest';
import {
  CODE_TTL_MS,
  CodeStore,
  LOCKOUT_MS,
  MAX_WRONG_ATTEMPTS,
  type CheckResult,
} from '../../../tools/demo/code-store.ts';
import { SEND_LIMITS } from '../../../tools/demo/send-limits.ts';

const CLIENT = '203.0.113.7';
const SERVICE = 'a-dok';
const MINUTE = 60 * 1000;

let now: number;
let store: CodeStore;

beforeEach(() => {
  now = Date.UTC(2025, 0, 6, 9, 0, 0);
  store = new CodeStore(() => now);
});

/** The store's answer to a code, without the value and service of an accepted one. */
function check(channel: 'mail' | 'sms', value: string, code: string): CheckResult {
  return store.check(channel, value, code).result;
}

/** The `offset`th six digits after the first of `codes` that are none of them: surely wrong. */
function otherCode(codes: string | string[], offset = 1): string {
  const known = [codes].flat();
  let candidate = known[0] ?? '';
  for (let found = 0; found < offset;) {
    candidate = String((Number(candidate) + 1) % 1_000_000).padStart(6, '0');
    if (!known.includes(candidate)) found += 1;
  }
  return candidate;
}

/** A new code for the value other than `earlier`: two sends may draw the same six digits. */
function issueAnother(value: string, earlier: string): string {
  let code = store.issue('mail', value, CLIENT, SERVICE);
  while (code === earlier) code = store.issue('mail', value, CLIENT, SERVICE);
  return code;
}

/** Wrong codes for the value until it is locked. */
function lock(channel: 'mail' | 'sms', value: string, code: string): void {
  for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) check(channel, value, otherCode(code, i));
}

describe('issuing codes', () => {
  test('issues six digits, leading zeros included', () => {
    const codes = Array.from({ length: 500 }, (_, i) =>
      store.issue('mail', `user${i}@example.de`, CLIENT, SERVICE),
    );
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  test('replaces the earlier code of the same value', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    const second = issueAnother('a@example.de', first);
    expect(check('mail', 'a@example.de', first)).toBe('replaced');
    expect(check('mail', 'a@example.de', second)).toBe('ok');
  });

  test('keeps the codes of mail and SMS apart', () => {
    const mail = store.issue('mail', '+491712345678', CLIENT, SERVICE);
    expect(check('sms', '+491712345678', mail)).toBe('unknown');
    expect(check('mail', '+491712345678', mail)).toBe('ok');
  });
});

describe('checking codes', () => {
  test('accepts the right code once', () => {
    const code = store.issue('sms', '+491712345678', CLIENT, SERVICE);
    expect(check('sms', '+491712345678', code)).toBe('ok');
    expect(check('sms', '+491712345678', code)).toBe('used');
  });

  test('matches the value without regard to case', () => {
    const code = store.issue('mail', 'Erika@Example.DE', CLIENT, SERVICE);
    expect(check('mail', 'erika@example.de', code)).toBe('ok');
  });

  // The verify call carries no key: the code is what tells the service, and where it went.
  test('answers a right code with the value it was sent to and the service whose key asked for it', () => {
    const code = store.issue('mail', 'Erika+login@example.de', CLIENT, 'webwhatsdown');
    expect(store.check('mail', 'erika@example.de', code)).toEqual({
      result: 'ok',
      sentTo: 'Erika+login@example.de',
      service: 'webwhatsdown',
    });
  });

  test('answers for the service of the newest code when another service sent one since', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT, 'webwhatsdown');
    let second = store.issue('mail', 'a@example.de', CLIENT, 'a-ident');
    while (second === first) second = store.issue('mail', 'a@example.de', CLIENT, 'a-ident');
    expect(check('mail', 'a@example.de', first)).toBe('replaced');
    expect(store.check('mail', 'a@example.de', second)).toMatchObject({ result: 'ok', service: 'a-ident' });
  });

  test.each(['', '12345', '1234567', ' 123456', 'abcdef', '<script>'])(
    'answers wrong for the code "%s" that was not sent',
    (guess) => {
      store.issue('mail', 'a@example.de', CLIENT, SERVICE);
      expect(check('mail', 'a@example.de', guess)).toBe('wrong');
    },
  );

  test('answers unknown for a value no code was sent to', () => {
    expect(check('mail', 'nobody@example.de', '123456')).toBe('unknown');
  });

  test('keeps a code for exactly ten minutes', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    now += CODE_TTL_MS;
    expect(check('mail', 'a@example.de', code)).toBe('ok');
  });

  test('answers expired one millisecond later and then forgets the code', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    now += CODE_TTL_MS + 1;
    expect(check('mail', 'a@example.de', code)).toBe('expired');
    expect(check('mail', 'a@example.de', code)).toBe('unknown');
  });

  // The order: the lock, the current code, a replaced or used one, an expired current one, none.
  test.each<[CheckResult, string, (value: string) => string]>([
    [
      'wrong',
      'another code while the current one lives',
      (value) => otherCode(store.issue('mail', value, CLIENT, SERVICE)),
    ],
    [
      'replaced',
      'the code a resend replaced, while the new one lives',
      (value) => {
        const first = store.issue('mail', value, CLIENT, SERVICE);
        issueAnother(value, first);
        return first;
      },
    ],
    [
      'replaced',
      'the replaced code after the newer one was accepted',
      (value) => {
        const first = store.issue('mail', value, CLIENT, SERVICE);
        check('mail', value, issueAnother(value, first));
        return first;
      },
    ],
    [
      'replaced',
      'the replaced code at the end of its own ten minutes',
      (value) => {
        const first = store.issue('mail', value, CLIENT, SERVICE);
        now += 5 * MINUTE;
        issueAnother(value, first);
        now += 5 * MINUTE;
        return first;
      },
    ],
    [
      'wrong',
      'the replaced code past its own ten minutes, while the new one lives',
      (value) => {
        const first = store.issue('mail', value, CLIENT, SERVICE);
        now += 5 * MINUTE;
        issueAnother(value, first);
        now += 5 * MINUTE + 1;
        return first;
      },
    ],
    [
      'used',
      'the right code a second time',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        check('mail', value, code);
        return code;
      },
    ],
    [
      'used',
      'the accepted code after a newer one was sent',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        check('mail', value, code);
        issueAnother(value, code);
        return code;
      },
    ],
    [
      'unknown',
      'the accepted code past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        check('mail', value, code);
        now += CODE_TTL_MS + 1;
        return code;
      },
    ],
    [
      'unknown',
      'another code once the right one was accepted',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        check('mail', value, code);
        return otherCode(code);
      },
    ],
    ['unknown', 'any code for a value no code was sent to', () => '123456'],
    [
      'expired',
      'the current code past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        now += CODE_TTL_MS + 1;
        return code;
      },
    ],
    [
      'expired',
      'another code once the current one is past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        now += CODE_TTL_MS + 1;
        return otherCode(code);
      },
    ],
    [
      'locked',
      'the right code of a locked value',
      (value) => {
        const code = store.issue('mail', value, CLIENT, SERVICE);
        lock('mail', value, code);
        return code;
      },
    ],
  ])('answers %s for %s', (result, _, typed) => {
    expect(check('mail', 'a@example.de', typed('a@example.de'))).toBe(result);
  });

  // A real code from an older message, or typed twice, is no guess.
  test.each(['replaced', 'used'] as const)('does not count a %s code towards the lock', (fate) => {
    const spent = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    if (fate === 'used') check('mail', 'a@example.de', spent);
    const current = issueAnother('a@example.de', spent);
    for (let i = 0; i < 2 * MAX_WRONG_ATTEMPTS; i += 1) {
      expect(check('mail', 'a@example.de', spent)).toBe(fate);
    }
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(check('mail', 'a@example.de', otherCode([current, spent], i))).toBe('wrong');
    }
    expect(check('mail', 'a@example.de', current)).toBe('ok');
  });

  test('answers locked on the fifth wrong code and for the right one afterwards', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    const answers = Array.from({ length: MAX_WRONG_ATTEMPTS }, (_, i) =>
      check('mail', 'a@example.de', otherCode(code, i + 1)),
    );
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(check('mail', 'a@example.de', code)).toBe('locked');
  });

  test('says when the lock ends: fifteen minutes after the fifth wrong code', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    now += MINUTE;
    expect(store.lockedUntil('mail', 'a@example.de')).toBeUndefined();
    lock('mail', 'a@example.de', code);
    const lockedAt = now;
    now += MINUTE;
    expect(store.lockedUntil('mail', 'A@example.de')).toBe(lockedAt + LOCKOUT_MS);
    expect(store.lockedUntil('sms', 'a@example.de')).toBeUndefined();
    now = lockedAt + LOCKOUT_MS;
    expect(store.lockedUntil('mail', 'a@example.de')).toBeUndefined();
  });

  test('takes the right code after four wrong ones', () => {
    const code = store.issue('sms', '+491712345678', CLIENT, SERVICE);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) check('sms', '+491712345678', otherCode(code, i));
    expect(check('sms', '+491712345678', code)).toBe('ok');
  });

  test('stays locked when a new code is sent: the lock is the value’s, not the code’s', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    lock('mail', 'a@example.de', code);
    const fresh = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(check('mail', 'a@example.de', fresh)).toBe('locked');
  });

  test('refuses to send a code to a locked value, and sends again once the lock is over', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    lock('mail', 'a@example.de', code);
    const lockedAt = now;
    now += LOCKOUT_MS - 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'locked',
      until: lockedAt + LOCKOUT_MS,
    });
    now += 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
    const fresh = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(check('mail', 'a@example.de', otherCode([fresh, code]))).toBe('wrong');
    expect(check('mail', 'a@example.de', fresh)).toBe('ok');
  });

  test('counts wrong codes over several codes of a value, within fifteen minutes', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) check('mail', 'a@example.de', otherCode(first, i));
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(check('mail', 'a@example.de', otherCode([code, first]))).toBe('locked');
  });

  test('forgets wrong codes older than fifteen minutes and those before a right one', () => {
    let code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) check('mail', 'a@example.de', otherCode(code, i));
    now += LOCKOUT_MS;
    code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(check('mail', 'a@example.de', otherCode(code))).toBe('wrong');
    expect(check('mail', 'a@example.de', code)).toBe('ok');
    const used = code;
    code = issueAnother('a@example.de', used);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(check('mail', 'a@example.de', otherCode([code, used], i))).toBe('wrong');
    }
  });

  test('counts wrong codes per value', () => {
    const a = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    const b = store.issue('mail', 'b@example.de', CLIENT, SERVICE);
    lock('mail', 'a@example.de', a);
    expect(check('mail', 'a@example.de', a)).toBe('locked');
    expect(check('mail', 'b@example.de', b)).toBe('ok');
  });
});

describe('expiring codes for the browser tests', () => {
  test.each([
    ['the current code', (_first: string, current: string) => current],
    ['the code it replaced', (first: string) => first],
  ])('ages the value’s codes past their life: %s answers expired', (_, typed) => {
    const first = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    const current = issueAnother('a@example.de', first);
    expect(store.expire('mail', 'A@example.de')).toBe(true);
    expect(check('mail', 'a@example.de', typed(first, current))).toBe('expired');
  });

  test('answers false and changes nothing for a value without a current code', () => {
    expect(store.expire('mail', 'nobody@example.de')).toBe(false);
    const code = store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(store.expire('sms', 'a@example.de')).toBe(false);
    check('mail', 'a@example.de', code);
    expect(store.expire('mail', 'a@example.de')).toBe(false);
    expect(check('mail', 'a@example.de', code)).toBe('used');
  });
});

describe('limiting sends', () => {
  const { perValue, perClient } = SEND_LIMITS;

  test('allows five codes per value in fifteen minutes, and the sixth once the first is older', () => {
    expect(perValue).toEqual({ max: 5, windowMs: 15 * MINUTE });
    const firstAt = now;
    for (let i = 0; i < perValue.max; i += 1) {
      expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
      store.issue('mail', 'a@example.de', CLIENT, SERVICE);
      now += MINUTE;
    }
    const refusal = { reason: 'value-limit', until: firstAt + perValue.windowMs };
    expect(store.refuseSend('mail', 'A@example.de', 'another client')).toEqual(refusal);
    expect(store.refuseSend('mail', 'b@example.de', CLIENT)).toBeUndefined();
    now = firstAt + perValue.windowMs - 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual(refusal);
    now += 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
  });

  test('waits for the oldest send in the window to leave it, one after the other', () => {
    const sentAt = Array.from({ length: perValue.max }, (_, i) => now + i * MINUTE);
    for (const time of sentAt) {
      now = time;
      store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    }
    now = (sentAt[0] ?? 0) + perValue.windowMs;
    store.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'value-limit',
      until: (sentAt[1] ?? 0) + perValue.windowMs,
    });
  });

  test('allows thirty codes per client in an hour, whatever the values', () => {
    expect(perClient).toEqual({ max: 30, windowMs: 60 * MINUTE });
    const firstAt = now;
    for (let i = 0; i < perClient.max; i += 1) store.issue('mail', `user${i}@example.de`, CLIENT, SERVICE);
    now += 10 * MINUTE;
    const refusal = { reason: 'client-limit', until: firstAt + perClient.windowMs };
    expect(store.refuseSend('mail', 'another@example.de', CLIENT)).toEqual(refusal);
    expect(store.refuseSend('sms', '+491719999999', CLIENT)).toEqual(refusal);
    expect(store.refuseSend('mail', 'another@example.de', '198.51.100.1')).toBeUndefined();
    now = firstAt + perClient.windowMs;
    expect(store.refuseSend('mail', 'another@example.de', CLIENT)).toBeUndefined();
  });

  // One line gets a /64 and picks any address in it (client-key.test.ts has the rule's table).
  test.each([
    [
      'the addresses of one IPv6 /64',
      '2001:db8:7:1::1',
      ['2001:db8:7:1::2', '2001:db8:7:1:8000::ffff'],
      '2001:db8:7:2::1',
    ],
    ['an IPv4 address and its IPv4-mapped form', '198.51.100.7', ['::ffff:198.51.100.7'], '198.51.100.8'],
  ])('counts %s as one client', (_, first, same, other) => {
    for (let i = 0; i < perClient.max; i += 1) {
      store.issue('mail', `user${i}@example.de`, [first, ...same][i % (same.length + 1)] ?? first, SERVICE);
    }
    for (const client of [first, ...same]) {
      expect(store.refuseSend('mail', 'another@example.de', client)).toMatchObject({
        reason: 'client-limit',
      });
    }
    expect(store.refuseSend('mail', 'another@example.de', other)).toBeUndefined();
  });

  test('takes the limits it is given', () => {
    const small = new CodeStore(() => now, {
      ...SEND_LIMITS,
      perValue: { max: 1, windowMs: 1000 },
      perClient: { max: 2, windowMs: 2000 },
    });
    small.issue('mail', 'a@example.de', CLIENT, SERVICE);
    expect(small.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'value-limit',
      until: now + 1000,
    });
    small.issue('mail', 'b@example.de', CLIENT, SERVICE);
    expect(small.refuseSend('mail', 'c@example.de', CLIENT)).toEqual({
      reason: 'client-limit',
      until: now + 2000,
    });
  });

  // The values a page spells differently are one value (canonical-value.ts): one limit.
  test('counts a value by its limitKey: case and a +tag are the same mailbox', () => {
    for (const value of [
      'victim@example.de',
      'Victim@example.de',
      'victim+1@example.de',
      'VICTIM+2@example.de',
      'victim@example.de',
    ]) {
      expect(store.refuseSend('mail', value, CLIENT)).toBeUndefined();
      store.issue('mail', value, CLIENT, SERVICE);
    }
    expect(store.refuseSend('mail', 'victim+3@example.de', CLIENT)).toMatchObject({ reason: 'value-limit' });
  });

  test('locks a value for every spelling of it', () => {
    lock('mail', 'Victim+x@example.de', store.issue('mail', 'victim@example.de', CLIENT, SERVICE));
    expect(store.lockedUntil('mail', 'victim@example.de')).toBe(now + LOCKOUT_MS);
    expect(store.refuseSend('mail', 'victim+y@example.de', CLIENT)).toMatchObject({ reason: 'locked' });
  });

  // The reason is the first that applies; the wait is until none does.
  test('names the lock before the value limit before the client limit, and waits for all of them', () => {
    store = new CodeStore(() => now, {
      ...SEND_LIMITS,
      perValue: { max: 1, windowMs: 2 * LOCKOUT_MS },
      perClient: { max: 1, windowMs: 3 * LOCKOUT_MS },
    });
    const sentAt = now;
    lock('mail', 'a@example.de', store.issue('mail', 'a@example.de', CLIENT, SERVICE));
    const valueFree = sentAt + 2 * LOCKOUT_MS;
    const clientFree = sentAt + 3 * LOCKOUT_MS;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({ reason: 'locked', until: clientFree });
    expect(store.refuseSend('mail', 'a@example.de', 'other')).toEqual({ reason: 'locked', until: valueFree });
    expect(store.refuseSend('mail', 'b@example.de', CLIENT)).toEqual({
      reason: 'client-limit',
      until: clientFree,
    });
    now += LOCKOUT_MS;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'value-limit',
      until: clientFree,
    });
    expect(store.refuseSend('mail', 'a@example.de', 'other')).toEqual({
      reason: 'value-limit',
      until: valueFree,
    });
  });
});

// The fallback is reached with the public login key alone: its budgets bound what SMS pumping
// can cost, whatever addresses and numbers it uses.
describe('the SMS budgets', () => {
  const { smsPerNumber, smsPerClient, smsPerCountry, smsOverall } = SEND_LIMITS;
  /** A German mobile number, a different one for each `i`. */
  const german = (i: number) => `+4917100${String(i).padStart(5, '0')}`;
  /** A client of its own for each `i`, in another /64. */
  const client = (i: number) => `2001:db8:${i.toString(16)}::1`;

  test('allows three SMS to one number in an hour, fewer than codes by mail', () => {
    expect(smsPerNumber).toEqual({ max: 3, windowMs: 60 * MINUTE });
    const firstAt = now;
    for (let i = 0; i < smsPerNumber.max; i += 1) store.issue('sms', german(1), client(i), SERVICE);
    now += 20 * MINUTE;
    expect(store.refuseSend('sms', german(1), client(9))).toEqual({
      reason: 'value-limit',
      until: firstAt + smsPerNumber.windowMs,
    });
    expect(store.refuseSend('mail', 'a@example.de', client(9))).toBeUndefined();
  });

  test('allows five SMS from one client in an hour, and mail goes on', () => {
    expect(smsPerClient).toEqual({ max: 5, windowMs: 60 * MINUTE });
    for (let i = 0; i < smsPerClient.max; i += 1) store.issue('sms', german(i), CLIENT, SERVICE);
    expect(store.refuseSend('sms', german(99), CLIENT)).toEqual({
      reason: 'client-limit',
      until: now + smsPerClient.windowMs,
    });
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
    expect(store.refuseSend('sms', german(99), client(99))).toBeUndefined();
  });

  test('allows thirty SMS to one country in an hour, from any clients, and other countries go on', () => {
    expect(smsPerCountry).toEqual({ max: 30, windowMs: 60 * MINUTE });
    for (let i = 0; i < smsPerCountry.max; i += 1) store.issue('sms', german(i), client(i), SERVICE);
    expect(store.refuseSend('sms', german(99), client(99))).toEqual({
      reason: 'country-budget',
      until: now + smsPerCountry.windowMs,
    });
    expect(store.refuseSend('sms', '+436641234567', client(99))).toBeUndefined();
    expect(store.refuseSend('mail', 'a@example.de', client(99))).toBeUndefined();
  });

  test('allows a hundred SMS in an hour over all countries and clients', () => {
    expect(smsOverall).toEqual({ max: 100, windowMs: 60 * MINUTE });
    const numbers = ['+49171', '+43664', '+4179', '+3361', '+3933'];
    for (let i = 0; i < smsOverall.max; i += 1) {
      const number = `${numbers[i % numbers.length]}${String(i).padStart(7, '0')}`;
      store.issue('sms', number, client(i), SERVICE);
    }
    expect(store.refuseSend('sms', '+14155552671', client(999))).toEqual({
      reason: 'sms-budget',
      until: now + smsOverall.windowMs,
    });
    expect(store.refuseSend('mail', 'a@example.de', client(999))).toBeUndefined();
  });
});
