import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brandStylesheet } from '../../../scripts/lib/bake-html.ts';
import { CHROMIUM_ARGS, suiteChromiumPath } from '../../../scripts/lib/chromium.ts';
import { DARK_CARD_SURFACE, LIGHT_CARD_SURFACE } from '../../../src/lib/page-colors.ts';

/*
 * Where app.css draws the accent, as Chromium computes it: the brand's stylesheet and app.css on
 * a card with the main button and the large spinner, in each scheme. The build judges the accent
 * against the card (scripts/lib/brand-colors.ts); these say that the card and the colors drawn
 * are the ones it judged.
 */
const appCss = readFileSync(new URL('../../../src/app/app.css', import.meta.url), 'utf8');
const forceColorScheme = ts.transpileModule(
  readFileSync(new URL('../../../src/preview/force-color-scheme.ts', import.meta.url), 'utf8'),
  { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } },
).outputText;

type Scheme = 'light' | 'dark';
interface Drawn {
  card: string;
  border: string;
  button: string;
  label: string;
  spinner: string;
}

type BrandColors = Parameters<typeof brandStylesheet>[0];

const brand: BrandColors = { accentColor: '#0b5cad', accentTextColor: '#ffffff' };
const withDark = { ...brand, accentColorDark: '#60a5fa', accentTextColorDark: '#111827' };

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: suiteChromiumPath, args: CHROMIUM_ARGS });
}, 30_000);
afterAll(() => browser.close());

/** The colors drawn on a page with `brandCss` (none: the neutral page), as the system's `scheme` has it. */
async function drawn(
  brandCss: string | undefined,
  scheme: Scheme,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<Drawn> {
  const page = await browser.newPage({ colorScheme: scheme });
  try {
    await page.setContent(
      `<!doctype html><html lang="de"><head>${brandCss === undefined ? '' : `<style>${brandCss}</style>`}` +
        `<style>${appCss}</style></head><body><main class="card">` +
        '<button class="button button--primary">Code senden</button><span class="spinner spinner--large"></span>' +
        '</main></body></html>',
    );
    await prepare?.(page);
    return await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector) ?? document.body);
      return {
        card: style('.card').backgroundColor,
        border: style('.card').borderTopColor,
        button: style('.button--primary').backgroundColor,
        label: style('.button--primary').color,
        spinner: style('.spinner--large').color,
      };
    });
  } finally {
    await page.close();
  }
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The card and the four places of the accent, as `drawn` reads them. */
function expected(card: string, accent: string, text: string): Drawn {
  return {
    card: rgb(card),
    border: rgb(accent),
    button: rgb(accent),
    label: rgb(text),
    spinner: rgb(accent),
  };
}

describe('app.css draws the accent on the card the build judges it against', () => {
  test.each<[string, BrandColors, Scheme, Drawn]>([
    ['one accent, light', brand, 'light', expected(LIGHT_CARD_SURFACE, '#0b5cad', '#ffffff')],
    ['one accent, dark: the same accent', brand, 'dark', expected(DARK_CARD_SURFACE, '#0b5cad', '#ffffff')],
    [
      'a dark accent, light: the accent',
      withDark,
      'light',
      expected(LIGHT_CARD_SURFACE, '#0b5cad', '#ffffff'),
    ],
    [
      'a dark accent, dark: the dark accent and text',
      withDark,
      'dark',
      expected(DARK_CARD_SURFACE, '#60a5fa', '#111827'),
    ],
    [
      'a dark accent alone, dark: the light text on it',
      { ...brand, accentColorDark: '#2e76c8' },
      'dark',
      expected(DARK_CARD_SURFACE, '#2e76c8', '#ffffff'),
    ],
  ])('%s', async (_, colors, scheme, colorsDrawn) => {
    expect(await drawn(brandStylesheet(colors), scheme)).toEqual(colorsDrawn);
  });

  test('a page without a brand draws the neutral grey in both schemes', async () => {
    for (const [scheme, card] of [
      ['light', LIGHT_CARD_SURFACE],
      ['dark', DARK_CARD_SURFACE],
    ] as const)
      expect(await drawn(undefined, scheme)).toEqual(expected(card, '#68737e', '#ffffff'));
  });

  test("a page restyled for another service draws that service's accents over the baked brand's", async () => {
    // What apply-brand.ts sets for a service whose brand has no dark accent.
    const restyle = (page: Page) =>
      page.evaluate(() => {
        const set = {
          '--accent': '#b91c1c',
          '--accent-text': '#ffffff',
          '--accent-dark': '#b91c1c',
          '--accent-text-dark': '#ffffff',
        };
        for (const [name, value] of Object.entries(set))
          document.documentElement.style.setProperty(name, value);
      });
    expect(await drawn(brandStylesheet(withDark), 'dark', restyle)).toEqual(
      expected(DARK_CARD_SURFACE, '#b91c1c', '#ffffff'),
    );
  });

  test.each<[Scheme, Scheme, Drawn]>([
    ['light', 'dark', expected(DARK_CARD_SURFACE, '#60a5fa', '#111827')],
    ['dark', 'light', expected(LIGHT_CARD_SURFACE, '#0b5cad', '#ffffff')],
  ])(
    'a preview frame forced %s → %s draws the accent of the forced scheme',
    async (system, forced, colorsDrawn) => {
      const force = (page: Page) =>
        page.addScriptTag({
          type: 'module',
          content: `${forceColorScheme}\nforceColorScheme(document, '${forced}');`,
        });
      expect(await drawn(brandStylesheet(withDark), system, force)).toEqual(colorsDrawn);
    },
  );
});
