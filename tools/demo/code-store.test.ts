import { beforeEach, describe, expect, test } from 'vitest';
import {
  CODE_TTL_MS,
  CodeStore,
  LOCKOUT_MS,
  MAX_WRONG_ATTEMPTS,
  SEND_LIMITS,
  type CheckResult,
} from './code-store.ts';

const CLIENT = '203.0.113.7';
const MINUTE = 60 * 1000;

let now: number;
let store: CodeStore;

beforeEach(() => {
  now = Date.UTC(2025, 0, 6, 9, 0, 0);
  store = new CodeStore(() => now);
});

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
  let code = store.issue('mail', value, CLIENT);
  while (code === earlier) code = store.issue('mail', value, CLIENT);
  return code;
}

/** Wrong codes for the value until it is locked. */
function lock(channel: 'mail' | 'sms', value: string, code: string): void {
  for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check(channel, value, otherCode(code, i));
}

describe('issuing codes', () => {
  test('issues six digits, leading zeros included', () => {
    const codes = Array.from({ length: 500 }, (_, i) => store.issue('mail', `user${i}@example.de`, CLIENT));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  test('replaces the earlier code of the same value', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT);
    const second = issueAnother('a@example.de', first);
    expect(store.check('mail', 'a@example.de', first)).toBe('replaced');
    expect(store.check('mail', 'a@example.de', second)).toBe('ok');
  });

  test('keeps the codes of mail and SMS apart', () => {
    const mail = store.issue('mail', '+491712345678', CLIENT);
    expect(store.check('sms', '+491712345678', mail)).toBe('unknown');
    expect(store.check('mail', '+491712345678', mail)).toBe('ok');
  });
});

