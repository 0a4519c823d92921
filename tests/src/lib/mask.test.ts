import { describe, expect, test } from 'vitest';
import { maskIdentifier, maskPhone } from '../../../src/lib/mask.ts';

describe('maskIdentifier', () => {
  test.each([
    ['max@example.de', 'm•••@example.de'],
    ['m@example.de', 'm•••@example.de'],
    ['Maximilian.Mustermann@sub.example.de', 'M•••@sub.example.de'],
    ['"a@b"@example.de', '"•••@example.de'],
    ['@example.de', '•••@example.de'],
    ['max@', 'm•••@'],
    ['😀max@example.de', '😀•••@example.de'],
  ])('masks the address %j as %j', (value, expected) => {
    expect(maskIdentifier(value)).toBe(expected);
  });

  test.each([
    ['EDP1234', 'ED•••34'],
    ['AB123456789', 'AB•••89'],
    ['EDP123', 'E•••'],
    ['ABC', 'A•••'],
    ['A', 'A•••'],
    ['', '•••'],
    ['😀😀12345😀', '😀😀•••5😀'],
  ])('masks the EDP-Kennung %j as %j', (value, expected) => {
    expect(maskIdentifier(value)).toBe(expected);
  });

  test('never shows the hidden middle of a long identifier', () => {
    expect(maskIdentifier(`AB${'secret'.repeat(100)}YZ`)).toBe('AB•••YZ');
  });
});

describe('maskPhone', () => {
  test.each([
    ['+491712345678', '+49 ••• •••78'],
    ['+4930123456', '+49 ••• •••56'],
    ['+436641234567', '+43 ••• •••67'],
    ['+14155552671', '+14 ••• •••71'],
    ['+79161234567', '+79 ••• •••67'],
    ['+1234567', '+12 ••• •••67'],
  ])('masks %j as %j', (value, expected) => {
    expect(maskPhone(value)).toBe(expected);
  });

  test.each(['', '+', '+49', '+49171', '0171 2345678', '491712345678', '+49 171 2345678', 'abc'])(
    'hides the whole value %j when it is not an E.164 number',
    (value) => {
      expect(maskPhone(value)).toBe('••• •••');
    },
  );
});
