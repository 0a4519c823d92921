import { create, type Font } from 'fontkit';
import { isDeviceFamily } from './svg-fonts.ts';

/** One face of a font file given to `brands:tidy --font`: a family at one weight and style. */
export interface FontFace {
  /** The file as the brand manager named it, for messages. */
  file: string;
  /** The family as the font names it (its typographic family when it has one). */
  family: string;
  /** Every family name the font answers to, lower case: the legacy one names weights ("Source Sans 3 Semibold"). */
  names: ReadonlySet<string>;
  weight: number;
  italic: boolean;
  font: Font;
}

/** What a text asks for: its font-family list, weight and style. */
export interface FaceRequest {
  families: readonly string[];
  weight: number;
  italic: boolean;
}

/** The face a text is drawn in, or why none of the given fonts draws it. */
export type FaceChoice =
  | { kind: 'face'; face: FontFace }
  /** A family every device has (or none named, so the browser's default font): no outlines needed. */
  | { kind: 'device' }
  | { kind: 'not given'; families: readonly string[] }
  | { kind: 'other face'; family: string; given: readonly FontFace[] };

/**
 * The faces of a font file, or why it cannot be used. fontkit reads TTF, OTF, WOFF, WOFF2 and
 * collections (TTC), so anything it refuses is not a font at all. fontkit, not opentype.js:
 * opentype.js 1.3.4 skips kerning kept in GPOS extension lookups, as Google Fonts builds keep it
 * (Source Sans 3's "Te" then stands 6.6% of the size too wide), and 2.0.0 throws on that font.
 */
export function readFontFile(file: string, bytes: Buffer): { faces: FontFace[] } | { problem: string } {
  let fonts: Font[];
  try {
    const read = create(bytes);
    fonts = 'fonts' in read ? read.fonts : [read];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problem: `${file} is not a font file (${reason}); expected the brand font's TTF, OTF, WOFF or WOFF2 file`,
    };
  }
  // A variable font's shapes depend on axes a browser sets from the text (weight, optical size),
  // which the default instance drawn here would not follow.
  const variable = fonts.find((font) => Object.keys(font.variationAxes).length > 0);
  if (variable) {
    const axes = Object.keys(variable.variationAxes).join(', ');
    return {
      problem: `${file} is a variable font (axes ${axes}); expected its static files, one per weight and style (the "static" folder of a Google Fonts download)`,
    };
  }
  return { faces: fonts.map((font) => toFace(file, font)) };
}

function toFace(file: string, font: Font): FontFace {
  const legacy = font.getName('fontFamily', 'en') ?? '';
  const family = font.getName('preferredFamily', 'en') ?? legacy;
  const { usWeightClass, fsSelection } = font['OS/2'];
  return {
    file,
    family,
    names: new Set([family, legacy].filter(Boolean).map((name) => name.toLowerCase())),
    weight: usWeightClass,
    italic: fsSelection.italic || fsSelection.oblique,
    font,
  };
}

/**
 * The face a browser would draw the text in, were the given fonts the brand's web fonts: the
 * first family of the list that is given, past names no font answers to (Illustrator puts the
 * PostScript name first). A given family counts only at the weight and style asked for: where a
 * browser would take a neighbouring weight or slant a face itself, the outlines would not be the
 * designer's. A family every device has ends the search, unless a font the designer named
 * before it is missing: that is the font the drawing was made with.
 */
export function chooseFace(faces: readonly FontFace[], request: FaceRequest): FaceChoice {
  const missing: string[] = [];
  for (const family of request.families) {
    const named = faces.filter((face) => face.names.has(family.toLowerCase()));
    if (named.length > 0) {
      const face = named.find((f) => f.weight === request.weight && f.italic === request.italic);
      return face ? { kind: 'face', face } : { kind: 'other face', family, given: named };
    }
    if (isDeviceFamily(family)) break;
    missing.push(family);
  }
  return missing.length > 0 ? { kind: 'not given', families: missing } : { kind: 'device' };
}
