import { optimize, type CustomPlugin, type XastChild, type XastElement, type XastParent } from 'svgo';
import { chooseFace, type FontFace } from './font-files.ts';
import { layOutText, type LaidOutChar } from './text-layout.ts';
import {
  absoluteLength,
  computeTextStyle,
  INITIAL_TEXT_STYLE,
  styleDeclarations,
  TEXT_PROPERTIES,
  type TextStyle,
} from './svg-text-style.ts';

export interface OutlinedSvg {
  /** The drawing with its texts converted, or the text as it was when none was. */
  text: string;
  /** How many texts went to outlines, by the family they are drawn in. */
  converted: { family: string; texts: number }[];
  /** Each text left as it was, with why (`the text "WD News" … `). */
  left: string[];
}

/** A text's element and its tspans, each with its style and why it cannot be outlined, if so. */
interface Styled {
  style: TextStyle;
  refusal?: string;
}

/** Attributes that only position or space characters; the outlines hold their result. */
const CHARACTER_ATTRIBUTES = new Set([
  'x',
  'y',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'xml:space',
]);
const KEPT_CHILDREN = new Set(['title', 'desc', 'metadata']);
/** Outlines take a text's place, so rules for these elements would reach or miss the shapes. */
const RESTRUCTURED = /(?:^|[\s,>+~(])(?:text|tspan|textpath|path|g)(?=$|[\s,.#:[>+~)])/i;
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
const FORMAT = { pretty: true, indent: 2, eol: 'lf', finalNewline: true } as const;

/**
 * Replaces each <text> drawn in one of the given fonts with <path> outlines of its glyphs,
 * placed, sized and kerned as a browser draws them (fontkit shapes it with the font's OpenType
 * features), with the text's other attributes on the outlines. A text whose font is not given,
 * or that the outlines could not draw as a browser does, stays and is named with the reason.
 */
export function outlineText(svg: string, faces: readonly FontFace[]): OutlinedSvg {
  const counts = new Map<string, number>();
  const left: string[] = [];
  const plugin: CustomPlugin = {
    name: 'outlineText',
    fn: (root) => {
      const sheet = styleSheetRefusal(root);
      const convert = (text: XastElement, styled: Styled): XastElement[] | undefined => {
        const outcome = outlineOne(text, styled, faces, sheet);
        if (outcome.kind === 'left') left.push(outcome.reason);
        if (outcome.kind !== 'converted') return undefined;
        counts.set(outcome.family, (counts.get(outcome.family) ?? 0) + 1);
        return outcome.elements;
      };
      walk(root, { style: INITIAL_TEXT_STYLE }, convert);
      return null;
    },
  };
  const { data } = optimize(svg, { plugins: [plugin], js2svg: FORMAT });
  return {
    text: counts.size > 0 ? data : svg,
    converted: [...counts].map(([family, texts]) => ({ family, texts })),
    left,
  };
}

type Convert = (text: XastElement, styled: Styled) => XastElement[] | undefined;

function walk(parent: XastParent, inherited: Styled, convert: Convert): void {
  for (let index = 0; index < parent.children.length; index += 1) {
    const child = parent.children[index];
    if (child?.type !== 'element') continue;
    const styled = styleOf(child, inherited);
    if (localName(child.name) !== 'text') {
      walk(child, styled, convert);
      continue;
    }
    const replacement = convert(child, styled);
    if (replacement) {
      parent.children.splice(index, 1, ...replacement);
      index += replacement.length - 1;
    }
  }
}

function styleOf(element: XastElement, inherited: Styled): Styled {
  const own = computeTextStyle(element.attributes, inherited.style);
  return { style: own.style, refusal: own.refusal ?? inherited.refusal };
}

type Outcome =
  | { kind: 'converted'; family: string; elements: XastElement[] }
  | { kind: 'left'; reason: string }
  /** In fonts every device has: nothing to do. */
  | { kind: 'untouched' };

/** One character of a text, as a browser keeps it after collapsing white space. */
interface SourceChar {
  char: string;
  /** The text node it comes from, and the elements from the <text> down to it. */
  node: XastChild;
  chain: XastElement[];
  styled: Styled;
  preserve: boolean;
}

function outlineOne(text: XastElement, styled: Styled, faces: readonly FontFace[], sheet?: string): Outcome {
  const raw: SourceChar[] = [];
  const structure = collectChars(text, styled, [text], text.attributes['xml:space'] === 'preserve', raw);
  const chars = collapseWhiteSpace(raw);
  const label = `the text "${truncate(chars.map((c) => c.char).join(''))}"`;
  const choices = new Map(
    [...new Set(chars.map((c) => c.styled))].map((s) => [s, chooseFace(faces, s.style)] as const),
  );
  const kinds = new Set([...choices.values()].map((choice) => choice.kind));
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has('device'))) return { kind: 'untouched' };
  const leave = (reason: string): Outcome => ({ kind: 'left', reason: `${label} stays as it is: ${reason}` });

  for (const choice of choices.values()) {
    if (choice.kind === 'not given') {
      const given = [...new Set(faces.map((face) => `'${face.family}'`))].join(', ');
      return leave(`its font "${choice.families[0]}" was not given (--font gave ${given || 'none'})`);
    }
    if (choice.kind === 'other face') {
      const asked = [...choices.keys()].find((s) => choices.get(s) === choice)?.style;
      const have = choice.given.map((face) => `${describeFace(face)} (${face.file})`).join(', ');
      return leave(
        `it asks for "${choice.family}" ${asked ? describeFace(asked) : ''}; the files given for it are ${have}; give the file of that weight and style too`,
      );
    }
  }
  if (kinds.has('device')) return leave('part of it is in a font every device has, part in a given font');
  const refusal = sheet ?? structure ?? chars.map((c) => c.styled.refusal).find(Boolean);
  if (refusal) return leave(refusal);
  if (RIGHT_TO_LEFT.test(chars.map((c) => c.char).join(''))) {
    return leave('it is written right to left, which the outlines do not lay out');
  }

  const positioned = positionChars(chars);
  if (typeof positioned === 'string') return leave(positioned);
  const laidOut: LaidOutChar<XastChild>[] = positioned.map((c) => {
    const choice = choices.get(c.styled);
    if (choice?.kind !== 'face') throw new Error('every character has a face by now');
    return { ...c, style: c.styled.style, face: choice.face };
  });
  const missing = laidOut.find((c) => !c.face.font.hasGlyphForCodePoint(c.char.codePointAt(0) ?? 0));
  if (missing)
    return leave(
      `'${missing.face.family}' has no glyph for "${missing.char}", so a browser takes it from another font`,
    );

  const outlines = layOutText(laidOut);
  const elements = rebuild(text, outlines);
  const family = laidOut[0]?.face.family ?? '';
  return { kind: 'converted', family, elements: elements ? [withNonzeroFill(elements)] : [] };
}

/** Appends the characters of an element's text nodes; returns why it cannot be outlined, if so. */
function collectChars(
  element: XastElement,
  styled: Styled,
  chain: XastElement[],
  preserve: boolean,
  into: SourceChar[],
): string | undefined {
  let problem: string | undefined;
  for (const child of element.children) {
    if (child.type === 'text' || child.type === 'cdata') {
      for (const char of child.value) into.push({ char, node: child, chain, styled, preserve });
    } else if (child.type === 'element') {
      const name = localName(child.name);
      if (KEPT_CHILDREN.has(name)) continue;
      if (name !== 'tspan' && name !== 'textPath') {
        problem ??= `it holds a <${child.name}>, which outlines cannot draw`;
        continue;
      }
      if (name === 'textPath')
        problem ??= 'it follows a path (<textPath>), which outlines cannot follow faithfully';
      const space = child.attributes['xml:space'];
      const inner = collectChars(
        child,
        styleOf(child, styled),
        [...chain, child],
        space ? space === 'preserve' : preserve,
        into,
      );
      problem ??= inner;
    }
  }
  return problem;
}

/**
 * White space as a browser renders SVG text (CSS white-space processing, as Chromium does): a
 * run of spaces, tabs and line ends is one space, and none at either end; xml:space="preserve"
 * keeps each as a space.
 */
function collapseWhiteSpace(raw: readonly SourceChar[]): SourceChar[] {
  const kept: SourceChar[] = [];
  for (const c of raw) {
    if (!/[\t\n\r ]/.test(c.char)) kept.push(c);
    else if (c.preserve) kept.push({ ...c, char: ' ' });
    else if (kept.length > 0 && kept.at(-1)?.char !== ' ') kept.push({ ...c, char: ' ' });
  }
  while (kept.at(-1)?.char === ' ' && !kept.at(-1)?.preserve) kept.pop();
  return kept;
}

type PositionedChar = SourceChar & { x?: number; y?: number; dx: number; dy: number };

/**
 * Each character's x, y, dx and dy from the lists of the elements around it: an element's n-th
 * value goes to its n-th character, and an inner element's list wins over an outer one.
 */
function positionChars(chars: readonly SourceChar[]): PositionedChar[] | string {
  const positioned: PositionedChar[] = chars.map((c) => ({ ...c, dx: 0, dy: 0 }));
  const elements = [...new Set(chars.flatMap((c) => c.chain))];
  for (const element of elements) {
    if (['textLength', 'lengthAdjust'].some((name) => name in element.attributes)) {
      return 'it is stretched to a length (textLength), which outlines cannot follow';
    }
    const rotate = lengths(element.attributes.rotate);
    if (typeof rotate === 'string' || rotate.some((angle) => angle !== 0))
      return 'its letters are rotated (rotate="…")';
    const mine = positioned.filter((c) => c.chain.includes(element));
    for (const name of ['x', 'y', 'dx', 'dy'] as const) {
      const values = lengths(element.attributes[name]);
      if (typeof values === 'string') return `its ${name}="${values}" is not in px`;
      values.forEach((value, i) => {
        const c = mine[i];
        if (c) c[name] = value;
      });
    }
  }
  return positioned;
}

/** A list of lengths, or the list itself when one is relative (%, em). */
function lengths(value: string | undefined): number[] | string {
  if (value === undefined || value.trim() === '') return [];
  const values = value
    .trim()
    .split(/[\s,]+/)
    .map(absoluteLength);
  return values.every((v): v is number => v !== undefined) ? values : value;
}

/**
 * The outlines in the text's place, shaped like it: an element with only characters becomes a
 * <path>, one with tspans a <g> holding a <path> per run of its own characters and one per
 * tspan, so each keeps its attributes (fill, class, …) and what it inherits.
 */
function rebuild(element: XastElement, outlines: ReadonlyMap<XastChild, string>): XastElement | undefined {
  const kept: XastElement[] = [];
  const drawn: XastElement[] = [];
  let run = '';
  const endRun = () => {
    if (run !== '') drawn.push(element_(element, 'path', { d: run.trim() }));
    run = '';
  };
  for (const child of element.children) {
    if (child.type === 'text' || child.type === 'cdata') run += ` ${outlines.get(child) ?? ''}`;
    else if (child.type === 'element' && KEPT_CHILDREN.has(localName(child.name))) kept.push(child);
    else if (child.type === 'element') {
      endRun();
      const inner = rebuild(child, outlines);
      if (inner) drawn.push(inner);
    }
  }
  endRun();
  if (drawn.length === 0) return undefined;
  const attributes = outlineAttributes(element.attributes);
  const [only] = drawn;
  if (drawn.length === 1 && only && Object.keys(only.attributes).length === 1 && 'd' in only.attributes) {
    return { ...only, attributes: { ...attributes, d: only.attributes.d ?? '' }, children: kept };
  }
  return element_(element, 'g', attributes, [...kept, ...drawn]);
}

/** A new element in the namespace prefix of `like` (`svg:text` gives `svg:path`). */
function element_(
  like: XastElement,
  name: string,
  attributes: Record<string, string>,
  children: XastChild[] = [],
): XastElement {
  const colon = like.name.indexOf(':');
  return { type: 'element', name: `${like.name.slice(0, colon + 1)}${name}`, attributes, children };
}

/** The attributes of a text or tspan that still mean something on its outlines. */
function outlineAttributes(attributes: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (CHARACTER_ATTRIBUTES.has(name) || TEXT_PROPERTIES.has(name) || name === 'fill-rule') continue;
    if (name !== 'style') {
      kept[name] = value;
      continue;
    }
    const declarations = styleDeclarations(value).filter(
      ([property]) => !TEXT_PROPERTIES.has(property) && property !== 'fill-rule',
    );
    if (declarations.length > 0)
      kept.style = declarations.map(([property, v]) => `${property}:${v}`).join(';');
  }
  return kept;
}

