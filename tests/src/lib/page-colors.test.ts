import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isHexColor } from '../../../src/lib/contrast.ts';
import {
  DARK_CARD_SURFACE,
  DARK_PAGE_BACKGROUND,
  LIGHT_CARD_SURFACE,
  LIGHT_PAGE_BACKGROUND,
} from '../../../src/lib/page-colors.ts';

const css = readFileSync(new URL('../../../src/app/app.css', import.meta.url), 'utf8');

describe('the page colors the build measures logos and the accent against', () => {
  test('are #rrggbb colors', () => {
    for (const color of [LIGHT_PAGE_BACKGROUND, DARK_PAGE_BACKGROUND, LIGHT_CARD_SURFACE, DARK_CARD_SURFACE])
      expect(isHexColor(color)).toBe(true);
  });

  test('light: the fallback of var(--page-background, …) in app.css', () => {
    const fallbacks = [...css.matchAll(/background:\s*var\(--page-background,\s*([^)]+)\)/g)].map(
      ([, color]) => color?.trim().toLowerCase(),
    );
    expect(fallbacks).toEqual([LIGHT_PAGE_BACKGROUND]);
  });

  test('dark: the background of :root in the prefers-color-scheme: dark block of app.css', () => {
    const block = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    const backgrounds = [...block.matchAll(/(?:^|;|\s)background(?:-color)?:\s*([^;]+);/g)].map(([, color]) =>
      color?.trim().toLowerCase(),
    );
    expect(backgrounds).toEqual([DARK_PAGE_BACKGROUND]);
  });

  test('the cards the build measures the accent against: --surface of app.css, light and dark', () => {
    const surfaces = [...css.matchAll(/--surface:\s*([^;]+);/g)].map(([, color]) =>
      color?.trim().toLowerCase(),
    );
    expect(surfaces).toEqual([LIGHT_CARD_SURFACE, DARK_CARD_SURFACE]);
    const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(dark).toContain(`--surface: ${DARK_CARD_SURFACE};`);
  });
});
