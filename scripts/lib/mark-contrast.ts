import { contrastRatio, formatRatio } from '../../src/lib/contrast.ts';
import { MIN_MARK_CONTRAST } from './mark-pixels.ts';
import { blendOver, toHex, type Rgba } from './css-color.ts';
import { parseSvg } from './svg-check.ts';
import { contains } from './svg-geometry.ts';
import { paintedLayers, type Layer } from './svg-paint.ts';

export type MarkFile = 'logo.svg' | 'logo-dark.svg' | 'icon.svg';
export interface PageScheme {
  scheme: 'light' | 'dark';
  /** The page background in that scheme, `#rrggbb`. */
  background: string;
}
/** A color of a layer that meets the page, and its contrast with the page background. */
export interface PageContrast {
  /** `<text> "A-Dok"`, or `the outline of <rect>` for a stroke. */
  element: string;
  /** `#1f2937`, `#ffffff at 60% opacity`, `#0b5cad (a stop of the gradient #g)`. */
  color: string;
  ratio: number;
}

/**
 * A fill at least this opaque shows more of itself than of the page, so what lies on it is
 * seen against it (that inner contrast is the designer's business, not this check's).
 */
const OPAQUE_ENOUGH = 0.5;

/**
 * The build's messages for a logo or icon whose colors fall below 3:1 against the page
 * background of a scheme it is shown in, and for anything in it the check cannot follow.
 * One message per failing color and scheme, naming the first element that paints it.
 */
export function markContrastProblems({
  file,
  text,
  schemes,
}: {
  file: MarkFile;
  text: string;
  schemes: PageScheme[];
}): string[] {
  const root = parseSvg(text);
  // A file inspectSvg refuses is reported by it; there is nothing to measure.
  if (!root) return [];
  const { layers, problems } = paintedLayers(root);
  const messages = [...problems];
  for (const { scheme, background } of schemes) {
    const failing = new Map<string, PageContrast[]>();
    for (const contrast of pageContrasts(layers, background)) {
      if (contrast.ratio >= MIN_MARK_CONTRAST) continue;
      failing.set(contrast.color, [...(failing.get(contrast.color) ?? []), contrast]);
    }
    for (const [color, [first, ...rest]] of failing) {
      if (!first) continue;
      const others = new Set(
        rest.map(({ element }) => element).filter((element) => element !== first.element),
      );
      const more =
        others.size === 0 ? '' : ` and ${others.size} other element${others.size === 1 ? '' : 's'}`;
      messages.push(
        `paints ${first.element}${more} in ${color}, ${formatRatio(first.ratio)}:1 on the ${scheme} page background ` +
          `${background}; ${expectation(file, scheme)}`,
      );
    }
  }
  return messages.map((message) => `${file}: ${message}`);
}

/** Every color of every layer that meets the page, measured against the page background. */
export function pageContrasts(layers: Layer[], background: string): PageContrast[] {
  return layers.flatMap((layer, index) => {
    if (!meetsPage(layer, layers.slice(0, index))) return [];
    return layer.colors.map(({ color, gradient }) => ({
      element: layer.part === 'stroke' ? `the outline of ${layer.element}` : layer.element,
      color: describeColor(color, gradient),
      // A see-through color is seen mixed with the page behind it.
      ratio: contrastRatio(blendOver(color, background), background),
    }));
  });
}

/**
 * A layer meets the page unless an earlier, opaque enough fill's box holds its box, or (for a
 * fill) its own opaque stroke runs all around it, so the page only ever touches the stroke.
 */
function meetsPage(layer: Layer, below: Layer[]): boolean {
  if (layer.outline && isOpaqueEnough(layer.outline)) return false;
  const { box } = layer;
  return (
    box === undefined ||
    !below.some(
      (under) =>
        under.part === 'fill' &&
        !under.text &&
        under.box &&
        isOpaqueEnough(under) &&
        contains(under.box, box),
    )
  );
}

function isOpaqueEnough(layer: Layer): boolean {
  return layer.colors.every(({ color }) => color.a >= OPAQUE_ENOUGH);
}

function describeColor(color: Rgba, gradient: string | undefined): string {
  const opacity = color.a < 1 ? ` at ${Math.round(color.a * 100)}% opacity` : '';
  const stop = gradient === undefined ? '' : ` (a stop of the gradient #${gradient})`;
  return `${toHex(color)}${opacity}${stop}`;
}

function expectation(file: MarkFile, scheme: PageScheme['scheme']): string {
  const expected = `expected at least ${MIN_MARK_CONTRAST}:1`;
  if (file === 'icon.svg') {
    return (
      `${expected} so the icon stays visible on ${scheme} backgrounds. There is no dark icon, so icon.svg must ` +
      'stand out on both: change the color (a mid-tone works on light and dark), or add an outline.'
    );
  }
  const readable = `${expected} so the logo stays readable in ${scheme} mode.`;
  if (file === 'logo-dark.svg') return `${readable} Change the color.`;
  if (scheme === 'dark') return `${readable} Add logo-dark.svg with lighter colors, or change the color.`;
  return `${readable} Change the color, or outline the shape in a color that stands out from the page.`;
}
