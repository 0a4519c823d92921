import type { MarkFile } from './mark-contrast.ts';
import { preciseInk } from './mark-ink.ts';
import { inspectSvg, replaceRootTag, type ViewBox, type XmlElement } from './svg-check.ts';

/**
 * The margin left around the drawing, a share of the side the page sizes it by: one pixel of
 * the 40 the logo is high; for the icon, a fortieth of its square.
 */
const CROP_MARGIN = 1 / 40;

export interface CroppedSvg {
  text: string;
  from: ViewBox;
  to: ViewBox;
}

/**
 * The drawing with its viewBox cropped to its ink and a small margin (for icon.svg a square
 * centred on it), for `npm run brands:tidy -- <brand> --crop`; nothing else of the picture
 * changes. Undefined when there is nothing to crop: no viewBox, nothing drawn, or no room to
 * take away; a problem when a crop would change the picture.
 */
export async function cropToDrawing(
  text: string,
  file: MarkFile,
): Promise<CroppedSvg | { problem: string } | undefined> {
  const { viewBox, root } = inspectSvg(text);
  if (!viewBox || !root) return undefined;
  // Every pixel drawn counts, however faint: a crop cuts nothing of the picture.
  const ink = await preciseInk(text, viewBox, 1);
  if (!ink) return undefined;
  const to = cropBox(file, viewBox, ink);
  if ((['x', 'y', 'width', 'height'] as const).every((side) => to[side] === viewBox[side])) return undefined;
  const relative = viewportPercentage(root);
  if (relative) {
    return {
      problem:
        `not cropped: ${relative} is a percentage of the viewBox, so cropping would change the picture; ` +
        'expected lengths in units, or the crop made in the drawing program (Inkscape: Edit → Resize Page to Selection; ' +
        "Illustrator: Object → Artboards → Fit to Artwork Bounds; Figma: select the frame's contents, Frame selection)",
    };
  }
  return { text: withViewBox(text, viewBox, to), from: viewBox, to };
}

// Lengths whose percentages are of the viewBox: cropping it changes them.
const VIEWPORT_LENGTHS = new Set([
  ...['x', 'y', 'width', 'height', 'cx', 'cy', 'r', 'rx', 'ry', 'x1', 'y1', 'x2', 'y2', 'dx', 'dy'],
  ...['stroke-width', 'stroke-dasharray', 'stroke-dashoffset'],
]);
// Elements whose x, y, width and height are, unless set to userSpaceOnUse, shares of what they paint.
const BOUNDING_BOX_UNITS: Record<string, string> = {
  linearGradient: 'gradientUnits',
  radialGradient: 'gradientUnits',
  pattern: 'patternUnits',
  mask: 'maskUnits',
  filter: 'filterUnits',
};

