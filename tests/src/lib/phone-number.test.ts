import { describe, expect, test } from 'vitest';
import { DEFAULT_COUNTRY_PREFIX, isPlausibleE164, toE164 } from '../../../src/lib/phone-number.ts';

describe('toE164', () => {
  test.each([
    ['+49', '0171 2345678', '+491712345678'],
    ['+49', '1712345678', '+491712345678'],
    ['+49', '0171-234 56 78', '+491712345678'],
    ['+49', '0171/2345678', '+491712345678'],
    ['+49', '0171.234.5678', '+491712345678'],
    ['+49', '(0171) 2345678', '+491712345678'],
    ['+49', '  0171\t2345678 ', '+491712345678'],
    ['+49', '0171\u00a02345678', '+491712345678'],
    ['+49', '00171 2345678', '+1712345678'],
    ['+49', '(0) 171 2345678', '+491712345678'],
    ['+43', '0664 1234567', '+436641234567'],
    ['+1', '(415) 555-2671', '+14155552671'],
  ])('joins prefix %j and number %j to %j', (prefix, national, expected) => {
    expect(toE164(prefix, national)).toBe(expected);
  });

  test.each(['+49', '49', '0049', ' +49 ', '+ 49', '(+49)', '00 49'])(
    'normalises the prefix %j to +49',
    (prefix) => {
      expect(toE164(prefix, '0171 2345678')).toBe('+491712345678');
    },
  );

  test.each([
    ['+43 664 1234567', '+436641234567'],
    ['0043 664 1234567', '+436641234567'],
    ['+49 (0) 171 2345678', '+491712345678'],
    ['+49(0)1712345678', '+491712345678'],
    ['0049 (0)171 2345678', '+491712345678'],
    [' +49 171 2345678', '+491712345678'],
  ])('uses the international number %j as typed and ignores the prefix', (national, expected) => {
    expect(toE164('+33', national)).toBe(expected);
  });

  test.each([
    ['', '0171 2345678', '1712345678'],
    ['+', '0171 2345678', '1712345678'],
    ['00', '0171 2345678', '1712345678'],
  ])('leaves the + off when the prefix %j has no digits', (prefix, national, expected) => {
    const result = toE164(prefix, national);
    expect(result).toBe(expected);
    expect(isPlausibleE164(result)).toBe(false);
  });

  test.each([
    ['+49', ''],
    ['+49', '0'],
    ['+49', 'abc'],
    ['+49', '0171 23x5678'],
    ['+49', '+'],
    ['+49', '00'],
    ['+49', '0171 2345678 9012 3456'],
    ['+49', '+0171 2345678'],
    ['+49', '٠١٧١٢٣٤٥٦٧٨'],
    ['abc', '0171 2345678'],
  ])('yields an implausible number for prefix %j and input %j', (prefix, national) => {
    expect(isPlausibleE164(toE164(prefix, national))).toBe(false);
  });

  test('defaults to the German prefix', () => {
    expect(DEFAULT_COUNTRY_PREFIX).toBe('+49');
  });
});

describe('isPlausibleE164', () => {
  test.each(['+491712345678', '+1234567', '+123456789012345', '+14155552671'])('accepts %j', (value) => {
    expect(isPlausibleE164(value)).toBe(true);
  });

  test.each([
    '',
    '+',
    '491712345678',
    '00491712345678',
    '+0491712345678',
    '+123456',
    '+1234567890123456',
    '+49 171 2345678',
    '+49171234567a',
    ' +491712345678',
    '+491712345678\n',
    '++491712345678',
    '+４９１７１２３４５６７８',
  ])('refuses %j', (value) => {
    expect(isPlausibleE164(value)).toBe(false);
  });
});
