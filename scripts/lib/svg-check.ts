import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describeEditorData, EDITOR_NAMESPACES, type EditorData } from './editor-data.ts';
import { checkCss, outsideReference } from './svg-css.ts';
import {
  INTERNAL_REFERENCE,
  isCssAttribute,
  isSvgAttribute,
  LISTED,
  METADATA_NAMESPACES,
  RASTER_DATA,
  SVG_ELEMENTS,
  SVG_NAMESPACE,
  XLINK_NAMESPACE,
  XML_ATTRIBUTES,
  XML_NAMESPACE,
} from './svg-allow-list.ts';

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SvgInspection {
  problems: string[];
  /**
   * Whether it may be drawn and measured: it has a viewBox, and no problems or only editor data
   * (one problem, editor-data.ts), which cannot change the picture and whose content was checked
   * like the rest.
   */
  drawable: boolean;
  /** The root element's viewBox, when it has one with a positive size. */
  viewBox?: ViewBox;
  /** The parsed root <svg> element, when the file is one; values are as written (see decodeXml). */
  root?: XmlElement;
}

/** An element of a parsed SVG; attribute values are as written (entities not yet decoded). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
/** Text as written; a CDATA section's text is not entity-decoded by a browser, so it is marked. */
export type XmlNode = XmlElement | { text: string; cdata?: true };

const SELF_CONTAINED = 'expected a self-contained drawing';
/** How a brand manager removes what drawing programs leave in an export (docs/brands.md). */
export function tidyAdvice(brand = '<brand>'): string {
  return `\`npm run brands:tidy -- ${brand}\` removes editor data, or export again as Inkscape's "Plain SVG" (File → Save a Copy…)`;
}

/** Namespace prefix ('' for the default) to namespace; '' is no namespace. */
type Scope = ReadonlyMap<string, string>;
/**
 * Takes a problem; `brand` names the folder in the advice, when the caller knows it. Editor data
 * is tallied apart, by element name or attribute prefix, for one line per file; `insideEditorData`
 * counts the editor elements being walked, whose content tidy removes with them.
 */
type Report = ((problem: string) => void) & {
  brand?: string;
  editorData: Map<string, EditorData>;
  insideEditorData: number;
};

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
 * own on the brand's origin, so only elements, attributes and CSS on the allow-lists in
 * svg-allow-list.ts pass, not only well-formed XML. The checks run on the parsed, entity-decoded
 * document, since `&#106;avascript:` is `javascript:` to a browser.
 */
export function inspectSvg(text: string, { brand }: { brand?: string } = {}): SvgInspection {
  const refused = (problem: string): SvgInspection => ({ problems: [problem], drawable: false });
  if (text.trim() === '') return refused('is empty; expected an SVG image');

  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    return refused(`is not well-formed XML (line ${line}, column ${col}: ${msg}); expected an SVG image`);
  }
  // Editors such as Illustrator write a public DOCTYPE; only an internal subset declares entities.
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(text)) {
    return refused(`declares entities in its DOCTYPE; ${SELF_CONTAINED} without entities`);
  }

  const elements = parseElements(text);
  const instruction = elements.find((element) => element.name.startsWith('?') && element.name !== '?xml');
  if (instruction) {
    return refused(`contains the processing instruction <${instruction.name}>; ${SELF_CONTAINED}`);
  }
  const [root, ...others] = elements.filter((element) => element.name !== '?xml');
  if (root?.name !== 'svg' || others.length > 0) {
    return refused('does not consist of one <svg> element; expected an SVG image');
  }

  const problems = new Set<string>();
  // XML knows five named entities; a browser and librsvg refuse a file with another, such as
  // HTML's &nbsp;, which fast-xml-parser lets through.
  const unknownEntity = /&(?!(?:lt|gt|amp|quot|apos);)([A-Za-z][\w.-]*);/.exec(
    text.replace(/<!--[^]*?-->|<!\[CDATA\[[^]*?\]\]>/g, ''),
  );
  if (unknownEntity) {
    problems.add(
      `uses the entity ${unknownEntity[0]}, which XML does not know (HTML does), so browsers refuse the file; expected the character itself or its number (&#160; for &nbsp;)`,
    );
  }
  const viewBox = parseViewBox(root.attributes.viewBox);
  if (!viewBox) {
    problems.add(
      'has no usable viewBox on its <svg> element; expected e.g. viewBox="0 0 200 48" so it can scale',
    );
  }
  const beforeWalk = problems.size;
  const report: Report = Object.assign((problem: string) => problems.add(problem), {
    brand,
    editorData: new Map<string, EditorData>(),
    insideEditorData: 0,
  });
  walk(root, new Map([['xml', XML_NAMESPACE]]), report);
  const found = [...problems];
  if (report.editorData.size > 0) found.splice(beforeWalk, 0, editorDataProblem(report));
  return { problems: found, drawable: viewBox !== undefined && problems.size === 0, viewBox, root };
}

