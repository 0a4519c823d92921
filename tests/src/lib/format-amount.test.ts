import { describe, expect, test } from 'vitest';
import { formatEuro, parseAmount, toPayPalAmount } from '../../../src/lib/format-amount.ts';

describe('formatEuro', () => {
  test.each([
    [5, '5,00\u00a0€'],
    [5.5, '5,50\u00a0€'],
    [1234.5, '1.234,50\u00a0€'],
    [1234567.891, '1.234.567,89\u00a0€'],
    [0, '0,00\u00a0€'],
    [-0, '0,00\u00a0€'],
    [0.1 + 0.2, '0,30\u00a0€'],
    [1.005, '1,01\u00a0€'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatEuro(value)).toBe(expected);
  });
});

describe('toPayPalAmount', () => {
  test.each([
    [5, '5.00'],
    [5.5, '5.50'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [1234.5, '1234.50'],
    [1234567.891, '1234567.89'],
    [0, '0.00'],
    [-0, '0.00'],
    [0.004, '0.00'],
    [0.005, '0.01'],
  ])('writes %j as %j', (value, expected) => {
    expect(toPayPalAmount(value)).toBe(expected);
  });

  test('rounds to the same cents that formatEuro shows', () => {
    for (const value of [0.015, 1.005, 2.675, 10.235, 99.995]) {
      expect(
        formatEuro(value)
          .replace(/\u00a0€$/, '')
          .replace(/\./g, '')
          .replace(',', '.'),
      ).toBe(toPayPalAmount(value));
    }
  });
});

describe('parseAmount', () => {
  test.each<[unknown, number]>([
    [5, 5],
    [5.5, 5.5],
    [0, 0],
    [-0, 0],
    [-3, -3],
    ['5', 5],
    ['5.5', 5.5],
    ['5,50', 5.5],
    [' 5,50 ', 5.5],
    ['\t12\n', 12],
    ['0', 0],
    ['-0', 0],
    ['-2.5', -2.5],
    ['007', 7],
    ['1.234', 1.234],
  ])('reads %j as %j', (raw, expected) => {
    const value = parseAmount(raw);
    expect(value).toBe(expected);
    expect(Object.is(value, -0)).toBe(false);
  });

  test.each<unknown>([
    NaN,
    Infinity,
    -Infinity,
    '',
    ' ',
    'abc',
    '5e3',
    '5E3',
    '1e-2',
    '0x10',
    '0b1',
    '+5',
    '5.',
    '.5',
    ',5',
    '5,',
    '5.5.5',
    '5,5,5',
    '1.234,50',
    '1,234.50',
    '5 €',
    '€5',
    '5 5',
    '--5',
    'Infinity',
    'NaN',
    '٥',
    '５',
    '9'.repeat(400),
    null,
    undefined,
    true,
    {},
    { valueOf: () => 5 },
    [5],
  ])('refuses %j', (raw) => {
    expect(parseAmount(raw)).toBeUndefined();
  });

  test('refuses a bigint', () => {
    expect(parseAmount(5n)).toBeUndefined();
  });
});
