import { familyList } from './svg-fonts.ts';

/** What shapes an element's glyphs, computed as a browser does: lengths in user units. */
export interface TextStyle {
  families: readonly string[];
  fontSize: number;
  weight: number;
  italic: boolean;
  letterSpacing: number;
  kerning: boolean;
  anchor: 'start' | 'middle' | 'end';
}

/** CSS's initial values; `medium` is 16px in every browser's default settings. */
export const INITIAL_TEXT_STYLE: TextStyle = {
  families: [],
  fontSize: 16,
  weight: 400,
  italic: false,
  letterSpacing: 0,
  kerning: true,
  anchor: 'start',
};

/** An element's style, and why its glyphs cannot be drawn faithfully as outlines, if so. */
export interface StyleResult {
  style: TextStyle;
  refusal?: string;
}

/** The properties whose value changes nothing as long as it is one of these. */
const ONLY_INITIAL: Record<string, readonly string[]> = {
  'word-spacing': ['normal', '0', '0px'],
  direction: ['ltr'],
  'writing-mode': ['horizontal-tb', 'lr', 'lr-tb'],
  'unicode-bidi': ['normal'],
  'text-transform': ['none'],
  'font-variant': ['normal'],
  'font-variant-ligatures': ['normal'],
  'font-variant-caps': ['normal'],
  'font-variant-numeric': ['normal'],
  'font-variant-east-asian': ['normal'],
  'font-variant-position': ['normal'],
  'font-feature-settings': ['normal'],
  'font-variation-settings': ['normal'],
  'font-stretch': ['normal', '100%'],
  'font-size-adjust': ['none'],
  'dominant-baseline': ['auto', 'alphabetic'],
  'alignment-baseline': ['auto', 'baseline', 'alphabetic'],
  'baseline-shift': ['baseline', '0', '0px'],
  'text-decoration': ['none'],
  'text-decoration-line': ['none'],
  'white-space': ['normal', 'nowrap'],
  // SVG 2's wrapped text, which Inkscape writes for text typed into a box.
  'inline-size': ['auto', '0'],
  'shape-inside': ['auto', 'none'],
};
/** The properties outlines follow; font-size first, as a letter-spacing in em is of the element's own size. */
const READ = [
  'font',
  'font-size',
  'font-family',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'font-kerning',
];
/** Every property that only text reads, so outlines drop them. */
export const TEXT_PROPERTIES: ReadonlySet<string> = new Set([
  ...READ,
  ...Object.keys(ONLY_INITIAL),
  'text-rendering',
  'text-orientation',
  'glyph-orientation-vertical',
  'glyph-orientation-horizontal',
  'font-synthesis',
  'font-optical-sizing',
  // What browsers ignore on SVG text: SVG 1.1's kerning, and what Inkscape writes beside the rest.
  'kerning',
  'line-height',
  'text-align',
  '-inkscape-font-specification',
]);

/** px per unit of CSS's absolute lengths. */
const ABSOLUTE_UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};
const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/i;

/** An absolute length in user units, or undefined for a relative one (em, %, vw, a keyword). */
export function absoluteLength(value: string): number | undefined {
  const [, number = '', unit = ''] = LENGTH.exec(value.trim()) ?? [];
  const factor = ABSOLUTE_UNITS[unit.toLowerCase()];
  return number === '' || factor === undefined ? undefined : Number(number) * factor;
}

/**
 * The style of an element from its presentation attributes and its `style` attribute, the
 * latter winning, over the style it inherits. `<style>` sheets are not followed (the caller
 * refuses drawings whose sheets set text properties).
 */
export function computeTextStyle(
  attributes: Readonly<Record<string, string>>,
  parent: TextStyle,
): StyleResult {
  const declared = declaredValues(attributes);
  const refusals: string[] = [];
  for (const [name, allowed] of Object.entries(ONLY_INITIAL)) {
    const value = declared.get(name)?.toLowerCase();
    if (value !== undefined && !isInheriting(value) && !allowed.includes(value)) {
      refusals.push(`its ${name} is ${value}, which outlines do not draw`);
    }
  }
  const style = { ...parent };
  // font-size first: a letter-spacing in em is taken from the element's own font-size.
  for (const name of READ.slice(1)) {
    const value = declared.get(name);
    if (value === undefined || isInheriting(value)) continue;
    const refusal = applyProperty(name, value === 'initial' ? initialValue(name) : value, style, parent);
    if (refusal) refusals.push(refusal);
  }
  return { style, refusal: refusals[0] };
}