describe('checking codes', () => {
  test('accepts the right code once', () => {
    const code = store.issue('sms', '+491712345678', CLIENT);
    expect(store.check('sms', '+491712345678', code)).toBe('ok');
    expect(store.check('sms', '+491712345678', code)).toBe('used');
  });

  test('matches the value without regard to case', () => {
    const code = store.issue('mail', 'Erika@Example.DE', CLIENT);
    expect(store.check('mail', 'erika@example.de', code)).toBe('ok');
  });

  test.each(['', '12345', '1234567', ' 123456', 'abcdef', '<script>'])(
    'answers wrong for the code "%s" that was not sent',
    (guess) => {
      store.issue('mail', 'a@example.de', CLIENT);
      expect(store.check('mail', 'a@example.de', guess)).toBe('wrong');
    },
  );

  test('answers unknown for a value no code was sent to', () => {
    expect(store.check('mail', 'nobody@example.de', '123456')).toBe('unknown');
  });

  test('keeps a code for exactly ten minutes', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    now += CODE_TTL_MS;
    expect(store.check('mail', 'a@example.de', code)).toBe('ok');
  });

  test('answers expired one millisecond later and then forgets the code', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    now += CODE_TTL_MS + 1;
    expect(store.check('mail', 'a@example.de', code)).toBe('expired');
    expect(store.check('mail', 'a@example.de', code)).toBe('unknown');
  });

  // The order: the lock, the current code, a replaced or used one, an expired current one, none.
  test.each<[CheckResult, string, (value: string) => string]>([
    [
      'wrong',
      'another code while the current one lives',
      (value) => otherCode(store.issue('mail', value, CLIENT)),
    ],
    [
      'replaced',
      'the code a resend replaced, while the new one lives',
      (value) => {
        const first = store.issue('mail', value, CLIENT);
        issueAnother(value, first);
        return first;
      },
    ],
    [
      'replaced',
      'the replaced code after the newer one was accepted',
      (value) => {
        const first = store.issue('mail', value, CLIENT);
        store.check('mail', value, issueAnother(value, first));
        return first;
      },
    ],
    [
      'replaced',
      'the replaced code at the end of its own ten minutes',
      (value) => {
        const first = store.issue('mail', value, CLIENT);
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
        const first = store.issue('mail', value, CLIENT);
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
        const code = store.issue('mail', value, CLIENT);
        store.check('mail', value, code);
        return code;
      },
    ],
    [
      'used',
      'the accepted code after a newer one was sent',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        store.check('mail', value, code);
        issueAnother(value, code);
        return code;
      },
    ],
    [
      'unknown',
      'the accepted code past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        store.check('mail', value, code);
        now += CODE_TTL_MS + 1;
        return code;
      },
    ],
    [
      'unknown',
      'another code once the right one was accepted',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        store.check('mail', value, code);
        return otherCode(code);
      },
    ],
    ['unknown', 'any code for a value no code was sent to', () => '123456'],
    [
      'expired',
      'the current code past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        now += CODE_TTL_MS + 1;
        return code;
      },
    ],
    [
      'expired',
      'another code once the current one is past its ten minutes',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        now += CODE_TTL_MS + 1;
        return otherCode(code);
      },
    ],
    [
      'locked',
      'the right code of a locked value',
      (value) => {
        const code = store.issue('mail', value, CLIENT);
        lock('mail', value, code);
        return code;
      },
    ],
  ])('answers %s for %s', (result, _, typed) => {
    expect(store.check('mail', 'a@example.de', typed('a@example.de'))).toBe(result);
  });

  // A real code from an older message, or typed twice, is no guess.
  test.each(['replaced', 'used'] as const)('does not count a %s code towards the lock', (fate) => {
    const spent = store.issue('mail', 'a@example.de', CLIENT);
    if (fate === 'used') store.check('mail', 'a@example.de', spent);
    const current = issueAnother('a@example.de', spent);
    for (let i = 0; i < 2 * MAX_WRONG_ATTEMPTS; i += 1) {
      expect(store.check('mail', 'a@example.de', spent)).toBe(fate);
    }
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(store.check('mail', 'a@example.de', otherCode([current, spent], i))).toBe('wrong');
    }
    expect(store.check('mail', 'a@example.de', current)).toBe('ok');
  });

  test('answers locked on the fifth wrong code and for the right one afterwards', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    const answers = Array.from({ length: MAX_WRONG_ATTEMPTS }, (_, i) =>
      store.check('mail', 'a@example.de', otherCode(code, i + 1)),
    );
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(store.check('mail', 'a@example.de', code)).toBe('locked');
  });

  test('says when the lock ends: fifteen minutes after the fifth wrong code', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
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
    const code = store.issue('sms', '+491712345678', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('sms', '+491712345678', otherCode(code, i));
    expect(store.check('sms', '+491712345678', code)).toBe('ok');
  });

  test('stays locked when a new code is sent: the lock is the value’s, not the code’s', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    lock('mail', 'a@example.de', code);
    const fresh = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', fresh)).toBe('locked');
  });

  test('refuses to send a code to a locked value, and sends again once the lock is over', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    lock('mail', 'a@example.de', code);
    const lockedAt = now;
    now += LOCKOUT_MS - 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'locked',
      until: lockedAt + LOCKOUT_MS,
    });
    now += 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
    const fresh = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode([fresh, code]))).toBe('wrong');
    expect(store.check('mail', 'a@example.de', fresh)).toBe('ok');
  });

  test('counts wrong codes over several codes of a value, within fifteen minutes', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(first, i));
    const code = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode([code, first]))).toBe('locked');
  });

  test('forgets wrong codes older than fifteen minutes and those before a right one', () => {
    let code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    now += LOCKOUT_MS;
    code = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode(code))).toBe('wrong');
    expect(store.check('mail', 'a@example.de', code)).toBe('ok');
    const used = code;
    code = issueAnother('a@example.de', used);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(store.check('mail', 'a@example.de', otherCode([code, used], i))).toBe('wrong');
    }
  });

  test('counts wrong codes per value', () => {
    const a = store.issue('mail', 'a@example.de', CLIENT);
    const b = store.issue('mail', 'b@example.de', CLIENT);
    lock('mail', 'a@example.de', a);
    expect(store.check('mail', 'a@example.de', a)).toBe('locked');
    expect(store.check('mail', 'b@example.de', b)).toBe('ok');
  });
});

