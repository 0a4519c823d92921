import { decodeXml, type XmlElement } from './svg-check.ts';
import {
  IDENTITY,
  multiply,
  parseTransform,
  readLength,
  readNumbers,
  textBox,
  transformBox,
  widen,
  type Box,
  type Matrix,
} from './svg-geometry.ts';
import {
  attribute,
  paintColors,
  readOpacity,
  type PaintContext,
  type PaintedColor,
} from './svg-paint-colors.ts';
import { shapeOf, type Viewport } from './svg-shapes.ts';
import { computeStyle, INITIAL_STYLE, readStyleRules, type Style } from './svg-style.ts';

/** One fill or stroke of one element, in the order the drawing paints them. */
export interface Layer {
  /** The element as a message names it: `<rect id="square">`, `<text> "A-Dok"`. */
  element: string;
  part: 'fill' | 'stroke';
  /** One color, or every stop of a gradient; alpha includes every opacity on the way. */
  colors: PaintedColor[];
  /** Undefined when the check cannot tell where the layer lies. */
  box: Box | undefined;
  /** For a fill: the element's own stroke, when it runs all around the fill. */
  outline?: Layer;
  /** Text covers only its glyphs, not its box, so nothing counts as lying on it. */
  text?: true;
}

interface Context extends PaintContext {
  root: XmlElement;
  viewport: Viewport;
  layers: Layer[];
}

const SHAPES = new Set(['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path']);
/** Containers whose children are painted; defs, clipPath, mask, symbol, pattern, marker and gradients are not. */
const GROUPS = new Set(['svg', 'g', 'a', 'switch']);

/** Every fill and stroke the drawing paints, bottom first; display:none and hidden ones left out. */
export function paintedLayers(root: XmlElement): { layers: Layer[]; problems: string[] } {
  const { rules, problems } = readStyleRules(root);
  const [, , width = 0, height = 0] = readNumbers(decodeXml(root.attributes.viewBox ?? '')) ?? [];
  const context: Context = {
    root,
    rules,
    byId: indexIds(root, new Map()),
    viewport: { width, height },
    layers: [],
    report: (problem) => problems.push(problem),
  };
  paint(root, { style: INITIAL_STYLE, matrix: IDENTITY, opacity: 1 }, context, []);
  return { layers: context.layers, problems: [...new Set(problems)] };
}

/** What an element takes from where it stands: its style, its transform and its opacity. */
interface Placement {
  style: Style;
  /** Undefined below a transform the check cannot read. */
  matrix: Matrix | undefined;
  opacity: number;
}

/** `instances` are the elements being painted through a <use>, outermost first. */
function paint(element: XmlElement, parent: Placement, context: Context, instances: XmlElement[]): void {
  const style = computeStyle(element, parent.style, context.rules, context.report);
  if (isNone(style.display)) return;
  const own = parseTransform(style.transform);
  // A nested <svg> is placed at its x and y; its own viewBox scaling is not followed.
  const placed =
    element.name === 'svg' && element !== context.root ? translation(element, context) : IDENTITY;
  const at: Placement = {
    style,
    matrix: parent.matrix && own && multiply(multiply(parent.matrix, placed), own),
    opacity: parent.opacity * readOpacity(style.opacity),
  };
  if (SHAPES.has(element.name) && isVisible(style)) paintShape(element, at, context);
  if (element.name === 'text') paintText(element, at, context);
  if (element.name === 'use') paintUse(element, at, context, instances);
  if (GROUPS.has(element.name) || (element.name === 'symbol' && instances.at(-1) === element)) {
    for (const child of element.children) if ('name' in child) paint(child, at, context, instances);
  }
}

function paintShape(element: XmlElement, at: Placement, context: Context): void {
  const shape = shapeOf(element.name, (name) => attribute(element, name), context.viewport);
  if (!shape) return;
  const name = nameOf(element);
  const fill = shape.hasArea ? layer(name, 'fill', shape.box, at, context) : undefined;
  const stroke = layer(name, 'stroke', shape.box, at, context);
  const solid = /^(none|0)$/i.test(at.style['stroke-dasharray'].trim());
  if (fill && stroke && shape.closed && solid) fill.outline = stroke;
  context.layers.push(...[fill, stroke].filter((each) => each !== undefined));
}

/**
 * Text is measured from an estimated box around the whole <text>; each part of it with
 * characters of its own (the <text> itself, a <tspan>, a <textPath>) is a layer in its colors.
 */
