import type { Glyph, PathCommand } from 'fontkit';
import type { FontFace } from './font-files.ts';
import type { TextStyle } from './svg-text-style.ts';

/** A character of a text with what places it: its face and style, and its x, y, dx and dy. */
export interface LaidOutChar<Node = unknown> {
  char: string;
  /** Where it comes from; the outlines are returned by it. */
  node: Node;
  style: TextStyle;
  face: FontFace;
  x?: number;
  y?: number;
  dx: number;
  dy: number;
}

interface PlacedGlyph<Node> {
  node: Node;
  glyph: Glyph;
  x: number;
  y: number;
  /** User units per font unit. */
  scale: number;
  /** From x, the pen's advance: the glyph's, its letter-spacing and kerning. */
  advance: number;
  decimals: number;
}

/** With letter-spacing, browsers leave out the ligatures a font offers (CSS Text 3, "letter-spacing"). */
const WITHOUT_LIGATURES = { liga: false, clig: false, dlig: false, hlig: false, calt: false };

/**
 * The outlines of a text's characters, as path data in user units per node, laid out as SVG 2's
 * text layout does: each character with an x or y starts an anchored chunk there, the others
 * follow the pen, dx and dy move it, and text-anchor shifts each chunk by its width.
 */
export function layOutText<Node>(chars: readonly LaidOutChar<Node>[]): Map<Node, string> {
  const placed: PlacedGlyph<Node>[] = [];
  let pen = { x: 0, y: 0 };
  for (const chunk of chunks(chars)) {
    const [first] = chunk;
    if (!first) continue;
    pen = { x: first.x ?? pen.x, y: first.y ?? pen.y };
    const glyphs: PlacedGlyph<Node>[] = [];
    for (const run of runs(chunk)) {
      pen = shapeRun(run, pen, glyphs);
    }
    placed.push(...anchored(glyphs, first.style.anchor));
  }
  const outlines = new Map<Node, string>();
  for (const glyph of placed) {
    const data = pathData(glyph);
    if (data !== '') outlines.set(glyph.node, `${outlines.get(glyph.node) ?? ''} ${data}`.trim());
  }
  return outlines;
}

/** Shapes one run with its font's OpenType features (kerning, ligatures) and places its glyphs from the pen. */
function shapeRun<Node>(
  run: readonly LaidOutChar<Node>[],
  start: { x: number; y: number },
  into: PlacedGlyph<Node>[],
): { x: number; y: number } {
  const [first] = run;
  if (!first) return start;
  const { style, face } = first;
  const features = {
    ...(style.kerning ? {} : { kern: false }),
    ...(style.letterSpacing !== 0 ? WITHOUT_LIGATURES : {}),
  };
  const shaped = face.font.layout(run.map((c) => c.char).join(''), features);
  const scale = style.fontSize / face.font.unitsPerEm;
  // Enough decimals for a thousandth of the font size, as fine as a font's own grid.
  const decimals = Math.max(0, Math.ceil(Math.log10(1000 / style.fontSize)));
  let { x, y } = start;
  let next = 0;
  shaped.glyphs.forEach((glyph, i) => {
    const position = shaped.positions[i];
    // A ligature stands for several characters, a mark a font splits off for none.
    const covered = run.slice(next, next + glyph.codePoints.length);
    next += covered.length;
    for (const c of covered) {
      x += c.dx;
      y += c.dy;
    }
    const source = covered[0] ?? run[Math.max(0, next - 1)] ?? first;
    const advance = (position?.xAdvance ?? 0) * scale + style.letterSpacing * covered.length;
    into.push({
      node: source.node,
      glyph,
      x: x + (position?.xOffset ?? 0) * scale,
      y: y - (position?.yOffset ?? 0) * scale,
      scale,
      advance,
      decimals,
    });
    x += advance;
    y -= (position?.yAdvance ?? 0) * scale;
  });
  return { x, y };
}

/** SVG 2's anchoring: the chunk moves so that its start, middle or end is where its first character was. */
function anchored<Node>(
  glyphs: readonly PlacedGlyph<Node>[],
  anchor: TextStyle['anchor'],
): PlacedGlyph<Node>[] {
  const [first] = glyphs;
  if (!first) return [];
  const left = Math.min(...glyphs.map((g) => Math.min(g.x, g.x + g.advance)));
  const right = Math.max(...glyphs.map((g) => Math.max(g.x, g.x + g.advance)));
  const reference = { start: left, middle: (left + right) / 2, end: right }[anchor];
  const shift = first.x - reference;
  return glyphs.map((g) => ({ ...g, x: g.x + shift }));
}

/** Chunks of characters, each starting at one with an absolute x or y. */
function chunks<Char extends { x?: number; y?: number }>(chars: readonly Char[]): Char[][] {
  const result: Char[][] = [];
  for (const c of chars) {
    const current = result.at(-1);
    if (!current || c.x !== undefined || c.y !== undefined) result.push([c]);
    else current.push(c);
  }
  return result;
}

/** Runs of one face at one size and spacing, shaped together as a browser shapes across tspans. */
function runs<Node>(chars: readonly LaidOutChar<Node>[]): LaidOutChar<Node>[][] {
  const result: LaidOutChar<Node>[][] = [];
  for (const c of chars) {
    const current = result.at(-1);
    const last = current?.at(-1);
    const same =
      last &&
      last.face === c.face &&
      last.style.fontSize === c.style.fontSize &&
      last.style.letterSpacing === c.style.letterSpacing &&
      last.style.kerning === c.style.kerning;
    if (current && same) current.push(c);
    else result.push([c]);
  }
  return result;
}

/** A glyph's outline in user units (fonts draw y upwards from the baseline, SVG downwards). */
function pathData({ glyph, x, y, scale, decimals }: PlacedGlyph<unknown>): string {
  const factor = 10 ** decimals;
  const number = (value: number) => {
    const rounded = Math.round(value * factor) / factor;
    return Object.is(rounded, -0) ? '0' : String(rounded);
  };
  const point = (px: number | undefined, py: number | undefined) =>
    `${number(x + (px ?? 0) * scale)} ${number(y - (py ?? 0) * scale)}`;
  const pairs = (args: readonly number[]) =>
    Array.from({ length: args.length / 2 }, (_, i) => point(args[2 * i], args[2 * i + 1])).join(' ');
  const letters: Record<PathCommand['command'], string> = {
    moveTo: 'M',
    lineTo: 'L',
    quadraticCurveTo: 'Q',
    bezierCurveTo: 'C',
    closePath: 'Z',
  };
  return glyph.path.commands
    .map(({ command, args }) => `${letters[command]}${pairs(args)}`)
    .join('')
    .replace(/ -/g, '-');
}
