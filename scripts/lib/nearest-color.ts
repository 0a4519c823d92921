import { clampChroma, formatHex, oklch } from 'culori';
import { contrastRatio } from '../../src/lib/contrast.ts';

/**
 * The colour closest to `color` that reaches `minRatio` against every one of `backgrounds`, for
 * a build message's "e.g. #0d6b63 passes": the same hue and chroma in OKLCH, only the lightness
 * moved (the least a brand manager would notice), brought into sRGB by lowering the chroma.
 * Undefined when no lightness passes against all of them (a mid-grey page, say); `color` itself
 * when it already passes.
 */
export function nearestPassingColor(
  color: string,
  backgrounds: readonly string[],
  minRatio: number,
): string | undefined {
  return nearestColorMeeting(
    color,
    backgrounds.map((against) => ({ against, minRatio })),
  );
}

/** A contrast a colour must reach against another one. */
export interface ContrastRequirement {
  against: string;
  minRatio: number;
}

/**
 * nearestPassingColor with a minimum of its own for each colour it is measured against: an
 * accent reaches 3:1 on the card and 4.5:1 under its text.
 */
export function nearestColorMeeting(
  color: string,
  requirements: readonly ContrastRequirement[],
): string | undefined {
  const passes = (hex: string) =>
    requirements.every(({ against, minRatio }) => contrastRatio(hex, against) >= minRatio);
  if (passes(color.toLowerCase())) return color.toLowerCase();
  const start = oklch(color);
  if (start === undefined) return undefined;
  const at = (lightness: number) =>
    formatHex(clampChroma({ ...start, l: Math.min(1, Math.max(0, lightness)) }, 'oklch'));
  // Steps of 0.002 in lightness: finer than two neighbouring hex values of a grey.
  for (let step = 1; step <= 500; step += 1) {
    const candidates = [at(start.l - step * 0.002), at(start.l + step * 0.002)].filter(passes);
    if (candidates.length > 0) {
      return candidates.sort((a, b) => distance(a, color) - distance(b, color))[0];
    }
  }
  return undefined;
}

/** Distance in OKLCH lightness, which is what nearestPassingColor moves. */
function distance(a: string, b: string): number {
  return Math.abs((oklch(a)?.l ?? 0) - (oklch(b)?.l ?? 0));
}
