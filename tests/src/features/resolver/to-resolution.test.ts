import { describe, expect, test } from 'vitest';
import {
  toResolution,
  type ResolverAnswer,
  type Resolution,
} from '../../../../src/features/resolver/api/resolve-qr.ts';

const target = { targetDomain: 'app.example.de', path: 'login' };

function answer(data: Partial<NonNullable<ResolverAnswer['data']>>, exists = false): ResolverAnswer {
  return { success: true, exists, data: { value: 0, ...target, ...data } };
}

describe('toResolution', () => {
  test.each<[string, ResolverAnswer, Resolution]>([
    [
      'success false with a message',
      { success: false, exists: true, message: 'qr unknown', data: { value: 0, ...target } },
      { outcome: 'failed', reason: 'qr unknown' },
    ],
    [
      'success false without a message',
      { success: false, exists: false },
      { outcome: 'failed', reason: 'resolver reported failure' },
    ],
    [
      'success without data',
      { success: true, exists: false },
      { outcome: 'failed', reason: 'resolver reported failure' },
    ],
    [
      'exists without data',
      { success: true, exists: true, message: 'no target' },
      { outcome: 'failed', reason: 'no target' },
    ],
  ])('%s fails', (_, input, expected) => {
    expect(toResolution(input)).toEqual(expected);
  });

  test.each<number | string>([5, 0, -1, 'abc', ''])('exists redirects whatever the amount %j', (value) => {
    expect(toResolution(answer({ value, sponsor: 'sandbox' }, true))).toEqual({
      outcome: 'redirect',
      ...target,
    });
  });

  test.each<[number | string, number]>([
    [5, 5],
    [0.01, 0.01],
    [12.5, 12.5],
    ['5', 5],
    ['5.50', 5.5],
    ['5,50', 5.5],
    [' 7 ', 7],
  ])('a new QR id with the amount %j asks for a payment of %d', (value, amount) => {
    expect(toResolution(answer({ value }))).toEqual({
      outcome: 'pay',
      amount,
      sponsor: undefined,
      ...target,
    });
  });

  test.each<number | string>([0, -0, -1, -0.01, '0', '0,00', '-5'])(
    'a new QR id with the amount %j redirects without payment',
    (value) => {
      expect(toResolution(answer({ value }))).toEqual({ outcome: 'redirect', ...target });
    },
  );

  test.each<number | string>([
    'abc',
    '',
    '5 EUR',
    '1.234,50',
    '5e2',
    '0x10',
    'Infinity',
    Number.NaN,
    Infinity,
  ])('a new QR id with the unusable amount %j fails', (value) => {
    const resolution = toResolution(answer({ value }));
    expect(resolution.outcome).toBe('failed');
    expect(resolution.outcome === 'failed' && resolution.reason).toContain('unusable amount');
  });

  test.each(['sandbox', 'live-sponsor', undefined])(
    'passes the sponsor %j through to the payment',
    (sponsor) => {
      expect(toResolution(answer({ value: 5, sponsor }))).toEqual({
        outcome: 'pay',
        amount: 5,
        sponsor,
        ...target,
      });
    },
  );

  test('passes targetDomain and path through unchanged for the redirect builder to judge', () => {
    const hostile = { targetDomain: 'javascript:alert(1)', path: '../admin' };
    expect(toResolution({ success: true, exists: true, data: { value: 0, ...hostile } })).toEqual({
      outcome: 'redirect',
      ...hostile,
    });
  });
});
