import { contrastRatio, formatRatio, isHexColor } from '../../src/lib/contrast.ts';
import { DARK_CARD_SURFACE, LIGHT_CARD_SURFACE } from '../../src/lib/page-colors.ts';
import { nearestColorMeeting, type ContrastRequirement } from './nearest-color.ts';

/*
 * Where the page draws the accent, and what each drawing must reach (docs/brands.md, "The
 * contrast rule"), in light mode and in dark mode:
 * - the main button's label, the text color on the accent: 4.5:1, as text (WCAG 1.4.3);
 * - the large spinner, which turns inside the card, and the card's 4 px top border: 3:1 against
 *   the card, as graphics (WCAG 1.4.11). The border is judged against the card it heads, where
 *   it marks the card as the brand's; towards the page the card has its own 1 px border.
 * Not judged: the button's fill against the card (its label names it, and 1.4.11 asks no
 * boundary of a button with text), the small spinners (drawn in the text color, on the accent)
 * and the focus rings and links (drawn in the page's ink, not the accent).
 */
const MIN_TEXT_CONTRAST = 4.5;
const MIN_GRAPHIC_CONTRAST = 3;

type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];
const CARD: Record<Scheme, string> = { light: LIGHT_CARD_SURFACE, dark: DARK_CARD_SURFACE };

type AccentField = 'accentColor' | 'accentColorDark';
type TextField = 'accentTextColor' | 'accentTextColorDark';
type AccentColorField = AccentField | TextField;
const ACCENT_FIELDS: readonly AccentColorField[] = [
  'accentColor',
  'accentTextColor',
  'accentColorDark',
  'accentTextColorDark',
];

/** The color fields of brand.json; each one that is a valid color is judged, whatever else is wrong. */
export const COLOR_FIELDS = [...ACCENT_FIELDS, 'themeColor', 'backgroundColor'] as const;
export type BrandColors = Partial<Record<(typeof COLOR_FIELDS)[number], string>>;

/**
 * The accent fields as the rules read them: a field brand.json gives is there even when it is
 * not a color (undefined then), so a misspelt dark accent is not judged as if it were missing.
 */
type GivenColors = Partial<Record<AccentColorField, string | undefined>>;

/** The fields of brand.json's data that hold a valid color, read before (and even if not) the schema passes. */
export function validColors(data: unknown): BrandColors {
  if (!isRecord(data)) return {};
  return Object.fromEntries(
    COLOR_FIELDS.flatMap((field) => {
      const value = data[field];
      return typeof value === 'string' && isHexColor(value) ? [[field, value.toLowerCase()]] : [];
    }),
  );
}

/** A change to brand.json that ends a problem, as the message words it and as fields to write. */
export interface ColorFix {
  text: string;
  set: BrandColors;
}

export interface ColorProblem {
  message: string;
  /** Any one of them ends the problem and keeps every other rule its fields are part of. */
  fixes: ColorFix[];
}

/** What the colors of brand.json's data break, each message with its fix (docs/brands.md, "The contrast rule"). */
export function brandColorProblems(data: unknown): string[] {
  return colorProblems(data).map(({ message }) => message);
}

export function colorProblems(data: unknown): ColorProblem[] {
  const colors: GivenColors = {
    ...Object.fromEntries(
      ACCENT_FIELDS.filter((field) => isRecord(data) && data[field] !== undefined).map((field) => [
        field,
        undefined,
      ]),
    ),
    ...validColors(data),
  };
  const [light, dark] = SCHEMES.map((scheme) => fieldsIn(colors, scheme));
  // Without dark fields the dark button is the light one: one pair, one message.
  const sameButton =
    light && dark && colors[light.accent] === colors[dark.accent] && colors[light.text] === colors[dark.text];
  return SCHEMES.flatMap((scheme) => [
    ...(scheme === 'dark' && sameButton ? [] : textProblems(colors, scheme)),
    ...cardProblems(colors, scheme),
  ]);
}

/** The main button's label on its fill. */
function textProblems(colors: GivenColors, scheme: Scheme): ColorProblem[] {
  const fields = fieldsIn(colors, scheme);
  const [accent, text] = [colors[fields.accent], colors[fields.text]];
  if (accent === undefined || text === undefined) return [];
  const ratio = contrastRatio(accent, text);
  if (ratio >= MIN_TEXT_CONTRAST) return [];
  const fixes = textFixes(colors, scheme, fields);
  const where = `${fields.text} ${text} on ${fields.accent} ${accent}${scheme === 'dark' ? ' (dark mode)' : ''}`;
  return [
    {
      message:
        `brand.json → ${where} has a contrast ratio of ${formatRatio(ratio)}:1; ` +
        `expected at least ${MIN_TEXT_CONTRAST}:1 (WCAG 1.4.3). ${describeFixes(fixes)}`,
      fixes,
    },
  ];
}

