import { boxOf, LEADING_NUMBER, readLength, readNumbers, type Box, type Point } from './svg-geometry.ts';

export interface Shape {
  /** Undefined when an attribute cannot be read. */
  box: Box | undefined;
  /** Some subpath encloses an area, so a fill paints something. */
  hasArea: boolean;
  /** Every subpath is closed with Z, so a stroke runs all around the fill. */
  closed: boolean;
}

const ARGUMENTS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/**
 * The box of path data, every command absolute or relative. Curves count with their extremes;
 * an arc counts by its end points only. Undefined when the data cannot be read.
 */
export function pathShape(d: string): Shape | undefined {
  const subpaths: Array<{ points: Point[]; closed: boolean }> = [];
  let rest = d;
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  let control: Point = [0, 0];
  let previous = '';
  while (rest.trim() !== '') {
    const command = /^[\s,]*([MmLlHhVvCcSsQqTtAaZz])/.exec(rest);
    if (!command) return undefined;
    rest = rest.slice(command[0].length);
    const letter = command[1] ?? '';
    const lower = letter.toLowerCase();
    const relative = letter === lower;
    for (let once = true; once || (lower !== 'z' && LEADING_NUMBER.test(rest)); once = false) {
      const args: number[] = [];
      for (let i = 0; i < (ARGUMENTS[lower] ?? 0); i += 1) {
        // Arc flags are single digits and may be written without separators ("a1 1 0 011 1").
        const match =
          lower === 'a' && (i === 3 || i === 4) ? /^[\s,]*([01])/.exec(rest) : LEADING_NUMBER.exec(rest);
        if (!match) return undefined;
        args.push(Number(match[1]));
        rest = rest.slice(match[0].length);
      }
      // Pairs after a moveto are linetos.
      const kind = lower === 'm' && !once ? 'l' : lower;
      const at = (index: number): Point => {
        const [x = 0, y = 0] = args.slice(index, index + 2);
        return relative ? [current[0] + x, current[1] + y] : [x, y];
      };
      const [n = 0] = args;
      let end: Point;
      let points: Point[] = [];
      if (kind === 'm') {
        end = start = at(0);
        subpaths.push({ points: [], closed: false });
      } else if (kind === 'z') {
        end = start;
        const last = subpaths[subpaths.length - 1];
        if (last) last.closed = true;
      } else if (kind === 'h') {
        end = [relative ? current[0] + n : n, current[1]];
      } else if (kind === 'v') {
        end = [current[0], relative ? current[1] + n : n];
      } else if (kind === 'c' || kind === 's') {
        const first = kind === 'c' ? at(0) : /[cs]/.test(previous) ? reflect(control, current) : current;
        control = kind === 'c' ? at(2) : at(0);
        end = kind === 'c' ? at(4) : at(2);
        points = curvePoints(current, first, control, end);
      } else if (kind === 'q' || kind === 't') {
        control = kind === 'q' ? at(0) : /[qt]/.test(previous) ? reflect(control, current) : current;
        end = kind === 'q' ? at(2) : at(0);
        points = quadraticPoints(current, control, end);
      } else {
        end = kind === 'a' ? at(5) : at(0);
      }
      subpaths[subpaths.length - 1]?.points.push(...(kind === 'm' ? [] : [current]), ...points, end);
      previous = kind;
      current = end;
    }
  }
  const all = subpaths.flatMap((subpath) => subpath.points);
  return {
    box: boxOf(all),
    hasArea: subpaths.some((subpath) => new Set(subpath.points.map(String)).size >= 3),
    closed: subpaths.length > 0 && subpaths.every((subpath) => subpath.closed),
  };
}

function reflect([x, y]: Point, [cx, cy]: Point): Point {
  return [2 * cx - x, 2 * cy - y];
}

