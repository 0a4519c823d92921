/** An axis-aligned bounding box in the drawing's user units. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
export type Point = [number, number];
/** An affine transform [a b c d e f], mapping (x, y) to (ax + cy + e, bx + dy + f). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
};
/** A number at the start of the text, after any separators. */
export const LEADING_NUMBER = /^[\s,]*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i;

/** A length in user units; `%` is taken of percentOf, `em` of the font size. */
export function readLength(text: string, { percentOf = 0, em = 16 } = {}): number | undefined {
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z]*|%)$/i.exec(text.trim());
  if (!match) return undefined;
  const [, number = '', unit = ''] = match;
  const lower = unit.toLowerCase();
  const scale = lower === '%' ? percentOf / 100 : lower === 'em' ? em : lower === 'rem' ? 16 : UNITS[lower];
  return scale === undefined ? undefined : Number(number) * scale;
}

/** `n` applied after `m`'s parent: the transform of a child whose own transform is n. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const [na, nb, nc, nd, ne, nf] = n;
  return [
    a * na + c * nb,
    b * na + d * nb,
    a * nc + c * nd,
    b * nc + d * nd,
    a * ne + c * nf + e,
    b * ne + d * nf + f,
  ];
}

/** A transform attribute or CSS transform (deg and px units allowed); undefined when unreadable. */
export function parseTransform(value: string): Matrix | undefined {
  const text = value.trim();
  if (text === '' || text === 'none') return IDENTITY;
  let matrix = IDENTITY;
  let rest = text;
  while (rest !== '') {
    const call = /^[\s,]*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)[\s,]*/.exec(rest);
    const numbers = call?.[2]
      ?.split(/[\s,]+/)
      .filter(Boolean)
      .map((n) => Number(n.replace(/(deg|px)$/, '')));
    if (!call || !numbers || numbers.some((n) => !Number.isFinite(n))) return undefined;
    const step = transformStep(call[1] ?? '', numbers);
    if (!step) return undefined;
    matrix = multiply(matrix, step);
    rest = rest.slice(call[0].length);
  }
  return matrix;
}

function transformStep(name: string, n: number[]): Matrix | undefined {
  const [p = 0, q, r] = n;
  const radians = (p * Math.PI) / 180;
  const counts: Record<string, number[]> = {
    matrix: [6],
    translate: [1, 2],
    scale: [1, 2],
    rotate: [1, 3],
    skewX: [1],
    skewY: [1],
  };
  if (!counts[name]?.includes(n.length)) return undefined;
  if (name === 'matrix') return [p, n[1] ?? 0, n[2] ?? 0, n[3] ?? 0, n[4] ?? 0, n[5] ?? 0];
  if (name === 'translate') return [1, 0, 0, 1, p, q ?? 0];
  if (name === 'scale') return [p, 0, 0, q ?? p, 0, 0];
  if (name === 'skewX') return [1, 0, Math.tan(radians), 1, 0, 0];
  if (name === 'skewY') return [1, Math.tan(radians), 0, 1, 0, 0];
  const rotation: Matrix = [
    Math.cos(radians),
    Math.sin(radians),
    -Math.sin(radians),
    Math.cos(radians),
    0,
    0,
  ];
  const [cx = 0, cy = 0] = [q, r];
  return multiply(multiply([1, 0, 0, 1, cx, cy], rotation), [1, 0, 0, 1, -cx, -cy]);
}

export function boxOf(points: Point[]): Box | undefined {
  if (points.length === 0) return undefined;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** The box around the transformed corners of a box. */
export function transformBox(box: Box, [a, b, c, d, e, f]: Matrix): Box {
  const corners: Point[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.minX, box.maxY],
    [box.maxX, box.maxY],
  ];
  return boxOf(corners.map(([x, y]) => [a * x + c * y + e, b * x + d * y + f])) ?? box;
}

export function widen(box: Box, by: number): Box {
  return { minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by };
}

export function contains(outer: Box, inner: Box): boolean {
  return (
    outer.minX <= inner.minX &&
    outer.minY <= inner.minY &&
    outer.maxX >= inner.maxX &&
    outer.maxY >= inner.maxY
  );
}

/** A list of numbers as in points="…"; undefined when it holds anything else. */
export function readNumbers(text: string): number[] | undefined {
  const numbers: number[] = [];
  let rest = text;
  for (let match = LEADING_NUMBER.exec(rest); match; match = LEADING_NUMBER.exec(rest)) {
    numbers.push(Number(match[1]));
    rest = rest.slice(match[0].length);
  }
  return rest.trim() === '' ? numbers : undefined;
}

/**
 * An estimate of the box of a line of text: the font is not known here, so each character is
 * taken as 0.6 em wide, ascenders 1 em above the baseline and descenders 0.25 em below.
 */
export function textBox(x: number, y: number, fontSize: number, characters: number, anchor: string): Box {
  const width = characters * fontSize * 0.6;
  const minX = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  return { minX, minY: y - fontSize, maxX: minX + width, maxY: y + fontSize * 0.25 };
}