/** All editor data in one line, since one command removes it all (a file can hold hundreds). */
function editorDataProblem({ editorData, brand = '<brand>' }: Report): string {
  const all = [...editorData.values()];
  const found = [...all.filter((data) => data.element), ...all.filter((data) => !data.element)];
  return (
    `holds ${describeEditorData(found).join(' and ')}; expected only SVG: ` +
    `\`npm run brands:tidy -- ${brand}\` removes it without changing the picture`
  );
}

function tallyEditorData(report: Report, namespace: string, name: string, element: boolean): void {
  if (report.insideEditorData > 0) return;
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
  const key = element ? `<${name}>` : `${prefix}:`;
  const tally = report.editorData.get(key) ?? {
    namespace,
    prefix,
    count: 0,
    ...(element ? { element: name } : {}),
  };
  report.editorData.set(key, { ...tally, count: tally.count + 1 });
}

function parseElements(text: string): XmlElement[] {
  return toNodes(parser.parse(text)).filter((node): node is XmlElement => 'name' in node);
}

/**
 * Elements without a namespace are held to the SVG lists too: a browser draws nothing for them,
 * but librsvg (the favicons) draws them as SVG. A refused element's content is not looked at.
 */
function walk(element: XmlElement, outer: Scope, report: Report): void {
  const scope = declareNamespaces(element, outer);
  const resolved = resolveName(element.name, scope, report);
  if (!resolved) return;
  const { namespace, localName } = resolved;
  if (EDITOR_NAMESPACES.has(namespace)) {
    tallyEditorData(report, namespace, element.name, true);
    // What it holds goes with it, and is checked like the rest: a <use> can draw it.
    report.insideEditorData += 1;
    for (const child of element.children) if ('name' in child) walk(child, scope, report);
    report.insideEditorData -= 1;
    return;
  }
  if (namespace !== SVG_NAMESPACE && namespace !== '') {
    report(
      `contains a <${element.name}> element of another namespace (${namespace}); expected only SVG elements, ${LISTED}`,
    );
    return;
  }
  if (!SVG_ELEMENTS.has(localName)) {
    report(`contains a <${element.name}> element; ${SELF_CONTAINED} made of the elements ${LISTED}`);
    return;
  }
  for (const [name, raw] of Object.entries(element.attributes)) {
    checkAttribute(element, name, decodeXml(raw), scope, report);
  }
  if (localName === 'style') {
    // A browser reads the style sheet from all text children joined, so CSS split by an XML
    // comment, a CDATA section or an element is checked as one text.
    const css = element.children
      .map((child) => ('text' in child ? (child.cdata ? child.text : decodeXml(child.text)) : ''))
      .join('');
    checkCss(css, `<${element.name}>`, report);
  }
  for (const child of element.children) {
    if (!('name' in child)) continue;
    if (localName === 'metadata') walkMetadata(child, scope, report);
    else walk(child, scope, report);
  }
}

function checkAttribute(
  element: XmlElement,
  name: string,
  value: string,
  scope: Scope,
  report: Report,
): void {
  if (name === 'xmlns' || name.startsWith('xmlns:')) return;
  const resolved = resolveName(name, scope, report, { attribute: true });
  if (!resolved) return;
  const { namespace, localName } = resolved;
  const where = `the ${name} attribute of <${element.name}>`;
  if (localName === 'href' && (namespace === '' || namespace === XLINK_NAMESPACE)) {
    checkHref(value, `the ${name} of <${element.name}>`, report);
  } else if (namespace === XML_NAMESPACE && XML_ATTRIBUTES.has(localName)) {
    return;
  } else if (namespace === '' && isSvgAttribute(localName)) {
    if (isCssAttribute(localName)) checkCss(value, where, report);
  } else if (namespace === '' && localName.toLowerCase().startsWith('on')) {
    report(`${where} is an event handler; ${SELF_CONTAINED} without scripts`);
  } else if (EDITOR_NAMESPACES.has(namespace)) {
    tallyEditorData(report, namespace, name, false);
  } else if (![SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE, ''].includes(namespace)) {
    report(
      `${where} belongs to another program (${namespace}); expected only SVG attributes: ${tidyAdvice(report.brand)}`,
    );
  } else {
    report(`${where} is not allowed; expected only the attributes ${LISTED}`);
  }
}

