import { describe, expect, test } from 'vitest';
import { nearestPassingColor } from '../../../scripts/lib/nearest-color.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';

describe('the nearest colour that passes', () => {
  test.each([
    ['a teal on the dark card', '#0f766e', ['#1f2937'], 3],
    ['white text on yellow', '#ffffff', ['#fbbf24'], 4.5],
    ['a dark grey logo on the dark page', '#1f2937', ['#111827'], 3],
    ['a yellow on white', '#fbbf24', ['#ffffff'], 3],
    ['a blue on both pages', '#0b5cad', ['#f4f5f7', '#111827'], 3],
  ])('for %s passes, and one step nearer the original does not', (_, color, backgrounds, minRatio) => {
    const found = nearestPassingColor(color, backgrounds, minRatio);
    expect(found).toMatch(/^#[0-9a-f]{6}$/);
    for (const background of backgrounds)
      expect(contrastRatio(found ?? '', background)).toBeGreaterThanOrEqual(minRatio);
    // Nearest: it only just passes against one of the backgrounds.
    const lowest = Math.min(...backgrounds.map((background) => contrastRatio(found ?? '', background)));
    expect(lowest).toBeLessThan(minRatio + 0.15);
  });

  test('is the colour itself when it passes', () => {
    expect(nearestPassingColor('#0B5CAD', ['#ffffff'], 3)).toBe('#0b5cad');
  });

  test('is undefined when no lightness passes against every background', () => {
    expect(nearestPassingColor('#777777', ['#ffffff', '#000000'], 7)).toBeUndefined();
  });
});