describe('expiring codes for the browser tests', () => {
  test.each([
    ['the current code', (_first: string, current: string) => current],
    ['the code it replaced', (first: string) => first],
  ])('ages the value’s codes past their life: %s answers expired', (_, typed) => {
    const first = store.issue('mail', 'a@example.de', CLIENT);
    const current = issueAnother('a@example.de', first);
    expect(store.expire('mail', 'A@example.de')).toBe(true);
    expect(store.check('mail', 'a@example.de', typed(first, current))).toBe('expired');
  });

  test('answers false and changes nothing for a value without a current code', () => {
    expect(store.expire('mail', 'nobody@example.de')).toBe(false);
    const code = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.expire('sms', 'a@example.de')).toBe(false);
    store.check('mail', 'a@example.de', code);
    expect(store.expire('mail', 'a@example.de')).toBe(false);
    expect(store.check('mail', 'a@example.de', code)).toBe('used');
  });
});

describe('limiting sends', () => {
  const { perValue, perClient } = SEND_LIMITS;

  test('allows five codes per value in fifteen minutes, and the sixth once the first is older', () => {
    expect(perValue).toEqual({ max: 5, windowMs: 15 * MINUTE });
    const firstAt = now;
    for (let i = 0; i < perValue.max; i += 1) {
      expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
      store.issue('mail', 'a@example.de', CLIENT);
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
      store.issue('mail', 'a@example.de', CLIENT);
    }
    now = (sentAt[0] ?? 0) + perValue.windowMs;
    store.issue('mail', 'a@example.de', CLIENT);
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'value-limit',
      until: (sentAt[1] ?? 0) + perValue.windowMs,
    });
  });

  test('allows thirty codes per client in an hour, whatever the values', () => {
    expect(perClient).toEqual({ max: 30, windowMs: 60 * MINUTE });
    const firstAt = now;
    for (let i = 0; i < perClient.max; i += 1) store.issue('sms', `+4917100000${i}`, CLIENT);
    now += 10 * MINUTE;
    expect(store.refuseSend('sms', '+491719999999', CLIENT)).toEqual({
      reason: 'client-limit',
      until: firstAt + perClient.windowMs,
    });
    expect(store.refuseSend('sms', '+491719999999', '198.51.100.1')).toBeUndefined();
    now = firstAt + perClient.windowMs;
    expect(store.refuseSend('sms', '+491719999999', CLIENT)).toBeUndefined();
  });

  test('takes the limits it is given', () => {
    const small = new CodeStore(() => now, {
      perValue: { max: 1, windowMs: 1000 },
      perClient: { max: 2, windowMs: 2000 },
    });
    small.issue('mail', 'a@example.de', CLIENT);
    expect(small.refuseSend('mail', 'a@example.de', CLIENT)).toEqual({
      reason: 'value-limit',
      until: now + 1000,
    });
    small.issue('mail', 'b@example.de', CLIENT);
    expect(small.refuseSend('mail', 'c@example.de', CLIENT)).toEqual({
      reason: 'client-limit',
      until: now + 2000,
    });
  });

  // The reason is the first that applies; the wait is until none does.
  test('names the lock before the value limit before the client limit, and waits for all of them', () => {
    store = new CodeStore(() => now, {
      perValue: { max: 1, windowMs: 2 * LOCKOUT_MS },
      perClient: { max: 1, windowMs: 3 * LOCKOUT_MS },
    });
    const sentAt = now;
    lock('mail', 'a@example.de', store.issue('mail', 'a@example.de', CLIENT));
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
