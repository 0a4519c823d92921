import { describe, expect, test } from 'vitest';
import { parseSvg } from '../../../scripts/lib/svg-check.ts';
import { paintedLayers } from '../../../scripts/lib/svg-paint.ts';

function layersOf(inner: string) {
  const root = parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48">${inner}</svg>`);
  if (!root) throw new Error(`not an accepted SVG: ${inner}`);
  return paintedLayers(root).layers.map(({ element, part, box }) => ({ element, part, box }));
}
const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY });

describe('paintedLayers', () => {
  test('paints fill, then stroke, in document order', () => {
    expect(
      layersOf('<rect width="10" height="10" stroke="red" stroke-width="2"/><circle cx="30" cy="5" r="5"/>'),
    ).toEqual([
      { element: '<rect>', part: 'fill', box: box(0, 0, 10, 10) },
      { element: '<rect>', part: 'stroke', box: box(-1, -1, 11, 11) },
      { element: '<circle>', part: 'fill', box: box(25, 0, 35, 10) },
    ]);
  });

  test.each([
    [
      'a group transform and its own',
      '<g transform="translate(10 5)"><rect width="5" height="5" transform="scale(2)"/></g>',
      box(10, 5, 20, 15),
    ],
    [
      'a <use> at x and y',
      '<defs><rect id="r" width="5" height="5"/></defs><use href="#r" x="10" y="5" transform="translate(1 1)"/>',
      box(11, 6, 16, 11),
    ],
    ['a nested <svg> at x and y', '<svg x="20" y="4"><rect width="5" height="5"/></svg>', box(20, 4, 25, 9)],
    [
      'a transform in CSS',
      '<style>rect { transform: translate(3px, 4px) }</style><rect width="5" height="5"/>',
      box(3, 4, 8, 9),
    ],
    [
      'a text by its position, size and characters',
      '<text x="10" y="40" font-size="20">abc</text>',
      box(10, 20, 46, 45),
    ],
    [
      'a centred text',
      '<text x="100" y="40" font-size="20" text-anchor="middle">abc</text>',
      box(82, 20, 118, 45),
    ],
    ['percentages of the viewBox', '<rect x="50%" width="25%" height="100%"/>', box(100, 0, 150, 48)],
  ])('places %s', (_case, inner, expected) => {
    const [first] = layersOf(inner);
    for (const key of ['minX', 'minY', 'maxX', 'maxY'] as const)
      expect(first?.box?.[key]).toBeCloseTo(expected[key], 6);
  });

  test('leaves the box unknown under a transform it cannot read', () => {
    expect(layersOf('<g transform="rotate(1turn)"><rect width="5" height="5"/></g>')).toEqual([
      { element: '<rect>', part: 'fill', box: undefined },
    ]);
  });

  test('marks the fill that its own solid stroke runs all around', () => {
    const root = parseSvg(
      '<svg viewBox="0 0 48 48"><rect width="9" height="9" stroke="#000"/><path d="M0 0h9v9" stroke="#000"/></svg>',
    );
    const layers = root ? paintedLayers(root).layers : [];
    expect(layers.map(({ element, part, outline }) => [element, part, outline?.part])).toEqual([
      ['<rect>', 'fill', 'stroke'],
      ['<rect>', 'stroke', undefined],
      ['<path>', 'fill', undefined],
      ['<path>', 'stroke', undefined],
    ]);
  });

  test('stops a <use> that refers to its own ancestor', () => {
    expect(layersOf('<g id="loop"><rect width="5" height="5"/><use href="#loop" x="10"/></g>')).toHaveLength(
      2,
    );
  });
});
