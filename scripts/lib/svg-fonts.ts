import { decodeXml, type XmlElement } from './svg-check.ts';

/**
 * Font families every visitor's device draws text in: CSS's generic families and the system
 * interface fonts a family list names before them. A drawing cannot load a font (no @font-face,
 * no outside address), so any other family is a font the designer had and the visitor has not.
 */
const AVAILABLE_FAMILIES = new Set(
  [
    'serif',
    'sans-serif',
    'monospace',
    'cursive',
    'fantasy',
    'math',
    'emoji',
    'fangsong',
    'system-ui',
    'ui-serif',
    'ui-sans-serif',
    'ui-monospace',
    'ui-rounded',
    '-apple-system',
    'blinkmacsystemfont',
    'segoe ui',
    'roboto',
    'helvetica',
    'helvetica neue',
    'arial',
    'noto sans',
    'ubuntu',
    'cantarell',
    'oxygen',
    'liberation sans',
    'dejavu sans',
    'verdana',
    'tahoma',
    'georgia',
    'times new roman',
    'times',
    'courier new',
    'courier',
  ].map((family) => family.toLowerCase()),
);
/** The `font` shorthand's keywords for the system's own fonts. */
const SYSTEM_FONT_KEYWORDS = new Set([
  'caption',
  'icon',
  'menu',
  'message-box',
  'small-caption',
  'status-bar',
]);
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath']);
const outlineAdvice = (brand: string) =>
  'expected the text converted to paths (Inkscape: Path → Object to Path; Illustrator: Type → Create Outlines; ' +
  `Figma: Object → Flatten; or run \`npm run brands:tidy -- ${brand} --font <font file>\` to convert it with the ` +
  "brand's font file), or a system font such as system-ui, sans-serif";

/**
 * The fonts a drawing's text asks for that a visitor's device does not have: the browser then
 * draws the text in a fallback font, a serif one when the list names no generic family, and no
 * build or check sees it. Every family named anywhere in a drawing with text counts, in
 * attributes, style attributes and <style>, as the cascade is not followed here.
 */
export function unavailableFontProblems(root: XmlElement, brand = '<brand>'): string[] {
  const elements = descendants(root);
  if (!elements.some((element) => TEXT_ELEMENTS.has(localName(element.name)))) return [];
  const families = new Set<string>();
  for (const element of elements) {
    for (const [name, raw] of Object.entries(element.attributes)) {
      const value = decodeXml(raw);
      if (name === 'font-family') familyList(value).forEach((family) => families.add(family));
      else if (name === 'font') shorthandFamilies(value).forEach((family) => families.add(family));
      else if (name === 'style') cssFamilies(value).forEach((family) => families.add(family));
    }
    if (localName(element.name) === 'style') {
      const css = element.children.map((child) => ('text' in child ? child.text : '')).join('');
      cssFamilies(decodeXml(css)).forEach((family) => families.add(family));
    }
  }
  return [...families]
    .filter((family) => !AVAILABLE_FAMILIES.has(family.toLowerCase()))
    .map(
      (family) =>
        `its text asks for the font "${family}", which a visitor's device does not have (a drawing cannot bring ` +
        `its fonts), so it shows in a fallback font; ${outlineAdvice(brand)}`,
    );
}

/** Whether every visitor's device draws text in this family (a generic or a common system font). */
export function isDeviceFamily(family: string): boolean {
  return AVAILABLE_FAMILIES.has(family.toLowerCase());
}

function descendants(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap((child) => ('name' in child ? descendants(child) : []))];
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The families of `font-family` and `font` declarations in CSS text. */
function cssFamilies(css: string): string[] {
  const withoutComments = css.replace(/\/\*[^]*?\*\//g, '');
  return [...withoutComments.matchAll(/(?:^|[\s;{])font(-family)?\s*:\s*([^;}]+)/gi)].flatMap(
    ([, family, value = '']) =>
      family ? familyList(value.replace(/!important\s*$/i, '')) : shorthandFamilies(value),
  );
}

/** The `font` shorthand's family list: what follows the size (`bold 24px/1.2 "X", sans-serif`). */
function shorthandFamilies(value: string): string[] {
  const trimmed = value.trim();
  if (SYSTEM_FONT_KEYWORDS.has(trimmed.toLowerCase())) return [];
  // A size has a unit or is a keyword, unlike a weight such as 700.
  const match =
    /(?:^|\s)(?:[\d.]+(?:px|pt|pc|em|rem|ex|ch|%|vw|vh|vmin|vmax|in|cm|mm|q)|(?:xx?-)?(?:small|large)|medium|larger|smaller)(?:\s*\/\s*\S+)?\s+(.+)$/i.exec(
      trimmed,
    );
  return match?.[1] ? familyList(match[1]) : [];
}

/** `'Source Sans 3', Arial , sans-serif` as its families, quotes removed. */
export function familyList(value: string): string[] {
  return value
    .split(',')
    .map((family) =>
      family
        .trim()
        .replace(/^(["'])(.*)\1$/s, '$2')
        .trim(),
    )
    .filter((family) => family !== '' && !/^(inherit|initial|unset|revert|revert-layer)$/i.test(family));
}
