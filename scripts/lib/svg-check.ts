import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SvgInspection {
  problems: string[];
  /** The root element's viewBox, when it has one with a positive size. */
  viewBox?: ViewBox;
}

/** An element of a parsed SVG; attribute values are as written (entities not yet decoded). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | { text: string };

const SELF_CONTAINED = 'expected a self-contained drawing';
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);
/** Attributes whose value a renderer loads or navigates to (`values` holds a `;` list). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'to', 'from', 'by', 'values', 'base']);
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp)[;,]/;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Entities are decoded here, not by the parser, so every check sees the value a browser sees.
  processEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
});

/**
 * Checks an SVG meant as a logo or favicon source. favicon.svg is served as a document of its
 * own on the brand's origin, so anything that could run script or pull in outside content is
 * refused, not only malformed XML. The checks run on the parsed, entity-decoded document, since
 * `&#106;avascript:` is `javascript:` to a browser.
 */
export function inspectSvg(text: string): SvgInspection {
  if (text.trim() === '') return { problems: ['is empty; expected an SVG image'] };

  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    return {
      problems: [`is not well-formed XML (line ${line}, column ${col}: ${msg}); expected an SVG image`],
    };
  }
  // Editors such as Illustrator write a public DOCTYPE; only an internal subset declares entities.
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(text)) {
    return { problems: [`declares entities in its DOCTYPE; ${SELF_CONTAINED} without entities`] };
  }

  const elements = parseElements(text);
  const instruction = elements.find((element) => element.name.startsWith('?') && element.name !== '?xml');
  if (instruction) {
    return { problems: [`contains the processing instruction <${instruction.name}>; ${SELF_CONTAINED}`] };
  }
  const [root, ...others] = elements.filter((element) => element.name !== '?xml');
  if (root?.name !== 'svg' || others.length > 0) {
    return { problems: ['does not consist of one <svg> element; expected an SVG image'] };
  }

  const problems = new Set<string>();
  const viewBox = parseViewBox(root.attributes.viewBox);
  if (!viewBox) {
    problems.add(
      'has no usable viewBox on its <svg> element; expected e.g. viewBox="0 0 200 48" so it can scale',
    );
  }
  walk(root, (problem) =>
    problems.add(problem.includes('; expected') ? problem : `${problem}; ${SELF_CONTAINED}`),
  );
  return { problems: [...problems], viewBox };
}

/**
 * The root <svg> element of a file inspectSvg accepted (undefined for any other text). For the
 * checks that read what a drawing paints; they must decode values with decodeXml.
 */
export function parseSvg(text: string): XmlElement | undefined {
  if (inspectSvg(text).problems.length > 0) return undefined;
  return parseElements(text).find((element) => element.name === 'svg');
}

function parseElements(text: string): XmlElement[] {
  return toNodes(parser.parse(text)).filter((node): node is XmlElement => 'name' in node);
}

function walk(element: XmlElement, report: (problem: string) => void): void {
  const localName = (name: string) => (name.split(':').pop() ?? name).toLowerCase();
  if (FORBIDDEN_ELEMENTS.has(localName(element.name))) report(`contains a <${element.name}> element`);

  for (const [name, raw] of Object.entries(element.attributes)) {
    const lowerName = name.toLowerCase();
    if (lowerName === 'xmlns' || lowerName.startsWith('xmlns:')) continue;
    const value = decodeXml(raw);
    const compact = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
    if (lowerName.startsWith('on')) report(`contains an event handler attribute (${name}=)`);
    if (compact.includes('javascript:')) report('contains a javascript: address');
    const addresses = localName(name) === 'values' ? value.split(';') : [value];
    const outside = URL_ATTRIBUTES.has(localName(name)) ? addresses.find(isOutsideAddress) : undefined;
    if (outside !== undefined) report(outsideReference(`the ${name} of <${element.name}>`, outside));
    if (lowerName === 'style') checkCss(value, `the style attribute of <${element.name}>`, report);
  }

  for (const child of element.children) {
    if ('name' in child) walk(child, report);
    else if (localName(element.name) === 'style') checkCss(decodeXml(child.text), '<style>', report);
  }
}

function checkCss(css: string, where: string, report: (problem: string) => void): void {
  // CSS escapes can spell any word (u\72l is url), so none are allowed.
  if (css.includes('\\')) report('uses a CSS escape');
  for (const [, address = ''] of css.matchAll(/@import\s*(?:url\()?\s*['"]?([^'");\s]*)/gi)) {
    report(outsideReference(`an @import in ${where}`, address));
  }
  for (const [, address = ''] of css.matchAll(/url\(\s*['"]?([^'")]*)/gi)) {
    if (isOutsideAddress(address)) report(outsideReference(`a url() in ${where}`, address));
  }
}

/**
 * Names where the reference is, what it loads and how to do without it. It ends in its own
 * "expected", so walk's generic one is not added.
 */
function outsideReference(where: string, address: string): string {
  const shown = address.trim().length > 80 ? `${address.trim().slice(0, 77)}…` : address.trim();
  const fix = /^\s*data:/i.test(address)
    ? 'expected only PNG, JPEG, GIF or WebP images as data: addresses; draw the embedded SVG into this file instead'
    : 'expected a self-contained drawing: embed it instead, by drawing it in this file or by putting the image in as a data: address (PNG, JPEG, GIF or WebP)';
  return `${where} refers to the outside resource ${shown}; ${fix}`;
}

/** Anything but a reference inside the document or an embedded raster image. */
function isOutsideAddress(address: string): boolean {
  const compact = address.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
  if (compact.startsWith('data:')) return !RASTER_DATA.test(compact);
  return /^(https?:|\/\/)/.test(compact) || compact.startsWith('javascript:');
}

function parseViewBox(value: string | undefined): ViewBox | undefined {
  const numbers =
    value
      ?.trim()
      .split(/[\s,]+/)
      .map(Number) ?? [];
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const [x = 0, y = 0, width = 0, height = 0] = numbers;
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

/** An attribute value or text as a browser reads it: character and the five named entities decoded. */
export function decodeXml(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1]?.toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[body] ?? entity;
  });
}

/** fast-xml-parser's ordered output, turned into typed nodes; comments are dropped. */
function toNodes(raw: unknown): XmlNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): XmlNode[] => {
    if (typeof item !== 'object' || item === null) return [];
    const entries = Object.entries(item);
    const attributes: unknown = entries.find(([key]) => key === ':@')?.[1];
    const [name, children] = entries.find(([key]) => key !== ':@') ?? [];
    if (name === undefined || name === '#comment') return [];
    if (name === '#text') return [{ text: String(children) }];
    if (name === '#cdata') return toNodes(children);
    return [{ name, attributes: toAttributes(attributes), children: toNodes(children) }];
  });
}

function toAttributes(raw: unknown): Record<string, string> {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, String(value)]));
}
