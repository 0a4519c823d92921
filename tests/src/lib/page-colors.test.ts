import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isHexColor } from '../../../src/lib/contrast.ts';
import { DARK_PAGE_BACKGROUND, LIGHT_PAGE_BACKGROUND } from '../../../src/lib/page-colors.ts';

const css = readFileSync(new URL('../../../src/app/app.css', import.meta.url), 'utf8');

describe('the page backgrounds the build measures logos against', () => {
  test('are #rrggbb colors', () => {
    expect(isHexColor(LIGHT_PAGE_BACKGROUND)).toBe(true);
    expect(isHexColor(DARK_PAGE_BACKGROUND)).toBe(true);
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
});
