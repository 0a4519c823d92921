import { decodeXml, type XmlElement } from './svg-check.ts';
import { readLength } from './svg-geometry.ts';

/** The properties the contrast check reads, with their initial values. */
const INITIAL = {
  fill: 'black',
  stroke: 'none',
  'fill-opacity': '1',
  'stroke-opacity': '1',
  'stroke-width': '1',
  'stroke-dasharray': 'none',
  color: 'black',
  visibility: 'visible',
  'font-size': '16',
  'text-anchor': 'start',
  opacity: '1',
  display: 'inline',
  'stop-color': 'black',
  'stop-opacity': '1',
  transform: 'none',
};
export type Property = keyof typeof INITIAL;
/** Computed values as text, except font-size, which is resolved to user units. */
export type Style = Record<Property, string>;
export const INITIAL_STYLE: Style = INITIAL;
const NOT_INHERITED = new Set<string>(['opacity', 'display', 'stop-color', 'stop-opacity', 'transform']);

export interface StyleRule {
  selector: Selector;
  specificity: number;
  order: number;
  declarations: Declaration[];
}
interface Selector {
  type?: string;
  ids: string[];
  classes: string[];
}
interface Declaration {
  name: string;
  value: string;
  important: boolean;
}

const FOLLOWED =
  'expected only type, .class and #id selectors (like "rect.mark, #square") so every color can be measured';
