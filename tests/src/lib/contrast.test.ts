import { describe, expect, test } from 'vitest';
import { contrastRatio, formatRatio, isHexColor, relativeLuminance } from '../../../src/lib/contrast.ts';

describe('contrastRatio', () => {
  test.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#0b5cad', '#ffffff', 6.67],
  ])('%s on %s is %s:1', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  test('does not depend on the order of the colors', () => {
    expect(contrastRatio('#fbbf24', '#1c1917')).toBe(contrastRatio('#1c1917', '#fbbf24'));
  });

  test('accepts upper-case hex digits', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
  });
});

describe('relativeLuminance', () => {
  test('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  test.each(['#fff', 'red', '#12345g', '', 'rgb(0,0,0)', '#0000000'])('refuses %j', (value) => {
    expect(isHexColor(value)).toBe(false);
    expect(() => relativeLuminance(value)).toThrow(/not a #rrggbb color/);
  });
});

describe('formatRatio', () => {
  test.each([
    [4.499, '4.49'],
    [4.5, '4.50'],
    [1.2085, '1.20'],
    [21, '21.00'],
  ])('prints %d rounded down as %s', (ratio, text) => {
    expect(formatRatio(ratio)).toBe(text);
  });
});
