import { beforeEach, describe, expect, test } from 'vitest';
import { CODE_TTL_MS, CodeStore, LOCKOUT_MS, MAX_WRONG_ATTEMPTS, SEND_LIMITS } from './code-store.ts';

const CLIENT = '203.0.113.7';

let now: number;
let store: CodeStore;

beforeEach(() => {
  now = Date.UTC(2025, 0, 6, 9, 0, 0);
  store = new CodeStore(() => now);
});

function otherCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}

describe('issuing codes', () => {
  test('issues six digits, leading zeros included', () => {
    const codes = Array.from({ length: 500 }, (_, i) => store.issue('mail', `user${i}@example.de`, CLIENT));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  test('replaces the earlier code of the same value', () => {
    const first = store.issue('mail', 'a@example.de', CLIENT);
    let second = store.issue('mail', 'a@example.de', CLIENT);
    while (second === first) second = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', first)).toBe('wrong');
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
    expect(store.check('sms', '+491712345678', code)).toBe('unknown');
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

  test('answers locked on the fifth wrong code and for the right one afterwards', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    const answers = Array.from({ length: MAX_WRONG_ATTEMPTS }, (_, i) =>
      store.check('mail', 'a@example.de', otherCode(code, i + 1)),
    );
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(store.check('mail', 'a@example.de', code)).toBe('locked');
  });

  test('takes the right code after four wrong ones', () => {
    const code = store.issue('sms', '+491712345678', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('sms', '+491712345678', otherCode(code, i));
    expect(store.check('sms', '+491712345678', code)).toBe('ok');
  });

  test('stays locked when a new code is sent: the lock is the value’s, not the code’s', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    const fresh = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', fresh)).toBe('locked');
  });

  test('refuses to send a code to a locked value, and sends again once the lock is over', () => {
    const code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    now += LOCKOUT_MS - 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBe('locked');
    now += 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
    const fresh = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode(fresh))).toBe('wrong');
    expect(store.check('mail', 'a@example.de', fresh)).toBe('ok');
  });

  test('counts wrong codes over several codes of a value, within fifteen minutes', () => {
    let code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    code = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode(code))).toBe('locked');
  });

  test('forgets wrong codes older than fifteen minutes and those before a right one', () => {
    let code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    now += LOCKOUT_MS;
    code = store.issue('mail', 'a@example.de', CLIENT);
    expect(store.check('mail', 'a@example.de', otherCode(code))).toBe('wrong');
    expect(store.check('mail', 'a@example.de', code)).toBe('ok');
    code = store.issue('mail', 'a@example.de', CLIENT);
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(store.check('mail', 'a@example.de', otherCode(code, i))).toBe('wrong');
    }
  });

  test('counts wrong codes per value', () => {
    const a = store.issue('mail', 'a@example.de', CLIENT);
    const b = store.issue('mail', 'b@example.de', CLIENT);
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(a, i));
    expect(store.check('mail', 'a@example.de', a)).toBe('locked');
    expect(store.check('mail', 'b@example.de', b)).toBe('ok');
  });
});

describe('limiting sends', () => {
  const { perValue, perClient } = SEND_LIMITS;

  test('allows five codes per value in fifteen minutes, and the sixth once the first is older', () => {
    expect(perValue).toEqual({ max: 5, windowMs: 15 * 60 * 1000 });
    for (let i = 0; i < perValue.max; i += 1) {
      expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
      store.issue('mail', 'a@example.de', CLIENT);
      now += 1000;
    }
    expect(store.refuseSend('mail', 'A@example.de', 'another client')).toBe('value limit');
    expect(store.refuseSend('mail', 'b@example.de', CLIENT)).toBeUndefined();
    now += perValue.windowMs - perValue.max * 1000 - 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBe('value limit');
    now += 1;
    expect(store.refuseSend('mail', 'a@example.de', CLIENT)).toBeUndefined();
  });

  test('allows thirty codes per client in an hour, whatever the values', () => {
    expect(perClient).toEqual({ max: 30, windowMs: 60 * 60 * 1000 });
    for (let i = 0; i < perClient.max; i += 1) store.issue('sms', `+4917100000${i}`, CLIENT);
    expect(store.refuseSend('sms', '+491719999999', CLIENT)).toBe('client limit');
    expect(store.refuseSend('sms', '+491719999999', '198.51.100.1')).toBeUndefined();
    now += perClient.windowMs;
    expect(store.refuseSend('sms', '+491719999999', CLIENT)).toBeUndefined();
  });

  test('takes the limits it is given', () => {
    const small = new CodeStore(() => now, {
      perValue: { max: 1, windowMs: 1000 },
      perClient: { max: 2, windowMs: 1000 },
    });
    small.issue('mail', 'a@example.de', CLIENT);
    expect(small.refuseSend('mail', 'a@example.de', CLIENT)).toBe('value limit');
    small.issue('mail', 'b@example.de', CLIENT);
    expect(small.refuseSend('mail', 'c@example.de', CLIENT)).toBe('client limit');
  });
});
