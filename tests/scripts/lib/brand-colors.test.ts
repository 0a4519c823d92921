import { describe, expect, test } from 'vitest';
import {
  brandColorProblems,
  colorProblems,
  sharedAccentWarnings,
  validColors,
  type BrandColors,
} from '../../../scripts/lib/brand-colors.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';
import { DARK_CARD_SURFACE, LIGHT_CARD_SURFACE } from '../../../src/lib/page-colors.ts';

const white = '#ffffff';
const black = '#000000';

/** What each of the fixtures' greys reaches, so a table row says why it passes or fails. */
describe('the borderline greys of these tables', () => {
  test.each([
    ['#717171', DARK_CARD_SURFACE, 3.0, 3.01],
    ['#707070', DARK_CARD_SURFACE, 2.96, 2.97],
    ['#949494', LIGHT_CARD_SURFACE, 3.03, 3.04],
    ['#959595', LIGHT_CARD_SURFACE, 2.99, 3.0],
    ['#767676', white, 4.54, 4.55],
    ['#777777', white, 4.47, 4.48],
  ])('%s on %s: between %s and %s', (color, against, low, high) => {
    const ratio = contrastRatio(color, against);
    expect(ratio).toBeGreaterThanOrEqual(low);
    expect(ratio).toBeLessThan(high);
  });
});

describe('the accent on the card (3:1, WCAG 1.4.11), light and dark', () => {
  test.each<[string, BrandColors, string[]]>([
    ['one accent that passes on both cards', { accentColor: '#717171', accentTextColor: white }, []],
    [
      'one accent just under 3:1 on the dark card',
      { accentColor: '#707070', accentTextColor: white },
      ['accentColor #707070 has 2.96:1 against the dark card #1f2937'],
    ],
    ['one accent just over 3:1 on the white card', { accentColor: '#949494', accentTextColor: black }, []],
    [
      'one accent just under 3:1 on the white card',
      { accentColor: '#959595', accentTextColor: black },
      ['accentColor #959595 has 2.99:1 against the light card #ffffff'],
    ],
    [
      'a dark accent takes the dark card: the accent is judged on the light one only',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#717171' },
      [],
    ],
    [
      'a dark accent just under 3:1',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#707070' },
      ['accentColorDark #707070 has 2.96:1 against the dark card #1f2937'],
    ],
    [
      'an accent failing the white card, with a dark accent of its own',
      { accentColor: '#959595', accentTextColor: black, accentColorDark: '#959595' },
      ['accentColor #959595 has 2.99:1 against the light card #ffffff'],
    ],
    [
      'a dark accent that is not a color: the accent is not judged on the dark card in its place',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#12' } as BrandColors,
      [],
    ],
  ])('%s', (_, colors, expected) => {
    const found = brandColorProblems(colors);
    expect(found).toHaveLength(expected.length);
    expected.forEach((start, index) => expect(found[index]).toMatch(new RegExp(`^brand\\.json → ${start} `)));
  });
});

describe('the text on the accent (4.5:1, WCAG 1.4.3), light and dark', () => {
  test.each<[string, BrandColors, string[]]>([
    ['just over 4.5:1', { accentColor: '#767676', accentTextColor: white }, []],
    [
      'just under 4.5:1, once for both schemes when they share the pair',
      { accentColor: '#777777', accentTextColor: white },
      ['accentTextColor #ffffff on accentColor #777777 has a contrast ratio of 4.47:1'],
    ],
    [
      'the dark accent under the light text',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#777777' },
      ['accentTextColor #ffffff on accentColorDark #777777 \\(dark mode\\) has a contrast ratio of 4.47:1'],
    ],
    [
      'the dark accent with a dark text of its own',
      {
        accentColor: '#0b5cad',
        accentTextColor: white,
        accentColorDark: '#777777',
        accentTextColorDark: black,
      },
      [],
    ],
    [
      'a dark text on the one accent',
      { accentColor: '#717171', accentTextColor: white, accentTextColorDark: '#333333' },
      ['accentTextColorDark #333333 on accentColor #717171 \\(dark mode\\) has a contrast ratio of'],
    ],
  ])('%s', (_, colors, expected) => {
    const found = brandColorProblems(colors);
    expect(found).toHaveLength(expected.length);
    expected.forEach((start, index) => expect(found[index]).toMatch(new RegExp(`^brand\\.json → ${start}`)));
  });
});