const COMPOUND_SELECTOR = /^(\*|[a-zA-Z][\w-]*)?((?:[.#][\w-]+)*)$/;

/** The rules of every <style> element; what the check cannot follow is a problem, not skipped. */
export function readStyleRules(root: XmlElement): { rules: StyleRule[]; problems: string[] } {
  const rules: StyleRule[] = [];
  const problems: string[] = [];
  const visit = (element: XmlElement) => {
    if (element.name !== 'style') {
      for (const child of element.children) if ('name' in child) visit(child);
      return;
    }
    if (element.attributes.media) {
      problems.push(
        `has <style media="${decodeXml(element.attributes.media)}">, which the contrast check cannot follow; ${FOLLOWED}`,
      );
    }
    const css = element.children.map((child) => ('text' in child ? decodeXml(child.text) : '')).join('');
    readRules(css, rules, problems);
  };
  visit(root);
  return { rules, problems };
}

function readRules(css: string, rules: StyleRule[], problems: string[]): void {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let start = 0;
  while (start < text.length) {
    const open = text.indexOf('{', start);
    if (open < 0) break;
    let end = open + 1;
    for (let depth = 1; end < text.length && depth > 0; end += 1) {
      if (text[end] === '{') depth += 1;
      if (text[end] === '}') depth -= 1;
    }
    const statements = text.slice(start, open).split(';');
    const prelude = (statements.pop() ?? '').trim();
    start = end;
    for (const statement of statements.map((s) => s.trim())) {
      if (statement !== '' && !/^@charset\b/i.test(statement)) problems.push(unfollowedRule(statement));
    }
    if (prelude.startsWith('@')) {
      problems.push(unfollowedRule(prelude));
      continue;
    }
    const declarations = readDeclarations(text.slice(open + 1, end - 1));
    for (const selectorText of prelude.split(',').map((s) => s.trim())) {
      const selector = readSelector(selectorText);
      if (!selector) {
        problems.push(
          `has the <style> selector "${selectorText}", which the contrast check cannot follow; ${FOLLOWED}`,
        );
        continue;
      }
      const specificity =
        selector.ids.length * 10000 + selector.classes.length * 100 + (selector.type ? 1 : 0);
      rules.push({ selector, specificity, order: rules.length, declarations });
    }
  }
}

function unfollowedRule(prelude: string): string {
  return `has the <style> rule "${prelude.replace(/\s+/g, ' ')}", which the contrast check cannot follow; ${FOLLOWED}`;
}

function readSelector(text: string): Selector | undefined {
  const match = COMPOUND_SELECTOR.exec(text);
  if (!match || text === '') return undefined;
  const parts = match[2]?.match(/[.#][\w-]+/g) ?? [];
  return {
    type: match[1] === '*' ? undefined : match[1],
    ids: parts.filter((part) => part.startsWith('#')).map((part) => part.slice(1)),
    classes: parts.filter((part) => part.startsWith('.')).map((part) => part.slice(1)),
  };
}

/** `a: b; c: d !important`; a `;` inside url(…) or rgb(…) does not end a declaration. */
export function readDeclarations(text: string): Declaration[] {
  return text.split(/;(?![^(]*\))/).flatMap((part) => {
    const colon = part.indexOf(':');
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    const important = /!\s*important$/i.test(value);
    const bare = important ? value.replace(/!\s*important$/i, '').trim() : value;
    return colon > 0 && name !== '' && bare !== '' ? [{ name, value: bare, important }] : [];
  });
}

/**
 * The element's style as CSS computes it for these properties: presentation attributes, then
 * <style> rules by specificity and order, then the style attribute, then !important the same way.
 */
export function computeStyle(
  element: XmlElement,
  parent: Style,
  rules: StyleRule[],
  report: (problem: string) => void,
): Style {
  const declared = new Map(cascade(element, rules).map(({ name, value }) => [name, value]));
  const style: Style = { ...INITIAL };
  for (const name of Object.keys(INITIAL)) {
    if (!isProperty(name)) continue;
    const value = declared.get(name);
    const keyword = value?.toLowerCase();
    const inherits = !NOT_INHERITED.has(name);
    // `color: currentColor` is the inherited color.
    const inherit = keyword === 'inherit' || (name === 'color' && keyword === 'currentcolor');
    if (inherit || ((value === undefined || keyword === 'unset') && inherits)) {
      style[name] = parent[name];
    } else if (value !== undefined && keyword !== 'initial' && keyword !== 'unset') {
      style[name] = value;
    }
  }
  if (style['font-size'] !== parent['font-size']) {
    const size = readLength(style['font-size'], {
      percentOf: Number(parent['font-size']),
      em: Number(parent['font-size']),
    });
    if (size === undefined) {
      report(
        `sets the font size "${style['font-size']}" on <${element.name}>, which the contrast check cannot read; expected a size like font-size="24"`,
      );
    }
    style['font-size'] = String(size ?? parent['font-size']);
  }
  return style;
}

function isProperty(name: string): name is Property {
  return Object.hasOwn(INITIAL, name);
}

function cascade(element: XmlElement, rules: StyleRule[]): Declaration[] {
  const ranked: Array<Declaration & { rank: number[] }> = [];
  for (const [name, value] of Object.entries(element.attributes)) {
    if (isProperty(name)) ranked.push({ name, value: decodeXml(value).trim(), important: false, rank: [0] });
  }
  for (const rule of rules.filter(({ selector }) => matches(selector, element))) {
    for (const declaration of rule.declarations) {
      ranked.push({ ...declaration, rank: [declaration.important ? 3 : 1, rule.specificity, rule.order] });
    }
  }
  for (const declaration of readDeclarations(decodeXml(element.attributes.style ?? ''))) {
    ranked.push({ ...declaration, rank: [declaration.important ? 4 : 2] });
  }
  // A stable sort keeps the written order among declarations of equal rank, so the last one wins.
  return ranked.sort((a, b) => compareRanks(a.rank, b.rank));
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function matches(selector: Selector, element: XmlElement): boolean {
  const classes = decodeXml(element.attributes.class ?? '').split(/\s+/);
  const id = decodeXml(element.attributes.id ?? '');
  return (
    (selector.type === undefined || selector.type === element.name) &&
    selector.ids.every((wanted) => wanted === id) &&
    selector.classes.every((wanted) => classes.includes(wanted))
  );
}
