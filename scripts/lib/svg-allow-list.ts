/**
 * What a brand SVG may contain (docs/brands.md, "SVG rules"). Lists, not exceptions: an element,
 * attribute or CSS function a browser adds tomorrow is refused until someone reads what it does.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/**
 * Left out on purpose: script, foreignObject, a (a link navigates favicon.svg when it is opened),
 * animate, set, animateMotion and animateTransform (they can rewrite href), feImage, cursor and the
 * font elements (they load files), mpath, switch and view (no drawing needs them).
 */
export const SVG_ELEMENTS = words(`
  svg g defs symbol use title desc metadata style
  path rect circle ellipse line polyline polygon image marker
  text tspan textPath
  linearGradient radialGradient stop pattern clipPath mask
  filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting
  feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR
  feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting
  feSpotLight feTile feTurbulence
`);

/** Attributes without a namespace, on any allowed element. */
export const SVG_ATTRIBUTES = words(`
  id class style lang tabindex role focusable version baseProfile
  viewBox preserveAspectRatio x y width height
  d points pathLength transform x1 y1 x2 y2 cx cy r rx ry fx fy fr
  dx dy rotate textLength lengthAdjust startOffset method spacing side path
  href offset gradientUnits gradientTransform spreadMethod
  patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits
  markerWidth markerHeight markerUnits refX refY orient
  type media
  filterUnits primitiveUnits in in2 result stdDeviation mode operator k1 k2 k3 k4 values
  tableValues slope intercept amplitude exponent radius scale xChannelSelector yChannelSelector
  baseFrequency numOctaves seed stitchTiles order kernelMatrix divisor bias targetX targetY
  edgeMode preserveAlpha kernelUnitLength surfaceScale specularConstant specularExponent
  diffuseConstant azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle

  alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation
  color-interpolation-filters color-rendering direction display dominant-baseline
  enable-background fill fill-opacity fill-rule filter flood-color flood-opacity font
  font-family font-size font-size-adjust font-stretch font-style font-variant font-weight
  glyph-orientation-horizontal glyph-orientation-vertical image-rendering isolation kerning
  letter-spacing lighting-color marker marker-end marker-mid marker-start mask mask-type
  mix-blend-mode opacity overflow paint-order pointer-events shape-rendering stop-color
  stop-opacity stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin
  stroke-miterlimit stroke-opacity stroke-width text-anchor text-decoration text-rendering
  transform-origin unicode-bidi vector-effect visibility white-space word-spacing writing-mode
`);

const LABEL = /^(aria|data)-[a-z][a-z0-9-]*$/;

/** Accessibility labels and data-* (Illustrator writes data-name) are allowed besides the list. */
export function isSvgAttribute(name: string): boolean {
  return SVG_ATTRIBUTES.has(name) || LABEL.test(name);
}

/** Presentation attributes are parsed as CSS, so u\72l() works there too; these never are. */
export function isCssAttribute(name: string): boolean {
  return !['id', 'class', 'lang', 'role', 'href'].includes(name) && !LABEL.test(name);
}

/** `xml:space` and `xml:lang`; not `xml:base`, which would move where `#id` points. */
export const XML_ATTRIBUTES = words('space lang');

/**
 * Inkscape's and other editors' licence and title, as RDF inside <metadata>. Elements of these
 * namespaces mean nothing to a browser; an XHTML or SVG element inside <metadata> would still
 * load or run, so nothing else may be there.
 */
export const METADATA_NAMESPACES = new Set([
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
]);

/**
 * CSS functions that compute a color, a length, a transform or a selector. Anything else is
 * refused, since image-set(), image(), src(), cross-fade() and the like take addresses without
 * url(); url() itself is allowed with #id only.
 */
export const CSS_FUNCTIONS = words(`
  url var calc min max clamp
  rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix
  matrix matrix3d translate translatex translatey translatez translate3d scale scalex scaley scalez
  scale3d rotate rotatex rotatey rotatez rotate3d skew skewx skewy perspective
  blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia
  cubic-bezier steps
  not is where has nth-child nth-last-child nth-of-type nth-last-of-type lang dir
`);

/** CSS at-rules that only group or name rules; @import and @font-face load files. */
export const CSS_AT_RULES = words('media supports keyframes layer container charset');

/** A reference inside the drawing: a fragment-only URL never leaves the document. */
export const INTERNAL_REFERENCE = /^#[^\s]+$/u;

/** An embedded raster image; an embedded SVG would be a second document with its own rules. */
export const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** Where a brand manager reads these lists, for the build's messages. */
export const LISTED = 'listed under "SVG rules" in docs/brands.md';
