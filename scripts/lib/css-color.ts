/** A color with channels from 0 to 255 and an alpha from 0 to 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** What a fill or stroke can be: nothing, a color, currentColor, or a reference to a paint server. */
export type Paint = 'none' | 'currentcolor' | Rgba | PaintReference;
export interface PaintReference {
  id: string;
  /** The color written after url(…), used when the reference does not resolve. */
  fallback?: Paint;
}

const NAMED_COLORS = new Map(
  `aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc
  bisque:ffe4c4 black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a
  burlywood:deb887 cadetblue:5f9ea0 chartreuse:7fff00 chocolate:d2691e coral:ff7f50
  cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff darkblue:00008b darkcyan:008b8b
  darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 darkkhaki:bdb76b
  darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000
  darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f darkslategrey:2f4f4f
  darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff dimgray:696969
  dimgrey:696969 dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 forestgreen:228b22
  fuchsia:ff00ff gainsboro:dcdcdc ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 gray:808080
  green:008000 greenyellow:adff2f grey:808080 honeydew:f0fff0 hotpink:ff69b4 indianred:cd5c5c
  indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa lavenderblush:fff0f5 lawngreen:7cfc00
  lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 lightcyan:e0ffff lightgoldenrodyellow:fafad2
  lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1 lightsalmon:ffa07a
  lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 lightslategrey:778899
  lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff
  maroon:800000 mediumaquamarine:66cdaa mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db
  mediumseagreen:3cb371 mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc
  mediumvioletred:c71585 midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5
  navajowhite:ffdead navy:000080 oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500
  orangered:ff4500 orchid:da70d6 palegoldenrod:eee8aa palegreen:98fb98 paleturquoise:afeeee
  palevioletred:db7093 papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f pink:ffc0cb plum:dda0dd
  powderblue:b0e0e6 purple:800080 rebeccapurple:663399 red:ff0000 rosybrown:bc8f8f royalblue:4169e1
  saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee sienna:a0522d
  silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 snow:fffafa
  springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 tomato:ff6347
  turquoise:40e0d0 violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00
  yellowgreen:9acd32`
    .split(/\s+/)
    .map((entry): [string, string] => {
      const [name = '', hex = ''] = entry.split(':');
      return [name, hex];
    }),
);
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const NUMBER = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%|deg)?$/;

/** A CSS color value as a color, 'currentcolor', or undefined when it is not one. */
export function parseColor(value: string): Rgba | 'currentcolor' | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'currentcolor') return 'currentcolor';
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = NAMED_COLORS.get(text);
  if (named) return fromHex(named);
  if (HEX.test(text)) return fromHex(text.slice(1));
  const call = /^(rgba?|hsla?)\((.*)\)$/.exec(text);
  return call ? fromFunction(call[1] ?? '', call[2] ?? '') : undefined;
}

/** A fill or stroke value, or undefined when it is not one. */
export function parsePaint(value: string): Paint | undefined {
  const text = value.trim();
  if (text.toLowerCase() === 'none') return 'none';
  const reference = /^url\(\s*(['"]?)#([^'")\s]+)\1\s*\)\s*(.*)$/i.exec(text);
  if (!reference) return parseColor(text);
  const [, , id = '', rest = ''] = reference;
  if (rest === '') return { id };
  const fallback = rest.toLowerCase() === 'none' ? 'none' : parseColor(rest);
  return fallback === undefined ? undefined : { id, fallback };
}

export function isRgba(paint: Paint | undefined): paint is Rgba {
  return typeof paint === 'object' && 'r' in paint;
}

/** `#rrggbb`, alpha left out. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The opaque color a see-through color shows over an opaque `#rrggbb` background. */
export function blendOver(color: Rgba, background: string): string {
  const under = fromHex(background.slice(1));
  const mix = (top: number, bottom: number) => color.a * top + (1 - color.a) * bottom;
  return toHex({ r: mix(color.r, under.r), g: mix(color.g, under.g), b: mix(color.b, under.b), a: 1 });
}

function fromHex(digits: string): Rgba {
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
  return { r, g, b, a: a / 255 };
}

/** rgb()/rgba()/hsl()/hsla() with commas or spaces and an optional `/ alpha`. */
function fromFunction(name: string, body: string): Rgba | undefined {
  const parts = body.trim().split(/\s*[,/]\s*|\s+/);
  if (parts.length < 3 || parts.length > 4) return undefined;
  const [first = '', second = '', third = '', alphaText = '1'] = parts;
  const alpha = readNumber(alphaText, 1);
  if (alpha === undefined) return undefined;
  const a = clamp(alpha, 1);
  if (name.startsWith('rgb')) {
    const [r, g, b] = [first, second, third].map((part) => readNumber(part, 255));
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return { r: clamp(r, 255), g: clamp(g, 255), b: clamp(b, 255), a };
  }
  const [hue, saturation, lightness] = [readNumber(first, 360), readNumber(second, 1), readNumber(third, 1)];
  if (hue === undefined || saturation === undefined || lightness === undefined) return undefined;
  return { ...fromHsl(hue, clamp(saturation, 1), clamp(lightness, 1)), a };
}

/** A number; a percentage is taken of `whole`. */
function readNumber(text: string, whole: number): number | undefined {
  const match = NUMBER.exec(text);
  // Only a hue is an angle.
  if (!match || (match[2] === 'deg' && whole !== 360)) return undefined;
  const number = Number(match[1]);
  return match[2] === '%' ? (number / 100) * whole : number;
}

function fromHsl(hue: number, saturation: number, lightness: number): Omit<Rgba, 'a'> {
  const h = ((hue % 360) + 360) % 360;
  const amount = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return (lightness - amount * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(value, 0), max);
}