function applyProperty(name: string, value: string, style: TextStyle, parent: TextStyle): string | undefined {
  const lower = value.toLowerCase();
  switch (name) {
    case 'font-size': {
      const size = absoluteLength(value);
      if (size === undefined || size < 0)
        return `its font-size ${value} is relative to a size outlines cannot know; expected px`;
      style.fontSize = size;
      return undefined;
    }
    case 'font-family':
      style.families = familyList(value);
      return undefined;
    case 'font-weight': {
      const weight = fontWeight(lower, parent.weight);
      if (weight === undefined) return `its font-weight ${value} is not a weight`;
      style.weight = weight;
      return undefined;
    }
    case 'font-style':
      style.italic = lower !== 'normal';
      return undefined;
    case 'letter-spacing': {
      const ems = /^([^a-z]+)em$/.exec(lower)?.[1];
      const length = lower === 'normal' ? 0 : absoluteLength(ems ?? value);
      if (length === undefined)
        return `its letter-spacing ${value} is not a length outlines can follow; expected px or em`;
      style.letterSpacing = ems === undefined ? length : length * style.fontSize;
      return undefined;
    }
    case 'text-anchor':
      if (lower !== 'start' && lower !== 'middle' && lower !== 'end')
        return `its text-anchor ${value} is not an anchor`;
      style.anchor = lower;
      return undefined;
    case 'font-kerning':
      style.kerning = lower !== 'none';
      return undefined;
  }
  return undefined;
}

function initialValue(name: string): string {
  const initial: Record<string, string> = {
    'font-size': '16px',
    'font-family': '',
    'letter-spacing': 'normal',
    'text-anchor': 'start',
  };
  return initial[name] ?? 'normal';
}

function isInheriting(value: string): boolean {
  return /^(inherit|unset)$/i.test(value);
}

/** CSS Fonts 4: a number, a keyword, or bolder/lighter than the parent's weight. */
function fontWeight(value: string, parent: number): number | undefined {
  if (value === 'normal') return 400;
  if (value === 'bold') return 700;
  if (value === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : Math.max(900, parent);
  if (value === 'lighter') return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700;
  const weight = Number(value);
  return value !== '' && weight >= 1 && weight <= 1000 ? weight : undefined;
}

/**
 * The values an element declares, by property: presentation attributes, then its `style`
 * attribute in order, as later declarations win. The `font` shorthand sets its longhands.
 */
function declaredValues(attributes: Readonly<Record<string, string>>): Map<string, string> {
  const declared = new Map<string, string>();
  const set = (name: string, value: string) => {
    if (name === 'font') for (const [longhand, part] of expandFont(value)) declared.set(longhand, part);
    else declared.set(name, value);
  };
  for (const [name, value] of Object.entries(attributes)) {
    // `font` is no presentation attribute in SVG 2: browsers ignore font="…".
    if (name !== 'font' && name !== 'style') set(name, value.trim());
  }
  for (const [name, value] of styleDeclarations(attributes.style ?? '')) set(name, value);
  return declared;
}

/** `bold italic 24px/1.2 "Source Sans 3", sans-serif` as its longhands; the rest reset to normal. */
function expandFont(value: string): [string, string][] {
  // The size is the first word with a unit (a unitless number is a weight) or a size keyword.
  const match =
    /^((?:\S+\s+)*?)((?:[\d.]+[a-z%]+|(?:xx?-)?(?:small|large)|medium|larger|smaller)(?=[\s/]))(?:\s*\/\s*[^\s,]+)?\s+(\S.*)$/i.exec(
      value.trim(),
    );
  // A system font keyword (caption, menu) has no size to draw with.
  if (!match) return [['font-size', value]];
  const [, before = '', size = '', families = ''] = match;
  const longhands: [string, string][] = [
    ['font-style', 'normal'],
    ['font-weight', 'normal'],
    ['font-variant', 'normal'],
    ['font-stretch', 'normal'],
  ];
  for (const word of before.trim().split(/\s+/).filter(Boolean)) {
    const lower = word.toLowerCase();
    if (lower === 'italic' || lower === 'oblique') longhands.push(['font-style', lower]);
    else if (/^(bold|bolder|lighter|\d+)$/.test(lower)) longhands.push(['font-weight', lower]);
    else if (lower === 'small-caps') longhands.push(['font-variant', lower]);
    else if (lower !== 'normal') longhands.push(['font-stretch', lower]);
  }
  return [...longhands, ['font-size', size], ['font-family', families]];
}

/** The declarations of a `style` attribute, in order; `;` and `:` inside quotes or parentheses do not split. */
export function styleDeclarations(css: string): [string, string][] {
  const declarations: [string, string][] = [];
  for (const part of splitOutside(css.replace(/\/\*[^]*?\*\//g, ''), ';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (name !== '' && value !== '') declarations.push([name, value]);
  }
  return declarations;
}

function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, text.slice(start)];
}
