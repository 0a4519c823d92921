import { describe, expect, test } from 'vitest';
import { parseSvg, type XmlElement } from '../../../scripts/lib/svg-check.ts';
import {
  computeStyle,
  INITIAL_STYLE,
  readDeclarations,
  readStyleRules,
} from '../../../scripts/lib/svg-style.ts';

/** The style of the first <rect>, under its parent <g> when there is one. */
function rectStyle(inner: string) {
  const root = parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);
  if (!root) throw new Error(`not an accepted SVG: ${inner}`);
  const { rules } = readStyleRules(root);
  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  const find = (element: XmlElement, parent = INITIAL_STYLE): ReturnType<typeof computeStyle> | undefined => {
    const style = computeStyle(element, parent, rules, report);
    if (element.name === 'rect') return style;
    for (const child of element.children) {
      const found = 'name' in child ? find(child, style) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  return { style: find(root), problems };
}

describe('computeStyle follows the cascade', () => {
  test.each([
    ['a presentation attribute', '<rect fill="#111"/>', '#111'],
    [
      'a type rule over a presentation attribute',
      '<style>rect { fill: #222 }</style><rect fill="#111"/>',
      '#222',
    ],
    [
      'a class rule over a type rule',
      '<style>.a { fill: #333 } rect { fill: #222 }</style><rect class="a"/>',
      '#333',
    ],
    [
      'type.class over .class',
      '<style>rect.a { fill: #444 } .a { fill: #333 }</style><rect class="a"/>',
      '#444',
    ],
    [
      'an id rule over class rules',
      '<style>#r { fill: #555 } rect.a.b { fill: #444 }</style><rect id="r" class="a b"/>',
      '#555',
    ],
    [
      'the later of two equal rules',
      '<style>.a { fill: #111 } .b { fill: #222 }</style><rect class="b a"/>',
      '#222',
    ],
    ['the later of two declarations', '<style>rect { fill: #111; fill: #222 }</style><rect/>', '#222'],
    ['a comma list', '<style>circle, rect { fill: #666 }</style><rect/>', '#666'],
    ['the universal selector', '<style>* { fill: #777 }</style><rect/>', '#777'],
    [
      'the style attribute over any rule',
      '<style>#r { fill: #555 }</style><rect id="r" style="fill: #888"/>',
      '#888',
    ],
    [
      '!important over the style attribute',
      '<style>rect { fill: #999 !important }</style><rect style="fill: #888"/>',
      '#999',
    ],
    [
      'a rule in a comment-free sheet only',
      '<style>/* rect { fill: #000 } */</style><rect fill="#111"/>',
      '#111',
    ],
    [
      'a rule for another class not at all',
      '<style>.b { fill: #222 }</style><rect class="ab" fill="#111"/>',
      '#111',
    ],
    ['a fill inherited from the parent', '<g fill="#abc"><rect/></g>', '#abc'],
    ['inherit', '<g fill="#abc"><rect fill="inherit"/></g>', '#abc'],
    ['initial', '<g fill="#abc"><rect style="fill: initial"/></g>', 'black'],
    ['the initial black', '<rect/>', 'black'],
    ['a value written with entities', '<rect fill="&#x23;123"/>', '#123'],
  ])('%s', (_case, inner, fill) => {
    expect(rectStyle(inner).style?.fill).toBe(fill);
  });

  test('reads color: currentColor as the inherited color', () => {
    expect(rectStyle('<g color="#123"><rect color="currentColor"/></g>').style?.color).toBe('#123');
  });

  test('does not inherit opacity, but keeps inherited fill-opacity', () => {
    const { style } = rectStyle('<g opacity=".5" fill-opacity=".4"><rect/></g>');
    expect(style).toMatchObject({ opacity: '1', 'fill-opacity': '.4' });
  });

  test.each([
    ['24', '<rect font-size="24"/>', '24'],
    ['px', '<rect style="font-size: 20px"/>', '20'],
    ['em of the parent', '<g font-size="20"><rect font-size="1.5em"/></g>', '30'],
    ['% of the parent', '<g font-size="20"><rect font-size="50%"/></g>', '10'],
    ['the default', '<rect/>', '16'],
  ])('resolves the font size: %s', (_case, inner, size) => {
    expect(rectStyle(inner).style?.['font-size']).toBe(size);
  });
});

describe('readStyleRules', () => {
  test('reads rules from every <style>, in order', () => {
    const root = parseSvg(
      '<svg viewBox="0 0 1 1"><style>rect { fill: red }</style><defs><style><![CDATA[.a, #b { stroke: blue }]]></style></defs></svg>',
    );
    const { rules, problems } = readStyleRules(root ?? { name: 'svg', attributes: {}, children: [] });
    expect(problems).toEqual([]);
    expect(rules.map(({ selector, order }) => [selector, order])).toEqual([
      [{ type: 'rect', ids: [], classes: [] }, 0],
      [{ type: undefined, ids: [], classes: ['a'] }, 1],
      [{ type: undefined, ids: ['b'], classes: [] }, 2],
    ]);
  });

  test.each([
    ['g rect', 'g rect {fill:red}'],
    ['g > rect', 'g > rect {fill:red}'],
    ['rect + rect', 'rect + rect {fill:red}'],
    ['rect:hover', 'rect:hover {fill:red}'],
    ['rect::before', 'rect::before {fill:red}'],
    ['[class=a]', '[class=a] {fill:red}'],
    ['@media (min-width: 10px)', '@media (min-width: 10px) { rect { fill: red } }'],
    ['@supports (fill: red)', '@supports (fill: red) { rect { fill: red } }'],
  ])('names %j, which it cannot follow', (name, css) => {
    const root = parseSvg(`<svg viewBox="0 0 1 1"><style>${css}</style></svg>`);
    const { problems } = readStyleRules(root ?? { name: 'svg', attributes: {}, children: [] });
    expect(problems).toEqual([expect.stringContaining(`"${name}", which the contrast check cannot follow`)]);
  });

  test('keeps the rules it can follow next to one it cannot', () => {
    const root = parseSvg(
      '<svg viewBox="0 0 1 1"><style>rect, g rect { fill: red } circle { fill: blue }</style></svg>',
    );
    const { rules, problems } = readStyleRules(root ?? { name: 'svg', attributes: {}, children: [] });
    expect(rules.map(({ selector }) => selector.type)).toEqual(['rect', 'circle']);
    expect(problems).toHaveLength(1);
  });
});

describe('readDeclarations', () => {
  test('splits at semicolons outside parentheses and notes !important', () => {
    expect(readDeclarations('FILL: url(#a;b) red ; stroke:#fff!important;; opacity:')).toEqual([
      { name: 'fill', value: 'url(#a;b) red', important: false },
      { name: 'stroke', value: '#fff', important: true },
    ]);
  });
});