function paintText(text: XmlElement, at: Placement, context: Context): void {
  const characters = [...collapse(textContent(text))].length;
  if (characters === 0) return;
  const position = (name: string, percentOf: number) => {
    const [first = ''] = (attribute(text, name) ?? '').trim().split(/[\s,]+/);
    return readLength(first, { percentOf }) ?? 0;
  };
  const x = position('x', context.viewport.width);
  const y = position('y', context.viewport.height);
  const box = textBox(x, y, Number(at.style['font-size']), characters, at.style['text-anchor'].trim());
  const visit = (element: XmlElement, part: Placement) => {
    const ownText = element.children.map((child) => ('text' in child ? child.text : '')).join('');
    if (ownText.trim() !== '' && isVisible(part.style)) {
      const words = collapse(textContent(element));
      const name = `${nameOf(element)} "${words.length > 40 ? `${words.slice(0, 39)}…` : words}"`;
      for (const each of [
        layer(name, 'fill', box, part, context),
        layer(name, 'stroke', box, part, context),
      ]) {
        if (each) context.layers.push({ ...each, text: true });
      }
    }
    for (const child of element.children) {
      if (!('name' in child) || (child.name !== 'tspan' && child.name !== 'textPath')) continue;
      const style = computeStyle(child, part.style, context.rules, context.report);
      if (!isNone(style.display))
        visit(child, { ...part, style, opacity: part.opacity * readOpacity(style.opacity) });
    }
  };
  visit(text, at);
}

/** The referenced element is painted as if it stood in place of the <use>, inheriting its style. */
function paintUse(use: XmlElement, at: Placement, context: Context, instances: XmlElement[]): void {
  const href = attribute(use, 'href') ?? attribute(use, 'xlink:href') ?? '';
  const target = href.startsWith('#') ? context.byId.get(href.slice(1)) : undefined;
  // A <use> of its own ancestor would paint forever; a browser paints it once, too.
  if (!target || instances.includes(target)) return;
  const matrix = at.matrix && multiply(at.matrix, translation(use, context));
  paint(target, { ...at, matrix }, context, [...instances, target]);
}

function layer(
  element: string,
  part: 'fill' | 'stroke',
  box: Box | undefined,
  at: Placement,
  context: Context,
): Layer | undefined {
  const width = part === 'stroke' ? strokeWidth(at.style, context) : 0;
  if (part === 'stroke' && width <= 0) return undefined;
  const alpha = at.opacity * readOpacity(at.style[`${part}-opacity`]);
  const colors = paintColors(at.style[part], at.style, element, context)
    .map(({ color, gradient }) => ({ color: { ...color, a: color.a * alpha }, gradient }))
    .filter(({ color }) => color.a > 0);
  if (colors.length === 0) return undefined;
  return { element, part, colors, box: box && at.matrix && transformBox(widen(box, width / 2), at.matrix) };
}

function strokeWidth(style: Style, context: Context): number {
  const diagonal = Math.hypot(context.viewport.width, context.viewport.height) / Math.SQRT2;
  return readLength(style['stroke-width'], { percentOf: diagonal, em: Number(style['font-size']) }) ?? 1;
}

/** The x and y of a <use> or nested <svg>. */
function translation(element: XmlElement, context: Context): Matrix {
  const read = (name: string, percentOf: number) =>
    readLength(attribute(element, name) ?? '0', { percentOf }) ?? 0;
  return [1, 0, 0, 1, read('x', context.viewport.width), read('y', context.viewport.height)];
}

function isNone(display: string): boolean {
  return display.trim().toLowerCase() === 'none';
}

function isVisible(style: Style): boolean {
  return !/^(hidden|collapse)$/i.test(style.visibility.trim());
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function nameOf(element: XmlElement): string {
  const id = attribute(element, 'id');
  const className = attribute(element, 'class');
  const detail = id ? ` id="${id}"` : className ? ` class="${className}"` : '';
  return `<${element.name}${detail}>`;
}

function textContent(element: XmlElement): string {
  return element.children
    .map((child) => ('text' in child ? decodeXml(child.text) : textContent(child)))
    .join('');
}

function indexIds(element: XmlElement, byId: Map<string, XmlElement>): Map<string, XmlElement> {
  const id = attribute(element, 'id');
  // The first element with an id is the one a reference finds.
  if (id !== undefined && !byId.has(id)) byId.set(id, element);
  for (const child of element.children) if ('name' in child) indexIds(child, byId);
  return byId;
}