describe('each suggested fix', () => {
  // Every problem here has fixes; each, written into brand.json, must leave no problem at all.
  test.each<[string, BrandColors]>([
    ['a teal too dark for the dark card (cdap)', { accentColor: '#0f766e', accentTextColor: white }],
    ['a navy far too dark for it (wdwd)', { accentColor: '#1e3a8a', accentTextColor: white }],
    [
      'an amber too light for the white card (wdpall)',
      { accentColor: '#fbbf24', accentTextColor: '#1c1917' },
    ],
    [
      'a cyan too light for the white card, whose text must move too (webwhatsdown)',
      { accentColor: '#22d3ee', accentTextColor: '#083344' },
    ],
    ['white text on a mid grey', { accentColor: '#777777', accentTextColor: white }],
    ['white text on a light grey', { accentColor: '#8a8a8a', accentTextColor: white }],
    [
      'a dark accent too dark',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#1e3a8a' },
    ],
    [
      'a dark accent too light for the light text',
      { accentColor: '#0b5cad', accentTextColor: white, accentColorDark: '#60a5fa' },
    ],
    [
      'a dark text on the one accent',
      { accentColor: '#717171', accentTextColor: white, accentTextColorDark: '#333333' },
    ],
    [
      'an accent too light for the white card, beside a dark accent',
      { accentColor: '#fbbf24', accentTextColor: '#1c1917', accentColorDark: '#fbbf24' },
    ],
  ])('for %s passes every rule', (_, colors) => {
    const problems = colorProblems(colors);
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    expect(problem?.fixes.length).toBeGreaterThan(0);
    for (const fix of problem?.fixes ?? []) {
      expect(brandColorProblems({ ...colors, ...fix.set }), fix.text).toEqual([]);
      expect(problem?.message).toContain(fix.text.slice(1));
      for (const value of Object.values(fix.set)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  test('ends its own problem where there are two (white text on yellow, which is too light for the white card)', () => {
    const colors = { accentColor: '#fbbf24', accentTextColor: white };
    const problems = colorProblems(colors);
    expect(problems).toHaveLength(2);
    for (const { message, fixes } of problems) {
      expect(fixes.length).toBeGreaterThan(0);
      for (const fix of fixes) {
        const after = brandColorProblems({ ...colors, ...fix.set });
        expect(after, fix.text).not.toContain(message);
        expect(after.length, fix.text).toBeLessThan(problems.length);
      }
    }
  });

  test("names the one that keeps the light look first, and the one accent for both (the spec's cdap)", () => {
    expect(brandColorProblems({ accentColor: '#0f766e', accentTextColor: white })).toEqual([
      "brand.json → accentColor #0f766e has 2.68:1 against the dark card #1f2937 where it draws the spinner and the card's top border; " +
        'expected at least 3:1 (WCAG 1.4.11). Add "accentColorDark": "#1d7e76" (the nearest that passes), ' +
        'or change accentColor to #1d7e76, which passes on light and dark.',
    ]);
  });

  test("keeps today's colors in dark mode where they pass there, and moves the text where the accent alone cannot pass", () => {
    expect(brandColorProblems({ accentColor: '#22d3ee', accentTextColor: '#083344' })).toEqual([
      "brand.json → accentColor #22d3ee has 1.80:1 against the light card #ffffff where it draws the spinner and the card's top border; " +
        'expected at least 3:1 (WCAG 1.4.11). Change accentColor to #00a3b9 and accentTextColor to #063142 (the nearest that pass) ' +
        'and add "accentColorDark": "#22d3ee", "accentTextColorDark": "#083344" to keep today\'s colors in dark mode, ' +
        'or change accentColor to #00a3b9 and accentTextColor to #063142, which pass on light and dark.',
    ]);
  });

  test('offers for the text a color of its own in dark mode, and leaves the light pair alone', () => {
    const [problem] = colorProblems({
      accentColor: '#0b5cad',
      accentTextColor: white,
      accentColorDark: '#60a5fa',
    });
    expect(problem?.fixes.map((fix) => Object.keys(fix.set))).toEqual([
      ['accentTextColorDark'],
      ['accentColorDark'],
    ]);
    expect(problem?.message).toMatch(
      / Add "accentTextColorDark": "#[0-9a-f]{6}" \(the nearest that passes\), or change accentColorDark to #[0-9a-f]{6} \(the nearest that passes\)\.$/,
    );
  });
});

describe('validColors', () => {
  test('takes every valid color field, the dark ones too, in lower case', () => {
    expect(
      validColors({
        accentColor: '#0B5CAD',
        accentTextColor: 'white',
        accentColorDark: '#2E76C8',
        accentTextColorDark: '#ffffff',
        themeColor: 3,
        name: '#123456',
      }),
    ).toEqual({ accentColor: '#0b5cad', accentColorDark: '#2e76c8', accentTextColorDark: '#ffffff' });
  });
});

describe('a shared accent', () => {
  const brand = (service: string, accentColor: string, accentColorDark?: string) => ({
    service,
    accentColor,
    ...(accentColorDark && { accentColorDark }),
  });
  const apart =
    'visitors who use both services may confuse them: pick another if the brands should look apart';

  test.each([
    ['no other brand has it', brand('wdnews', '#0f766e'), [brand('cdap', '#0b5cad')], []],
    [
      'another brand has it, whatever the case of its digits',
      brand('wdnews', '#0F766E'),
      [brand('cdap', '#0f766e'), brand('a-dok', '#0b5cad')],
      [`brand.json → accentColor #0F766E is also cdap's accent; ${apart}`],
    ],
    [
      'two other brands have it',
      brand('wdnews', '#0f766e'),
      [brand('a-dok', '#0f766e'), brand('cdap', '#0f766e'), brand('wdwd', '#0f766e')],
      [`brand.json → accentColor #0f766e is also a-dok's, cdap's and wdwd's accent; ${apart}`],
    ],
    [
      'a copied folder with both accents: named once',
      brand('wdnews', '#0f766e', '#1d7e76'),
      [brand('cdap', '#0f766e', '#1d7e76')],
      [`brand.json → accentColor #0f766e is also cdap's accent; ${apart}`],
    ],
    [
      'the accent changed, the copied dark accent left',
      brand('wdnews', '#0b5cad', '#1d7e76'),
      [brand('cdap', '#0f766e', '#1d7e76')],
      [`brand.json → accentColorDark #1d7e76 is also cdap's accent in dark mode; ${apart}`],
    ],
    [
      "another brand's dark accent is this one's only accent",
      brand('wdnews', '#1d7e76'),
      [brand('cdap', '#0f766e', '#1d7e76')],
      [`brand.json → accentColor #1d7e76 is also cdap's accent in dark mode; ${apart}`],
    ],
    ['the brand itself is among the brands', brand('wdnews', '#0f766e'), [brand('wdnews', '#0f766e')], []],
  ])('%s', (_, own, others, expected) => {
    expect(sharedAccentWarnings(own, [own, ...others])).toEqual(expected);
  });
});