/** The large spinner and the card's top border, on the card. */
function cardProblems(colors: GivenColors, scheme: Scheme): ColorProblem[] {
  const field = fieldsIn(colors, scheme).accent;
  const accent = colors[field];
  if (accent === undefined) return [];
  const ratio = contrastRatio(accent, CARD[scheme]);
  if (ratio >= MIN_GRAPHIC_CONTRAST) return [];
  const fixes = cardFixes(colors, scheme, field, accent);
  return [
    {
      message:
        `brand.json → ${field} ${accent} has ${formatRatio(ratio)}:1 against the ${scheme} card ${CARD[scheme]} ` +
        `where it draws the spinner and the card's top border; expected at least ${MIN_GRAPHIC_CONTRAST}:1 (WCAG 1.4.11). ` +
        describeFixes(fixes),
      fixes,
    },
  ];
}

/** The fields that color the accent and its text in a scheme: each dark field given replaces its light one in dark mode. */
function fieldsIn(colors: GivenColors, scheme: Scheme): { accent: AccentField; text: TextField } {
  const dark = scheme === 'dark';
  return {
    accent: dark && 'accentColorDark' in colors ? 'accentColorDark' : 'accentColor',
    text: dark && 'accentTextColorDark' in colors ? 'accentTextColorDark' : 'accentTextColor',
  };
}

/**
 * Every contrast `field` takes part in, in either scheme, with the other fields as they are;
 * without `withText`, only the cards an accent is drawn on.
 */
function requirementsOf(
  field: AccentColorField,
  colors: GivenColors,
  { withText = true } = {},
): ContrastRequirement[] {
  return SCHEMES.flatMap((scheme): ContrastRequirement[] => {
    const { accent, text } = fieldsIn(colors, scheme);
    const against = (other: string | undefined) =>
      other === undefined || !withText ? [] : [{ against: other, minRatio: MIN_TEXT_CONTRAST }];
    if (field === accent)
      return [{ against: CARD[scheme], minRatio: MIN_GRAPHIC_CONTRAST }, ...against(colors[text])];
    return field === text ? against(colors[accent]) : [];
  });
}

/** The color nearest `from` that `field` may hold with the other fields of `colors`, or undefined. */
function nearestFor(field: AccentColorField, colors: GivenColors, from: string): string | undefined {
  return nearestColorMeeting(from, requirementsOf(field, colors));
}

/**
 * An accent moved to the nearest shade that passes; when no shade passes under its text (a
 * light cyan with dark text, wanted on the white card), the nearest on the card, with each of
 * its text colors moved to the nearest that passes on it.
 */
function movedAccent(colors: GivenColors, field: AccentField, from: string): BrandColors | undefined {
  const alone = nearestFor(field, colors, from);
  if (alone) return { [field]: alone };
  const onCard = nearestColorMeeting(from, requirementsOf(field, colors, { withText: false }));
  if (onCard === undefined) return undefined;
  const moved: BrandColors = { [field]: onCard };
  const texts = new Set(
    SCHEMES.map((scheme) => fieldsIn(colors, scheme)).flatMap(({ accent, text }) =>
      accent === field ? [text] : [],
    ),
  );
  for (const text of texts) {
    const value = colors[text];
    const nearest = value && nearestFor(text, { ...colors, ...moved }, value);
    if (nearest === undefined) return undefined;
    if (nearest !== value) moved[text] = nearest;
  }
  return moved;
}

function cardFixes(colors: GivenColors, scheme: Scheme, accent: AccentField, value: string): ColorFix[] {
  if (accent === 'accentColorDark' || 'accentColorDark' in colors) {
    const moved = movedAccent(colors, accent, value);
    return moved ? [{ text: nearestText(colors, moved), set: moved }] : [];
  }
  // One accent for both schemes, failing in one (no color fails both cards): split it in two,
  // keeping today's colors in the scheme where they pass, or move it to a shade that passes in both.
  const textColor = colors.accentTextColor;
  const split: GivenColors = {
    ...colors,
    accentColorDark: value,
    ...(!('accentTextColorDark' in colors) && { accentTextColorDark: textColor }),
  };
  const fixes: ColorFix[] = [];
  if (scheme === 'dark') {
    const moved = movedAccent(split, 'accentColorDark', value);
    if (moved) fixes.push({ text: nearestText(colors, moved), set: moved });
  } else {
    const moved = movedAccent(split, 'accentColor', value);
    const kept: BrandColors = {
      accentColorDark: value,
      ...(moved?.accentTextColor !== undefined &&
        !('accentTextColorDark' in colors) && { accentTextColorDark: textColor }),
    };
    if (moved)
      fixes.push({
        text: `${nearestText(colors, moved)} and ${write(colors, kept)} to keep today's colors in dark mode`,
        set: { ...moved, ...kept },
      });
  }
  const both = movedAccent(colors, 'accentColor', value);
  if (both)
    fixes.push({
      text: `${write(colors, both)}, which ${Object.keys(both).length > 1 ? 'pass' : 'passes'} on light and dark`,
      set: both,
    });
  return fixes;
}

