import { describe, expect, test } from 'vitest';
import { markContrastProblems, pageContrasts } from '../../../scripts/lib/mark-contrast.ts';
import { parseSvg } from '../../../scripts/lib/svg-check.ts';
import { paintedLayers } from '../../../scripts/lib/svg-paint.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';

const DARK = '#111827';
const LIGHT = '#f4f5f7';
const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48">${inner}</svg>`;
const square = (fill: string, extra = '') => `<rect width="48" height="48" rx="11" fill="${fill}"${extra}/>`;
const glyph = '<path d="M15 10h13l9 9v19a2 2 0 0 1-2 2H15a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2z" fill="#ffffff"/>';
const wordmark = (fill: string) => `<text x="58" y="32" font-size="24" fill="${fill}">A-Dok</text>`;

function measure(inner: string, background: string) {
  const root = parseSvg(svg(inner));
  if (!root) throw new Error(`not an SVG inspectSvg accepts: ${inner}`);
  const { layers, problems } = paintedLayers(root);
  return { contrasts: pageContrasts(layers, background), problems };
}
/** What meets the page, as [element, color] pairs. */
const meetingPage = (inner: string, background = LIGHT) =>
  measure(inner, background).contrasts.map(({ element, color }) => [element, color]);

describe('pageContrasts measures against the page', () => {
  test('dark text on the dark page, at 1.21:1', () => {
    const [text] = measure(wordmark('#1f2937'), DARK).contrasts;
    expect(text).toMatchObject({ element: '<text> "A-Dok"', color: '#1f2937' });
    expect(text?.ratio).toBeCloseTo(1.2085, 4);
  });

  test('a colored square at its contrast with the page', () => {
    const [rect] = measure(square('#0b5cad') + glyph, DARK).contrasts;
    expect(rect?.ratio).toBeCloseTo(contrastRatio('#0b5cad', DARK), 6);
  });

  test('a see-through color mixed with the page behind it', () => {
    const [rect] = measure(
      '<rect width="10" height="10" fill="#000000" fill-opacity=".5"/>',
      '#ffffff',
    ).contrasts;
    expect(rect).toMatchObject({ color: '#000000 at 50% opacity' });
    expect(rect?.ratio).toBeCloseTo(contrastRatio('#808080', '#ffffff'), 6);
  });

  test.each([
    ['the square, but not the white glyph inside it', square('#0b5cad') + glyph, [['<rect>', '#0b5cad']]],
    [
      'the wordmark beside the square',
      square('#0b5cad') + glyph + wordmark('#1f2937'),
      [
        ['<rect>', '#0b5cad'],
        ['<text> "A-Dok"', '#1f2937'],
      ],
    ],
    ['the default fill, black', '<rect width="10" height="10"/>', [['<rect>', '#000000']]],
    [
      'a fill inherited from <g>',
      '<g fill="#1f2937"><rect width="10" height="10"/></g>',
      [['<rect>', '#1f2937']],
    ],
    [
      'a fill from a <style> class rule',
      '<style>.ink { fill: #1f2937 }</style><text class="ink" x="58" y="32">A-Dok</text>',
      [['<text class="ink"> "A-Dok"', '#1f2937']],
    ],
    [
      'currentColor, from an inherited color',
      '<g color="#1f2937"><rect width="10" height="10" fill="currentColor"/></g>',
      [['<rect>', '#1f2937']],
    ],
    [
      'every stop of a gradient',
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#1f2937"/><stop offset="1" style="stop-color: #fff; stop-opacity: .5"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/>',
      [
        ['<rect>', '#1f2937 (a stop of the gradient #g)'],
        ['<rect>', '#ffffff at 50% opacity (a stop of the gradient #g)'],
      ],
    ],
    [
      'the stops a gradient takes from another by href',
      '<radialGradient id="a"><stop stop-color="red"/></radialGradient><radialGradient id="b" href="#a"/>' +
        '<rect width="10" height="10" fill="url(#b)"/>',
      [['<rect>', '#ff0000 (a stop of the gradient #b)']],
    ],
    [
      'a glyph that a transform moves out of its square',
      square('#0b5cad') + '<path transform="translate(60 0)" d="M10 10h20v20H10z" fill="#ffffff"/>',
      [
        ['<rect>', '#0b5cad'],
        ['<path>', '#ffffff'],
      ],
    ],
    [
      'a glyph in a group rotated out of its square',
      square('#0b5cad') +
        '<g transform="rotate(90)"><rect x="10" y="10" width="20" height="20" fill="#fff"/></g>',
      [
        ['<rect>', '#0b5cad'],
        ['<rect>', '#ffffff'],
      ],
    ],
    [
      'only the stroke of a fill bordered by its own stroke',
      '<rect x="1" y="1" width="46" height="46" fill="#a3e635" stroke="#1a2e05" stroke-width="2"/>',
      [['the outline of <rect>', '#1a2e05']],
    ],
    [
      'fill and stroke when the stroke is dashed',
      '<rect width="46" height="46" fill="#a3e635" stroke="#1a2e05" stroke-dasharray="4 2"/>',
      [
        ['<rect>', '#a3e635'],
        ['the outline of <rect>', '#1a2e05'],
      ],
    ],
    [
      'fill and stroke when the stroke is faint',
      '<rect width="46" height="46" fill="#a3e635" stroke="#1a2e05" stroke-opacity=".2"/>',
      [
        ['<rect>', '#a3e635'],
        ['the outline of <rect>', '#1a2e05 at 20% opacity'],
      ],
    ],
    [
      'a stroke wider than the square it lies on',
      square('#0b5cad') + '<circle cx="24" cy="24" r="22" fill="none" stroke="#fff" stroke-width="6"/>',
      [
        ['<rect>', '#0b5cad'],
        ['the outline of <circle>', '#ffffff'],
      ],
    ],
    [
      'what lies on a see-through square',
      square('#0b5cad', ' fill-opacity=".3"') + glyph,
      [
        ['<rect>', '#0b5cad at 30% opacity'],
        ['<path>', '#ffffff'],
      ],
    ],
    [
      'the opacity of a group times that of its child',
      '<g opacity=".5"><rect width="10" height="10" fill-opacity="50%"/></g>',
      [['<rect>', '#000000 at 25% opacity']],
    ],
    [
      'a <use> in its own fill, where it places the shape',
      '<defs><path id="p" d="M0 0h10v10H0z"/></defs>' +
        square('#0b5cad') +
        '<use href="#p" x="100" fill="#fff"/>',
      [
        ['<rect>', '#0b5cad'],
        ['<path id="p">', '#ffffff'],
      ],
    ],
    [
      'a <symbol> only through a <use>',
      '<symbol id="s"><rect width="10" height="10" fill="#1f2937"/></symbol><use xlink:href="#s" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
      [['<rect>', '#1f2937']],
    ],
  ])('%s', (_case, inner, expected) => {
    expect(meetingPage(inner)).toEqual(expected);
  });

  test.each([
    ['fill="none"', '<rect width="10" height="10" fill="none"/>'],
    ['transparent', '<rect width="10" height="10" fill="transparent"/>'],
    ['display: none', '<g style="display: none"><rect width="10" height="10"/></g>'],
    ['visibility hidden', '<rect width="10" height="10" visibility="hidden"/>'],
    ['opacity 0', '<rect width="10" height="10" opacity="0"/>'],
    ['a shape of no size', '<rect width="0" height="10"/><circle r="0"/>'],
    [
      'defs, clipPath, mask, pattern, marker and gradients',
      '<defs><rect id="r" width="9" height="9"/></defs><clipPath><rect width="9" height="9"/></clipPath>' +
        '<mask><rect width="9" height="9"/></mask><pattern><rect width="9" height="9"/></pattern>' +
        '<marker><rect width="9" height="9"/></marker><linearGradient><stop/></linearGradient>',
    ],
    ['the fill of open lines', '<path d="M0 0h10M0 5h10" stroke="none"/><line x2="10" y2="10"/>'],
    ['a use of a missing element', '<use href="#nothing"/>'],
    ['an empty text', '<text x="5" y="20"> </text>'],
  ])('nothing for %s', (_case, inner) => {
    expect(meetingPage(inner, DARK)).toEqual([]);
  });

  test('a child shown inside a hidden group', () => {
    expect(
      meetingPage('<g visibility="hidden"><rect width="9" height="9" visibility="visible"/></g>'),
    ).toEqual([['<rect>', '#000000']]);
  });

  test('each part of a text in its own color', () => {
    expect(
      meetingPage('<text x="58" y="32" fill="#1f2937">A-<tspan fill="#0b5cad">Dok</tspan></text>'),
    ).toEqual([
      ['<text> "A-Dok"', '#1f2937'],
      ['<tspan> "Dok"', '#0b5cad'],
    ]);
  });
});