function quadraticPoints(p0: Point, q: Point, p3: Point): Point[] {
  const toward = (p: Point): Point => [p[0] + (2 / 3) * (q[0] - p[0]), p[1] + (2 / 3) * (q[1] - p[1])];
  return curvePoints(p0, toward(p0), toward(p3), p3);
}

/** The points where a cubic curve turns in x or in y. */
function curvePoints(p0: Point, p1: Point, p2: Point, p3: Point): Point[] {
  const at = (t: number, axis: 0 | 1) =>
    (1 - t) ** 3 * p0[axis] +
    3 * (1 - t) ** 2 * t * p1[axis] +
    3 * (1 - t) * t ** 2 * p2[axis] +
    t ** 3 * p3[axis];
  const ts = ([0, 1] as const).flatMap((axis) => {
    // The derivative's roots: a t² + b t + c = 0.
    const a = -p0[axis] + 3 * p1[axis] - 3 * p2[axis] + p3[axis];
    const b = 2 * (p0[axis] - 2 * p1[axis] + p2[axis]);
    const c = p1[axis] - p0[axis];
    if (Math.abs(a) < 1e-12) return Math.abs(b) < 1e-12 ? [] : [-c / b];
    const discriminant = b * b - 4 * a * c;
    if (discriminant < 0) return [];
    return [(-b + Math.sqrt(discriminant)) / (2 * a), (-b - Math.sqrt(discriminant)) / (2 * a)];
  });
  return ts.filter((t) => t > 0 && t < 1).map((t): Point => [at(t, 0), at(t, 1)]);
}

export interface Viewport {
  width: number;
  height: number;
}

/**
 * The shape of a basic shape or a path, from its attributes (decoded by the caller); null when
 * it draws nothing. An attribute that cannot be read leaves the box unknown.
 */
export function shapeOf(
  name: string,
  attribute: (name: string) => string | undefined,
  viewport: Viewport,
): Shape | null {
  const diagonal = Math.hypot(viewport.width, viewport.height) / Math.SQRT2;
  const length = (key: string, percentOf: number) => {
    const value = attribute(key);
    return value === undefined ? 0 : readLength(value, { percentOf });
  };
  const [w, h] = [viewport.width, viewport.height];
  const unknown: Shape = { box: undefined, hasArea: true, closed: true };
  if (name === 'path')
    return attribute('d') === undefined ? null : (pathShape(attribute('d') ?? '') ?? unknown);
  if (name === 'polyline' || name === 'polygon') {
    const numbers = readNumbers(attribute('points') ?? '');
    if (!numbers) return { ...unknown, closed: name === 'polygon' };
    const points = Array.from({ length: Math.floor(numbers.length / 2) }, (_, i): Point => [
      numbers[2 * i] ?? 0,
      numbers[2 * i + 1] ?? 0,
    ]);
    const box = boxOf(points);
    if (!box) return null;
    return { box, hasArea: new Set(points.map(String)).size >= 3, closed: name === 'polygon' };
  }
  const values = {
    rect: [length('x', w), length('y', h), length('width', w), length('height', h)],
    circle: [length('cx', w), length('cy', h), length('r', diagonal), length('r', diagonal)],
    ellipse: [length('cx', w), length('cy', h), length('rx', w), length('ry', h)],
    line: [length('x1', w), length('y1', h), length('x2', w), length('y2', h)],
  }[name];
  if (!values) return null;
  if (values.some((value) => value === undefined))
    return name === 'line' ? { ...unknown, hasArea: false } : unknown;
  const [a = 0, b = 0, c = 0, d = 0] = values;
  if (name === 'line')
    return {
      box: boxOf([
        [a, b],
        [c, d],
      ]),
      hasArea: false,
      closed: false,
    };
  if (c <= 0 || d <= 0) return null;
  const box =
    name === 'rect'
      ? { minX: a, minY: b, maxX: a + c, maxY: b + d }
      : { minX: a - c, minY: b - d, maxX: a + c, maxY: b + d };
  return { box, hasArea: true, closed: true };
}