/** Inside <metadata> only RDF, which a browser stores and never reads; nothing else may hide there. */
function walkMetadata(element: XmlElement, outer: Scope, report: Report): void {
  const scope = declareNamespaces(element, outer);
  const namespace = resolveName(element.name, scope, report)?.namespace;
  if (namespace === undefined) return;
  if (!METADATA_NAMESPACES.has(namespace)) {
    report(
      `contains a <${element.name}> element inside <metadata>; expected only RDF there (title and licence as drawing programs write them)`,
    );
    return;
  }
  for (const name of Object.keys(element.attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const attribute = resolveName(name, scope, report, { attribute: true });
    if (!attribute) continue;
    const { namespace: home, localName } = attribute;
    if (METADATA_NAMESPACES.has(home) || (home === XML_NAMESPACE && localName === 'lang')) continue;
    report(
      `the ${name} attribute of <${element.name}> inside <metadata> is not allowed; expected only RDF there`,
    );
  }
  for (const child of element.children) if ('name' in child) walkMetadata(child, scope, report);
}

function declareNamespaces(element: XmlElement, outer: Scope): Scope {
  const declarations = Object.entries(element.attributes).filter(
    ([name]) => name === 'xmlns' || name.startsWith('xmlns:'),
  );
  if (declarations.length === 0) return outer;
  const scope = new Map(outer);
  for (const [name, value] of declarations) scope.set(name.slice('xmlns:'.length), decodeXml(value));
  return scope;
}

/**
 * The namespace and local name of an element or attribute. An attribute without a prefix has no
 * namespace, whatever the default. A browser refuses a file with an undeclared prefix; here it
 * leaves nothing to check the name against.
 */
function resolveName(
  name: string,
  scope: Scope,
  report: Report,
  { attribute = false } = {},
): { namespace: string; localName: string } | undefined {
  const colon = name.indexOf(':');
  if (colon < 0) return { namespace: attribute ? '' : (scope.get('') ?? ''), localName: name };
  const prefix = name.slice(0, colon);
  const namespace = scope.get(prefix);
  if (namespace === undefined) {
    report(
      `uses the prefix ${prefix}: in ${name} without declaring it; expected xmlns:${prefix}="…" or no prefix`,
    );
    return undefined;
  }
  return { namespace, localName: name.slice(colon + 1) };
}

function checkHref(value: string, where: string, report: Report): void {
  // The URL parser drops this whitespace at either end and nothing else.
  const address = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (INTERNAL_REFERENCE.test(address) || RASTER_DATA.test(address)) return;
  if (
    address
      .replace(/[\s\p{Cc}]/gu, '')
      .toLowerCase()
      .startsWith('javascript:')
  ) {
    report(`${where} is a javascript: address; ${SELF_CONTAINED} without scripts`);
  } else {
    report(outsideReference(where, address));
  }
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

/**
 * The text with the root element's start tag replaced: the first <svg> tag after what may come
 * before it (the XML declaration, comments, a DOCTYPE), so an "<svg" in a leading comment is not
 * taken for it.
 */
export function replaceRootTag(text: string, replace: (tag: string) => string): string {
  return text.replace(ROOT_TAG, (_match, prolog: string, tag: string) => prolog + replace(tag));
}
const ROOT_TAG =
  /^((?:\s+|<\?[^]*?\?>|<!--[^]*?-->|<!DOCTYPE[^>[]*(?:\[[^]*?\])?\s*>)*)(<(?:[\w.-]+:)?svg\b[^>]*>)/;

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
    if (name === '#cdata') {
      return toNodes(children).map((node) => ('text' in node ? { text: node.text, cdata: true } : node));
    }
    return [{ name, attributes: toAttributes(attributes), children: toNodes(children) }];
  });
}

function toAttributes(raw: unknown): Record<string, string> {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, String(value)]));
}
