import { isRgba, parseColor, parsePaint, type Paint, type Rgba } from './css-color.ts';
import { decodeXml, type XmlElement } from './svg-check.ts';
import { readLength } from './svg-geometry.ts';
import { computeStyle, INITIAL_STYLE, type Style, type StyleRule } from './svg-style.ts';

export interface PaintedColor {
  color: Rgba;
  /** The id of the gradient the color is a stop of. */
  gradient?: string;
}

export interface PaintContext {
  rules: StyleRule[];
  byId: Map<string, XmlElement>;
  report: (problem: string) => void;
}

const UNREADABLE =
  'which the contrast check cannot read; expected a color like #1f2937, rgb(31 41 55) or a CSS color name';
const GRADIENTS = new Set(['linearGradient', 'radialGradient']);

/** The colors a fill or stroke value paints; one that cannot be read is reported. */
export function paintColors(
  value: string,
  style: Style,
  element: string,
  context: PaintContext,
): PaintedColor[] {
  const paint = parsePaint(value);
  if (paint === undefined) context.report(`paints ${element} in "${value}", ${UNREADABLE}`);
  return paint === undefined ? [] : colorsOf(paint, style, element, context);
}

function colorsOf(paint: Paint, style: Style, element: string, context: PaintContext): PaintedColor[] {
  if (paint === 'none') return [];
  if (paint === 'currentcolor') {
    const color = parseColor(style.color);
    if (color === undefined) context.report(`sets the color "${style.color}" on ${element}, ${UNREADABLE}`);
    return isRgba(color) ? [{ color }] : [];
  }
  if (isRgba(paint)) return [{ color: paint }];
  const target = context.byId.get(paint.id);
  if (!target) return paint.fallback ? colorsOf(paint.fallback, style, element, context) : [];
  if (!GRADIENTS.has(target.name)) {
    context.report(
      `paints ${element} with the <${target.name}> #${paint.id}, which the contrast check cannot measure; expected a color or a linear or radial gradient`,
    );
    return [];
  }
  return gradientStops(target, context, []).map((color) => ({ color, gradient: paint.id }));
}

/** The colors of a gradient's stops, or of the gradient it takes its stops from (href). */
function gradientStops(gradient: XmlElement, context: PaintContext, seen: XmlElement[]): Rgba[] {
  const style = computeStyle(gradient, INITIAL_STYLE, context.rules, context.report);
  const stops = gradient.children.filter(
    (child): child is XmlElement => 'name' in child && child.name === 'stop',
  );
  if (stops.length === 0) {
    const href = attribute(gradient, 'href') ?? attribute(gradient, 'xlink:href') ?? '';
    const next = href.startsWith('#') ? context.byId.get(href.slice(1)) : undefined;
    return next && GRADIENTS.has(next.name) && !seen.includes(next)
      ? gradientStops(next, context, [...seen, gradient])
      : [];
  }
  return stops.flatMap((stop) => {
    const stopStyle = computeStyle(stop, style, context.rules, context.report);
    const written = stopStyle['stop-color'];
    const parsed = parseColor(written);
    const color = parsed === 'currentcolor' ? parseColor(stopStyle.color) : parsed;
    if (!isRgba(color)) {
      context.report(
        `has the stop color "${written}" in the gradient #${attribute(gradient, 'id') ?? ''}, ${UNREADABLE}`,
      );
      return [];
    }
    return [{ ...color, a: color.a * readOpacity(stopStyle['stop-opacity']) }];
  });
}

/** opacity, fill-opacity and the like: a number or a percentage, clamped; unreadable counts as opaque. */
export function readOpacity(text: string): number {
  const value = readLength(text, { percentOf: 1 });
  return value === undefined || /[a-z]/i.test(text) ? 1 : Math.min(Math.max(value, 0), 1);
}

/** An attribute's value as a browser reads it. */
export function attribute(element: XmlElement, name: string): string | undefined {
  const raw = element.attributes[name];
  return raw === undefined ? undefined : decodeXml(raw);
}
