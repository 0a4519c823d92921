import { contrastRatio, formatRatio, isHexColor } from '../../src/lib/contrast.ts';

const MIN_ACCENT_CONTRAST = 4.5;

/** The color fields of brand.json; each one that is a valid color is judged, whatever else is wrong. */
export const COLOR_FIELDS = ['accentColor', 'accentTextColor', 'themeColor', 'backgroundColor'] as const;
export type BrandColors = Partial<Record<(typeof COLOR_FIELDS)[number], string>>;

/** The fields of brand.json's data that hold a valid color, read before (and even if not) the schema passes. */
export function validColors(data: unknown): BrandColors {
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  return Object.fromEntries(
    COLOR_FIELDS.flatMap((field) => {
      const value = record[field];
      return typeof value === 'string' && isHexColor(value) ? [[field, value.toLowerCase()]] : [];
    }),
  );
}

/** What the colors of brand.json break, each message with its fix (docs/brands.md, "The contrast rule"). */
export function brandColorProblems({ accentColor, accentTextColor }: BrandColors): string[] {
  if (accentColor === undefined || accentTextColor === undefined) return [];
  const ratio = contrastRatio(accentColor, accentTextColor);
  if (ratio >= MIN_ACCENT_CONTRAST) return [];
  return [
    `brand.json → accentTextColor ${accentTextColor} on accentColor ${accentColor} ` +
      `has a contrast ratio of ${formatRatio(ratio)}:1; expected at least ${MIN_ACCENT_CONTRAST}:1 (WCAG AA). ` +
      'Darken or lighten one of the two colors.',
  ];
}
