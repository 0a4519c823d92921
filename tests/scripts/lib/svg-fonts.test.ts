import { describe, expect, test } from 'vitest';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { unavailableFontProblems } from '../../../scripts/lib/svg-fonts.ts';

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48">${inner}</svg>`;

function fontProblems(text: string): string[] {
  const { problems, root } = inspectSvg(text);
  if (problems.length > 0 || !root)
    throw new Error(`not a drawing inspectSvg accepts: ${problems.join('; ')}`);
  return unavailableFontProblems(root);
}

describe('text in a font the visitor does not have is refused', () => {
  test.each([
    ['a font-family attribute', `<text font-family="'Source Sans 3'">WD News</text>`],
    ['a web font before a generic fallback', `<text font-family="Source Sans 3, sans-serif">WD News</text>`],
    ['a family inherited from a group', `<g font-family="Source Sans 3"><text>WD News</text></g>`],
    ['a style attribute', `<text style="font-family: &quot;Source Sans 3&quot;">WD News</text>`],
    ['a style sheet', `<style>.w { font-family: 'Source Sans 3', Arial }</style><text class="w">WD</text>`],
    [
      'the font shorthand',
      `<style>text { font: 700 24px/1.2 "Source Sans 3", sans-serif }</style><text>W</text>`,
    ],
    ['a tspan', `<text><tspan font-family="Source Sans 3">WD</tspan></text>`],
  ])('in %s', (_case, inner) => {
    expect(fontProblems(svg(inner))).toEqual([
      'its text asks for the font "Source Sans 3", which a visitor\'s device does not have (a drawing cannot bring its fonts), ' +
        'so it shows in a fallback font; expected the text converted to paths (Inkscape: Path → Object to Path; ' +
        'Illustrator: Type → Create Outlines; Figma: Object → Flatten; or run `npm run brands:tidy -- <brand> --font <font file>` ' +
        "to convert it with the brand's font file), or a system font such as system-ui, sans-serif",
    ]);
  });

  test('each unavailable family is named once', () => {
    const problems = fontProblems(
      svg(
        `<text font-family="Lato, Lato">A</text><text style="font-family:Lato">B</text><text font-family="Inter">C</text>`,
      ),
    );
    expect(problems.map((problem) => /"([^"]+)"/.exec(problem)?.[1])).toEqual(['Lato', 'Inter']);
  });
});

describe('what every device draws as designed passes', () => {
  test.each([
    [
      'the system font stack of the brands',
      svg(`<text font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">A</text>`),
    ],
    ['a generic family', svg(`<text font-family="monospace">A</text>`)],
    ['no family at all', svg(`<text>A</text>`)],
    ['the shorthand with a system font keyword', svg(`<text style="font: caption">A</text>`)],
    [
      'a web font named in a drawing without text',
      svg(`<g font-family="Source Sans 3"><rect width="4" height="4"/></g>`),
    ],
    ['text converted to paths', svg(`<path d="M0 0h4v4z"/>`)],
  ])('%s', (_case, text) => {
    expect(fontProblems(text)).toEqual([]);
  });
});
