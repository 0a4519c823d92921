import { describe, expect, test } from 'vitest';
import { blendOver, parseColor, parsePaint, toHex } from '../../../scripts/lib/css-color.ts';

describe('parseColor', () => {
  test.each([
    ['#1f2937', '#1f2937', 1],
    ['#1F2937', '#1f2937', 1],
    ['#fff', '#ffffff', 1],
    ['#0008', '#000000', 0x88 / 255],
    ['#1f293780', '#1f2937', 0x80 / 255],
    ['rgb(31, 41, 55)', '#1f2937', 1],
    ['rgb(31 41 55 / 50%)', '#1f2937', 0.5],
    ['rgba(100%, 0%, 0%, .25)', '#ff0000', 0.25],
    ['rgb(300, -5, 0)', '#ff0000', 1],
    ['hsl(0, 100%, 50%)', '#ff0000', 1],
    ['hsl(120deg 100% 25% / .5)', '#008000', 0.5],
    ['hsla(240, 100%, 50%, 1)', '#0000ff', 1],
    ['navy', '#000080', 1],
    ['RebeccaPurple', '#663399', 1],
    [' white ', '#ffffff', 1],
    ['transparent', '#000000', 0],
  ])('reads %j', (value, hex, alpha) => {
    const color = parseColor(value);
    expect(typeof color === 'object' && toHex(color)).toBe(hex);
    expect(typeof color === 'object' && color.a).toBeCloseTo(alpha, 6);
  });

  test('knows all 148 CSS color names', () => {
    const names = [
      'aliceblue',
      'darkslategrey',
      'lightgoldenrodyellow',
      'yellowgreen',
      'grey',
      'gray',
      'cyan',
      'aqua',
    ];
    expect(names.map((name) => typeof parseColor(name))).toEqual(names.map(() => 'object'));
  });

  test('reads currentColor in any case', () => {
    expect(parseColor('currentColor')).toBe('currentcolor');
  });

  test.each([
    'bluish',
    '#12',
    '#12345',
    'rgb(1deg, 2, 3)',
    'rgb(1, 2)',
    'rgb(a, b, c)',
    'hsl(0, 0%)',
    'url(#g)',
    '',
    'none',
  ])('refuses %j', (value) => {
    expect(parseColor(value)).toBeUndefined();
  });
});

describe('parsePaint', () => {
  test.each([
    ['none', 'none'],
    ['NONE', 'none'],
    ['currentcolor', 'currentcolor'],
    ['url(#g)', { id: 'g' }],
    ["url('#g')", { id: 'g' }],
    ['url( "#g" ) #fff', { id: 'g', fallback: { r: 255, g: 255, b: 255, a: 1 } }],
    ['url(#g) none', { id: 'g', fallback: 'none' }],
    ['#000', { r: 0, g: 0, b: 0, a: 1 }],
  ])('reads %j', (value, paint) => {
    expect(parsePaint(value)).toEqual(paint);
  });

  test.each(['url(#g) bluish', 'url(g.svg#x)', 'context-fill', 'inherit-ish'])('refuses %j', (value) => {
    expect(parsePaint(value)).toBeUndefined();
  });
});

describe('blendOver', () => {
  test.each([
    [{ r: 0, g: 0, b: 0, a: 0.5 }, '#ffffff', '#808080'],
    [{ r: 255, g: 255, b: 255, a: 0.6 }, '#475569', '#b5bbc3'],
    [{ r: 31, g: 41, b: 55, a: 1 }, '#ffffff', '#1f2937'],
    [{ r: 31, g: 41, b: 55, a: 0 }, '#111827', '#111827'],
  ])('%j over %s is %s', (color, background, expected) => {
    expect(blendOver(color, background)).toBe(expected);
  });
});