/** "the width of <rect>" for the first length in % of the viewBox, in attributes or CSS. */
function viewportPercentage(element: XmlElement): string | undefined {
  const name = element.name.slice(element.name.indexOf(':') + 1);
  const units = BOUNDING_BOX_UNITS[name];
  const ofBox = units !== undefined && element.attributes[units] !== 'userSpaceOnUse';
  for (const [attribute, value] of Object.entries(element.attributes)) {
    if (!ofBox && VIEWPORT_LENGTHS.has(attribute) && value.includes('%')) {
      return `the ${attribute} of <${element.name}>`;
    }
  }
  const css = [
    element.attributes.style ?? '',
    ...element.children.map((child) => ('text' in child ? child.text : '')),
  ];
  const declaration = /(?:^|[;{\s])([a-z-]+)\s*:[^;}]*\d%/g;
  for (const text of css) {
    for (const [, property = ''] of text.matchAll(declaration)) {
      if (VIEWPORT_LENGTHS.has(property)) return `the ${property} in the CSS of <${element.name}>`;
    }
  }
  for (const child of element.children) {
    const found = 'name' in child ? viewportPercentage(child) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The viewBox around `ink` with the margin, rounded outwards to three significant digits of the
 * ink's shorter side (numbers as a designer writes them), never beyond the old viewBox (what lay
 * outside was never shown). For the icon a square; it leaves the old viewBox only where that is
 * narrower than the square, as a favicon is squared anyway. The old viewBox when it already fits
 * the ink within twice the margin, so a cropped drawing is not cropped again.
 */
export function cropBox(file: MarkFile, viewBox: ViewBox, ink: ViewBox): ViewBox {
  const icon = file === 'icon.svg';
  const longer = Math.max(ink.width, ink.height);
  const margin = (icon ? longer : ink.height) * CROP_MARGIN;
  const grid = gridFor(icon ? longer : Math.min(ink.width, ink.height));
  let to: ViewBox;
  if (icon) {
    // Never larger than the old viewBox's longer side: a crop does not widen the drawing.
    const side = Math.min(grid.up(longer + 2 * margin), Math.max(viewBox.width, viewBox.height));
    const place = (start: number, length: number, inkStart: number, inkLength: number) => {
      const centred = grid.round(inkStart + inkLength / 2 - side / 2);
      return side > length ? centred : Math.min(Math.max(centred, start), start + length - side);
    };
    to = {
      x: place(viewBox.x, viewBox.width, ink.x, ink.width),
      y: place(viewBox.y, viewBox.height, ink.y, ink.height),
      width: side,
      height: side,
    };
  } else {
    const left = Math.max(viewBox.x, grid.down(ink.x - margin));
    const top = Math.max(viewBox.y, grid.down(ink.y - margin));
    const right = Math.min(viewBox.x + viewBox.width, grid.up(ink.x + ink.width + margin));
    const bottom = Math.min(viewBox.y + viewBox.height, grid.up(ink.y + ink.height + margin));
    to = { x: left, y: top, width: right - left, height: bottom - top };
  }
  const fits =
    viewBox.x >= to.x - margin &&
    viewBox.y >= to.y - margin &&
    viewBox.x + viewBox.width <= to.x + to.width + margin &&
    viewBox.y + viewBox.height <= to.y + to.height + margin;
  return fits ? viewBox : grid.tidy(to);
}

/** Rounding on a grid of the power of ten at or below a hundredth of `size`, as a file writes numbers. */
function gridFor(size: number) {
  const decimals = 2 - Math.floor(Math.log10(size));
  const step = 10 ** -decimals;
  const exact = (value: number) => Number(value.toFixed(Math.max(0, decimals)));
  return {
    down: (value: number) => exact(Math.floor(value / step + 1e-9) * step),
    up: (value: number) => exact(Math.ceil(value / step - 1e-9) * step),
    round: (value: number) => exact(Math.round(value / step) * step),
    tidy: ({ x, y, width, height }: ViewBox): ViewBox => ({
      x: exact(x),
      y: exact(y),
      width: exact(width),
      height: exact(height),
    }),
  };
}

const ATTRIBUTE = (name: string) => new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`);
const PIXELS = /^\s*(\d+(?:\.\d+)?|\.\d+)(px)?\s*$/;

/**
 * The text with the root's viewBox set to `to`, and its width and height, when it has them, kept
 * to the same scale; when one is not in pixels (100%, 2em), they are removed, as the viewBox
 * alone then sizes the drawing and the page gives it its size anyway.
 */
export function withViewBox(text: string, from: ViewBox, to: ViewBox): string {
  return replaceRootTag(text, (tag) => {
    const box = [to.x, to.y, to.width, to.height].join(' ');
    let result = tag.replace(ATTRIBUTE('viewBox'), `$1"${box}"`);
    const sizes = (['width', 'height'] as const).flatMap((name) => {
      const value = ATTRIBUTE(name).exec(tag)?.[2]?.slice(1, -1);
      return value === undefined ? [] : [{ name, match: PIXELS.exec(value) }];
    });
    if (sizes.some(({ match }) => !match)) {
      return result.replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/g, '');
    }
    // The drawing's units per pixel, as the browser fits the old viewBox into the old size.
    const scale = Math.min(
      ...sizes.map(({ name, match }) => Number(match?.[1]) / (name === 'width' ? from.width : from.height)),
    );
    for (const { name, match } of sizes) {
      const value = Number(((name === 'width' ? to.width : to.height) * scale).toFixed(2));
      result = result.replace(ATTRIBUTE(name), `$1"${value}${match?.[2] ?? ''}"`);
    }
    return result;
  });
}
