import { describe, expect, test } from 'vitest';
import { pathShape, shapeOf } from '../../../scripts/lib/svg-shapes.ts';

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });

describe('pathShape', () => {
  test.each([
    ['absolute lines', 'M10 10L20 10L20 30Z', box(10, 10, 20, 30)],
    ['relative lines', 'm10 10l10 0l0 20z', box(10, 10, 20, 30)],
    ['horizontal and vertical lines', 'M5 5H15V25h-5v-5', box(5, 5, 15, 25)],
    ['implicit linetos after a moveto', 'M0 0 10 0 10 10', box(0, 0, 10, 10)],
    ['implicit relative linetos', 'm5 5 10 0 0 10', box(5, 5, 15, 15)],
    ['a relative moveto after a closed subpath', 'M10 10h5v5zm10 0h5v5', box(10, 10, 25, 15)],
    ['a cubic curve by its extremes, not its control points', 'M0 0C0 -20 10 -20 10 0', box(0, -15, 10, 0)],
    ['a smooth cubic curve', 'M0 0c0 -20 10 -20 10 0s10 20 10 0', box(0, -15, 20, 15)],
    ['a quadratic curve by its extreme', 'M0 0Q5 -10 10 0', box(0, -5, 10, 0)],
    ['a smooth quadratic curve', 'M0 0q5 -10 10 0t10 0', box(0, -5, 20, 5)],
    ['an arc by its end points', 'M15 10a2 2 0 0 1-2 2H5', box(5, 10, 15, 12)],
    ['arc flags written without separators', 'M0 0a5 5 0 0110 0', box(0, 0, 10, 0)],
    ['numbers without separators', 'M.5.5l-1-1', box(-0.5, -0.5, 0.5, 0.5)],
    ['exponents', 'M1e1 0L2e1 1E1', box(10, 0, 20, 10)],
  ])('%s', (_case, d, expected) => {
    const shape = pathShape(d);
    expect(shape?.box?.minX).toBeCloseTo(expected.minX, 6);
    expect(shape?.box?.minY).toBeCloseTo(expected.minY, 6);
    expect(shape?.box?.maxX).toBeCloseTo(expected.maxX, 6);
    expect(shape?.box?.maxY).toBeCloseTo(expected.maxY, 6);
  });

  test.each([
    ['a closed triangle', 'M0 0h10v10z', { hasArea: true, closed: true }],
    ['an open triangle', 'M0 0h10v10', { hasArea: true, closed: false }],
    ['one closed and one open subpath', 'M0 0h10v10zM20 0h5v5', { hasArea: true, closed: false }],
    ['separate strokes', 'M24 7v6M24 35v6', { hasArea: false, closed: false }],
    ['a curve', 'M0 0c0 -20 10 -20 10 0', { hasArea: true, closed: false }],
  ])('tells whether %s encloses an area and is closed', (_case, d, expected) => {
    expect(pathShape(d)).toMatchObject(expected);
  });

  test.each(['M0 0 L', 'X0 0', 'M0 0a1 1 0 2 1 5 5', '10 10'])('cannot read %j', (d) => {
    expect(pathShape(d)).toBeUndefined();
  });
});

describe('shapeOf', () => {
  const viewport = { width: 200, height: 48 };
  const of = (name: string, attributes: Record<string, string>) =>
    shapeOf(name, (key) => attributes[key], viewport);

  test.each([
    ['rect', { x: '1', y: '2', width: '10', height: '20' }, box(1, 2, 11, 22)],
    ['rect', { width: '100%', height: '50%' }, box(0, 0, 200, 24)],
    ['circle', { cx: '24', cy: '24', r: '12' }, box(12, 12, 36, 36)],
    ['ellipse', { cx: '10', cy: '10', rx: '5', ry: '2' }, box(5, 8, 15, 12)],
    ['line', { x1: '0', y1: '5', x2: '10', y2: '0' }, box(0, 0, 10, 5)],
    ['polygon', { points: '0,0 10,0 5,8' }, box(0, 0, 10, 8)],
    ['polyline', { points: '0 0 10 0 5 8 3' }, box(0, 0, 10, 8)],
    ['path', { d: 'M1 1h4v4' }, box(1, 1, 5, 5)],
  ])('the box of a <%s>', (name, attributes, expected) => {
    expect(of(name, attributes)?.box).toEqual(expected);
  });

  test.each([
    ['rect', { width: '10' }],
    ['rect', { width: '10', height: '-1' }],
    ['circle', { r: '0' }],
    ['ellipse', { rx: '5' }],
    ['path', {}],
    ['polygon', { points: '' }],
    ['image', { width: '10', height: '10' }],
  ])('nothing for a <%s> that draws nothing', (name, attributes) => {
    expect(of(name, attributes)).toBeNull();
  });

  test.each([
    ['rect', { width: 'auto', height: '10' }],
    ['path', { d: 'M0 0 Lx' }],
    ['polygon', { points: '0 0 1 x' }],
  ])('an unknown box for a <%s> it cannot read', (name, attributes) => {
    expect(of(name, attributes)).toMatchObject({ box: undefined });
  });

  test('lines and polylines enclose no area unless they have three corners', () => {
    expect(of('line', { x2: '5', y2: '5' })).toMatchObject({ hasArea: false, closed: false });
    expect(of('polyline', { points: '0 0 5 5' })).toMatchObject({ hasArea: false });
    expect(of('polygon', { points: '0 0 5 5 0 5' })).toMatchObject({ hasArea: true, closed: true });
  });
});