function textFixes(
  colors: GivenColors,
  scheme: Scheme,
  { accent, text }: { accent: AccentField; text: TextField },
): ColorFix[] {
  // In dark mode a field shared with light mode is left alone: a dark field of its own is added.
  const own = <F extends AccentColorField>(field: F, darkField: F): F =>
    scheme === 'dark' && field !== darkField ? darkField : field;
  return [own(text, 'accentTextColorDark'), own(accent, 'accentColorDark')].flatMap((field) => {
    // A dark field brand.json has not got yet starts from the light one it takes the place of.
    const from = colors[field] ?? colors[field === 'accentTextColorDark' ? 'accentTextColor' : 'accentColor'];
    if (from === undefined) return [];
    const nearest = nearestFor(field, { ...colors, [field]: from }, from);
    const moved = { [field]: nearest };
    return nearest ? [{ text: nearestText(colors, moved), set: moved }] : [];
  });
}

/** "change accentColor to #0d6b63 and add "accentColorDark": "#1d7e76"", for the fields of `set`. */
function write(colors: GivenColors, set: BrandColors): string {
  const entries = Object.entries(set);
  const changed = entries
    .filter(([field]) => field in colors)
    .map(([field, value]) => `${field} to ${value}`);
  const added = entries
    .filter(([field]) => !(field in colors))
    .map(([field, value]) => `"${field}": "${value}"`);
  return [
    ...(changed.length > 0 ? [`change ${changed.join(' and ')}`] : []),
    ...(added.length > 0 ? [`add ${added.join(', ')}`] : []),
  ].join(' and ');
}

function nearestText(colors: GivenColors, set: BrandColors): string {
  return `${write(colors, set)} (the nearest that ${Object.keys(set).length > 1 ? 'pass' : 'passes'})`;
}

function describeFixes(fixes: readonly ColorFix[]): string {
  if (fixes.length === 0) return 'No shade of it passes with its text color: pick other colors.';
  const text = fixes.map((fix) => fix.text).join(', or ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** What sharedAccentWarnings compares of a brand. */
export interface BrandAccent {
  service: string;
  accentColor: string;
  accentColorDark?: string;
}

/**
 * A brand whose accent another brand has too is allowed (two services may well share a look),
 * but visitors of both cannot tell them apart, and it is most often a copied brand.json: a
 * warning, compared in light mode and, for brands not named there already, in dark mode.
 */
export function sharedAccentWarnings(brand: BrandAccent, brands: readonly BrandAccent[]): string[] {
  const drawn = (of: BrandAccent, scheme: Scheme) =>
    (scheme === 'dark' ? (of.accentColorDark ?? of.accentColor) : of.accentColor).toLowerCase();
  const sharing = (scheme: Scheme, skip: readonly BrandAccent[] = []) =>
    brands.filter(
      (other) =>
        other.service !== brand.service &&
        !skip.includes(other) &&
        drawn(other, scheme) === drawn(brand, scheme),
    );
  const light = sharing('light');
  const dark = sharing('dark', light);
  const warn = (field: AccentField, others: readonly BrandAccent[], where: string) =>
    others.length === 0
      ? []
      : [
          `brand.json → ${field} ${brand[field] ?? ''} is also ${listOwners(others)} accent${where}; ` +
            'visitors who use both services may confuse them: pick another if the brands should look apart',
        ];
  return [
    ...warn('accentColor', light, ''),
    ...warn(brand.accentColorDark === undefined ? 'accentColor' : 'accentColorDark', dark, ' in dark mode'),
  ];
}

/** "cdap's", "cdap's and wdwd's", "a-dok's, cdap's and wdwd's". */
function listOwners(brands: readonly BrandAccent[]): string {
  const names = brands.map(({ service }) => `${service}'s`);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null;
}
