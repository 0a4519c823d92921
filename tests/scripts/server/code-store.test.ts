import { beforeEach, describe, expect, test } from 'vitest';
import { CODE_TTL_MS, CodeStore, MAX_WRONG_ATTEMPTS } from '../../../scripts/server/code-store.ts';

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
    const codes = Array.from({ length: 500 }, (_, i) => store.issue('mail', `user${i}@example.de`));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  test('replaces the earlier code of the same value', () => {
    const first = store.issue('mail', 'a@example.de');
    let second = store.issue('mail', 'a@example.de');
    while (second === first) second = store.issue('mail', 'a@example.de');
    expect(store.check('mail', 'a@example.de', first)).toBe('wrong');
    expect(store.check('mail', 'a@example.de', second)).toBe('ok');
  });

  test('keeps the codes of mail and SMS apart', () => {
    const mail = store.issue('mail', '+491712345678');
    expect(store.check('sms', '+491712345678', mail)).toBe('unknown');
    expect(store.check('mail', '+491712345678', mail)).toBe('ok');
  });
});

describe('checking codes', () => {
  test('accepts the right code once', () => {
    const code = store.issue('sms', '+491712345678');
    expect(store.check('sms', '+491712345678', code)).toBe('ok');
    expect(store.check('sms', '+491712345678', code)).toBe('unknown');
  });

  test('matches the value without regard to case', () => {
    const code = store.issue('mail', 'Erika@Example.DE');
    expect(store.check('mail', 'erika@example.de', code)).toBe('ok');
  });

  test.each(['', '12345', '1234567', ' 123456', 'abcdef', '<script>'])(
    'answers wrong for the code "%s" that was not sent',
    (guess) => {
      store.issue('mail', 'a@example.de');
      expect(store.check('mail', 'a@example.de', guess)).toBe('wrong');
    },
  );

  test('answers unknown for a value no code was sent to', () => {
    expect(store.check('mail', 'nobody@example.de', '123456')).toBe('unknown');
  });

  test('keeps a code for exactly ten minutes', () => {
    const code = store.issue('mail', 'a@example.de');
    now += CODE_TTL_MS;
    expect(store.check('mail', 'a@example.de', code)).toBe('ok');
  });

  test('answers expired one millisecond later and then forgets the code', () => {
    const code = store.issue('mail', 'a@example.de');
    now += CODE_TTL_MS + 1;
    expect(store.check('mail', 'a@example.de', code)).toBe('expired');
    expect(store.check('mail', 'a@example.de', code)).toBe('unknown');
  });

  test('answers locked on the fifth wrong code and for the right one afterwards', () => {
    const code = store.issue('mail', 'a@example.de');
    const answers = Array.from({ length: MAX_WRONG_ATTEMPTS }, (_, i) =>
      store.check('mail', 'a@example.de', otherCode(code, i + 1)),
    );
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    expect(store.check('mail', 'a@example.de', code)).toBe('locked');
  });

  test('answers expired rather than locked once a locked code is old', () => {
    const code = store.issue('mail', 'a@example.de');
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    now += CODE_TTL_MS + 1;
    expect(store.check('mail', 'a@example.de', code)).toBe('expired');
  });

  test('starts counting wrong codes afresh with a new code', () => {
    const code = store.issue('mail', 'a@example.de');
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(code, i));
    const fresh = store.issue('mail', 'a@example.de');
    for (let i = 1; i < MAX_WRONG_ATTEMPTS; i += 1) {
      expect(store.check('mail', 'a@example.de', otherCode(fresh, i))).toBe('wrong');
    }
    expect(store.check('mail', 'a@example.de', fresh)).toBe('ok');
  });

  test('counts wrong codes per value', () => {
    const a = store.issue('mail', 'a@example.de');
    const b = store.issue('mail', 'b@example.de');
    for (let i = 1; i <= MAX_WRONG_ATTEMPTS; i += 1) store.check('mail', 'a@example.de', otherCode(a, i));
    expect(store.check('mail', 'a@example.de', a)).toBe('locked');
    expect(store.check('mail', 'b@example.de', b)).toBe('ok');
  });
});