describe('pageContrasts reports what it cannot follow', () => {
  test.each([
    [
      'a descendant selector',
      '<style>g rect { fill: #fff }</style>',
      /^has the <style> selector "g rect", which the contrast check cannot follow; expected only type, \.class and #id selectors/,
    ],
    ['a child selector', '<style>g>rect { fill: #fff }</style>', /selector "g>rect"/],
    ['a pseudo-class', '<style>rect, rect:first-child { fill: #fff }</style>', /selector "rect:first-child"/],
    ['an attribute selector', '<style>[fill] { fill: #fff }</style>', /selector "\[fill\]"/],
    [
      'a media query',
      '<style>@media (prefers-color-scheme: dark) { rect { fill: #fff } }</style>',
      /^has the <style> rule "@media \(prefers-color-scheme: dark\)"/,
    ],
    [
      'a <style media>',
      '<style media="(prefers-color-scheme: dark)">rect { fill: #fff }</style>',
      /^has <style media=/,
    ],
    [
      'an unreadable color',
      '<rect width="9" height="9" fill="bluish"/>',
      /^paints <rect> in "bluish", which the contrast check cannot read; expected a color like #1f2937/,
    ],
    [
      'an unreadable color for currentColor',
      '<rect width="9" height="9" fill="currentColor" color="ink"/>',
      /^sets the color "ink" on <rect>/,
    ],
    [
      'an unreadable stop color',
      '<linearGradient id="g"><stop stop-color="#12"/></linearGradient><rect width="9" height="9" fill="url(#g)"/>',
      /^has the stop color "#12" in the gradient #g/,
    ],
    [
      'a pattern fill',
      '<pattern id="p"/><rect id="r" width="9" height="9" fill="url(#p)"/>',
      /^paints <rect id="r"> with the <pattern> #p, which the contrast check cannot measure/,
    ],
    [
      'a font size it cannot read',
      '<text font-size="large">A</text>',
      /^sets the font size "large" on <text>/,
    ],
  ])('%s', (_case, inner, problem) => {
    expect(measure(inner, DARK).problems).toEqual([expect.stringMatching(problem)]);
  });
});