/**
 * A browser fills glyphs by the nonzero rule whatever fill-rule says, and fonts overlap their
 * contours on that basis (a static instance of a variable font often does), so the outlines say so.
 */
function withNonzeroFill(element: XastElement): XastElement {
  return { ...element, attributes: { ...element.attributes, 'fill-rule': 'nonzero' } };
}

/** Why a drawing's style sheet keeps its texts as they are, if it does. */
function styleSheetRefusal(root: XastParent): string | undefined {
  const sheets: string[] = [];
  const gather = (parent: XastParent) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (localName(child.name) === 'style') {
        sheets.push(
          child.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? c.value : '')).join(''),
        );
      } else gather(child);
    }
  };
  gather(root);
  const css = sheets.join('\n').replace(/\/\*[^]*?\*\//g, '');
  const property = [...css.matchAll(/([\w-]+)\s*:/g)]
    .map(([, name = '']) => name.toLowerCase())
    .find((name) => TEXT_PROPERTIES.has(name));
  if (property) {
    return `the drawing's <style> sets ${property}, and outlines follow only attributes and style="" (Illustrator: export with Styling "Presentation Attributes")`;
  }
  const selectors = css.replace(/\{[^{}]*\}/g, ',');
  if (RESTRUCTURED.test(selectors)) {
    return "the drawing's <style> has rules for text, tspan, path or g elements, which would reach the outlines differently";
  }
  return undefined;
}

function describeFace(face: { weight: number; italic: boolean }): string {
  return `at weight ${face.weight}${face.italic ? ' italic' : ''}`;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
