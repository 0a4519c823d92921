import { describe, expect, test } from 'vitest';
import {
  contains,
  parseTransform,
  readLength,
  readNumbers,
  textBox,
  transformBox,
  widen,
} from '../../../scripts/lib/svg-geometry.ts';

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });
const unit = box(0, 0, 10, 10);

function expectBox(actual: ReturnType<typeof transformBox>, expected: ReturnType<typeof box>) {
  for (const key of ['minX', 'minY', 'maxX', 'maxY'] as const)
    expect(actual[key]).toBeCloseTo(expected[key], 6);
}

describe('parseTransform and transformBox', () => {
  test.each([
    ['none', unit],
    ['translate(5)', box(5, 0, 15, 10)],
    ['translate(5, -2)', box(5, -2, 15, 8)],
    ['scale(2)', box(0, 0, 20, 20)],
    ['scale(2 -1)', box(0, -10, 20, 0)],
    ['rotate(90)', box(-10, 0, 0, 10)],
    ['rotate(180 10 10)', box(10, 10, 20, 20)],
    ['rotate(45)', box(-Math.SQRT2 * 5, 0, Math.SQRT2 * 5, Math.SQRT2 * 10)],
    ['matrix(1 0 0 1 3 4)', box(3, 4, 13, 14)],
    ['skewX(45)', box(0, 0, 20, 10)],
    ['skewY(45)', box(0, 0, 10, 20)],
    ['translate(10,0)scale(2)', box(10, 0, 30, 20)],
    ['scale(2) translate(10 0)', box(20, 0, 40, 20)],
    ['translate(10px, 0px) rotate(90deg)', box(0, 0, 10, 10)],
  ])('%s', (transform, expected) => {
    const matrix = parseTransform(transform);
    expect(matrix).toBeDefined();
    if (matrix) expectBox(transformBox(unit, matrix), expected);
  });

  test.each(['translate(', 'rotate(1turn)', 'scale(1 2 3)', 'translateX(5px)', 'matrix(1 0 0 1)', 'banana'])(
    'cannot read %j',
    (transform) => {
      expect(parseTransform(transform)).toBeUndefined();
    },
  );
});

describe('readLength', () => {
  test.each([
    ['12', {}, 12],
    ['12px', {}, 12],
    ['-1.5e1', {}, -15],
    ['50%', { percentOf: 48 }, 24],
    ['2em', { em: 10 }, 20],
    ['1in', {}, 96],
    ['3pt', {}, 4],
  ])('%s is %s', (text, options, expected) => {
    expect(readLength(text, options)).toBeCloseTo(expected, 6);
  });

  test.each(['', 'auto', '12 px', '1vw', 'px'])('cannot read %j', (text) => {
    expect(readLength(text)).toBeUndefined();
  });
});

describe('boxes', () => {
  test('contain a box on or inside their edges only', () => {
    expect(contains(unit, box(0, 0, 10, 10))).toBe(true);
    expect(contains(unit, box(1, 1, 9, 9))).toBe(true);
    expect(contains(unit, box(1, 1, 11, 9))).toBe(false);
  });

  test('widen by a stroke on every side', () => {
    expect(widen(unit, 1)).toEqual(box(-1, -1, 11, 11));
  });

  test.each([
    ['start', box(58, 8, 58 + 5 * 14.4, 38)],
    ['middle', box(100 - 36, 8, 136, 38)],
    ['end', box(100 - 72, 8, 100, 38)],
  ])('of a text anchored at the %s', (anchor, expected) => {
    const x = anchor === 'start' ? 58 : 100;
    expectBox(textBox(x, 32, 24, 5, anchor), expected);
  });
});

describe('readNumbers', () => {
  test('reads numbers separated by spaces, commas, signs or a second decimal point', () => {
    expect(readNumbers(' 1,2 3-4.5.5e1')).toEqual([1, 2, 3, -4.5, 5]);
    expect(readNumbers('1 2 x')).toBeUndefined();
  });
});