describe('markContrastProblems', () => {
  const adok = svg(square('#0b5cad') + glyph + wordmark('#1f2937'));

  test('names the file, the element, the color, the ratio rounded down and the fix', () => {
    expect(
      markContrastProblems({ file: 'logo.svg', text: adok, schemes: [{ scheme: 'dark', background: DARK }] }),
    ).toEqual([
      'logo.svg: paints <rect> in #0b5cad, 2.65:1 on the dark page background #111827; expected at least 3:1 so the logo stays readable in dark mode. Add logo-dark.svg with lighter colors, or change the color.',
      'logo.svg: paints <text> "A-Dok" in #1f2937, 1.20:1 on the dark page background #111827; expected at least 3:1 so the logo stays readable in dark mode. Add logo-dark.svg with lighter colors, or change the color.',
    ]);
  });

  test.each([
    [
      'logo.svg',
      'light',
      /so the logo stays readable in light mode\. Change the color, or outline the shape in a color that stands out from the page\.$/,
    ],
    ['logo-dark.svg', 'dark', /so the logo stays readable in dark mode\. Change the color\.$/],
    [
      'icon.svg',
      'light',
      /so the icon stays visible on light backgrounds\. There is no dark icon, so icon\.svg must stand out on both: change the color .*, or add an outline\.$/,
    ],
    ['icon.svg', 'dark', /so the icon stays visible on dark backgrounds\./],
  ] as const)('gives %s in %s mode its own fix', (file, scheme, fix) => {
    const background = scheme === 'light' ? LIGHT : DARK;
    const text = svg(square(scheme === 'light' ? '#a3e635' : '#1e3a8a'));
    expect(markContrastProblems({ file, text, schemes: [{ scheme, background }] })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}: paints <rect> in #[0-9a-f]{6}, \\d\\.\\d\\d:1 on the ${scheme} page background ${background}; expected at least 3:1 ${fix.source}`,
        ),
      ),
    ]);
  });

  test('reports each failing color once per scheme, naming the first element', () => {
    const text = svg(
      '<rect width="9" height="9" fill="#222"/><circle cx="50" r="4" fill="#222"/><rect x="90" width="9" height="9" fill="#222"/>',
    );
    const problems = markContrastProblems({
      file: 'icon.svg',
      text,
      schemes: [
        { scheme: 'light', background: LIGHT },
        { scheme: 'dark', background: DARK },
      ],
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^icon\.svg: paints <rect> and 1 other element in #222222, 1\.\d\d:1 on the dark page background/,
      ),
    ]);
  });

  test('says nothing about a mark that stands out in every scheme', () => {
    const text = svg(square('#5e8d11') + glyph);
    const schemes = [
      { scheme: 'light', background: LIGHT },
      { scheme: 'dark', background: DARK },
    ] as const;
    expect(markContrastProblems({ file: 'icon.svg', text, schemes: [...schemes] })).toEqual([]);
  });

  test('reports what it cannot follow once, whatever the schemes', () => {
    const text = svg('<style>g rect { fill: #fff }</style>' + square('#5e8d11'));
    const schemes = [
      { scheme: 'light', background: LIGHT },
      { scheme: 'dark', background: DARK },
    ] as const;
    expect(markContrastProblems({ file: 'logo.svg', text, schemes: [...schemes] })).toEqual([
      expect.stringMatching(/^logo\.svg: has the <style> selector "g rect"/),
    ]);
  });

  test('leaves a file that is not an accepted SVG to inspectSvg', () => {
    expect(
      markContrastProblems({
        file: 'logo.svg',
        text: '<svg>',
        schemes: [{ scheme: 'dark', background: DARK }],
      }),
    ).toEqual([]);
  });
});
