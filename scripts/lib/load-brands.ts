import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { brandColorProblems, sharedAccentWarnings, validColors } from './brand-colors.ts';
import { brandJsonSchema, fieldExpectations, type BrandJson } from './brand-schema.ts';
import { decodeUtf8, sniffFileType } from './file-type.ts';
import { describeJsonMistake, nearestKey } from './json-mistakes.ts';
import { DARK_PAGE_BACKGROUND, LIGHT_PAGE_BACKGROUND } from '../../src/lib/page-colors.ts';
import { releasedBrands } from './released-brands.ts';
import { iconDetailWarnings, markProblems, type MarkFile, type PageScheme } from './mark-contrast.ts';
import { inspectSvg, tidyAdvice, type ViewBox } from './svg-check.ts';
import { unavailableFontProblems } from './svg-fonts.ts';

export interface Brand extends BrandJson {
  /** brand.json's themeColor, or the accent color when it has none. */
  themeColor: string;
  /** The folder name, which is the service key of the config. */
  service: string;
  dir: string;
  logo: SvgFile;
  logoDark?: SvgFile;
  icon?: SvgFile;
  /** What works but may not be what the brand manager wants, e.g. a favicon cut from the logo. */
  warnings: string[];
}

export interface SvgFile {
  text: string;
  viewBox: ViewBox;
}

export interface InvalidBrand {
  service: string;
  problems: string[];
}

export interface LoadedBrands {
  brands: Brand[];
  invalid: InvalidBrand[];
}

const SERVICE_KEY = /^[a-z0-9][a-z0-9_-]{2,}$/;
const svgSizeAdvice = (service: string) =>
  `Every brand's site carries every brand's logos, so make it smaller: ${tidyAdvice(service)}; simplify its paths (Inkscape: Path → Simplify), or embed a smaller image.`;
/** An SVG's size as the limit counts it: without the whitespace between and inside its tags. */
export function measuredSvgSize(text: string): number {
  return Buffer.byteLength(text.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim());
}

/**
 * Every brand folder of a build ships every brand's logos (a page can show another service), so
 * one heavy logo weighs on all fifteen sites. An SVG is measured with its whitespace removed, so
 * indentation costs nothing; a larger file is not read at all.
 */
export const SIZE_LIMITS = { svg: 50 * 1024, brandJson: 16 * 1024, unread: 2 * 1024 * 1024 };
const KNOWN_FILES = new Map([
  ['brand.json', 'the brand settings'],
  ['logo.svg', 'the wordmark above the form'],
  ['logo-dark.svg', 'the wordmark on a dark background (optional)'],
  ['icon.svg', 'the favicon source (optional; the logo is used when absent)'],
]);
/** The files a brand folder may hold, brand.json first. */
export const BRAND_FILES: readonly string[] = [...KNOWN_FILES.keys()];

/**
 * Reads and validates every brand folder; an invalid one never stops the others being checked.
 * `released`: the folders of the last release (by default those committed, released-brands.ts),
 * which keep a domain a new folder claims too.
 */
export async function loadBrands(
  brandsDir: string,
  { released }: { released?: ReadonlySet<string> } = {},
): Promise<LoadedBrands> {
  const entries = await readdir(brandsDir, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const [results, releasedFolders] = await Promise.all([
    Promise.all(folders.map((name) => loadBrand(path.join(brandsDir, name)))),
    released ?? releasedBrands(brandsDir),
  ]);
  const valid = results.filter((result): result is Brand => !('problems' in result));
  const collisions = domainCollisions(valid, releasedFolders);
  const loaded: LoadedBrands = { brands: [], invalid: [] };
  for (const result of results) {
    if ('problems' in result) loaded.invalid.push(result);
    else if (collisions.has(result.service))
      loaded.invalid.push({ service: result.service, problems: collisions.get(result.service) ?? [] });
    else
      loaded.brands.push({
        ...result,
        warnings: [
          ...result.warnings,
          ...copiedFileWarnings(result, valid),
          ...sharedAccentWarnings(result, valid),
        ],
      });
  }
  return loaded;
}

/**
 * A host name serves one brand: a domain two folders claim is a mistake, and its pages would
 * fight over one name. When a brand of the last release is among them, it keeps the domain and
 * the new folders are refused, so a copied brand.json cannot take a served brand down; otherwise
 * every claimant is refused, each with its other problems.
 */
function domainCollisions(brands: readonly Brand[], released: ReadonlySet<string>): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const { service, domains } of brands) {
    for (const domain of domains) owners.set(domain, [...(owners.get(domain) ?? []), service]);
  }
  const problems = new Map<string, string[]>();
  const add = (service: string, problem: string) =>
    problems.set(service, [...(problems.get(service) ?? []), `brand.json → domains: ${problem}`]);
  for (const [domain, services] of owners) {
    if (services.length < 2) continue;
    const keepers = services.filter((service) => released.has(service));
    if (keepers.length === 1) {
      const [keeper] = keepers;
      for (const service of services.filter((other) => other !== keeper)) {
        add(
          service,
          `${domain} is already served by ${keeper} (a brand of the last release); a host name serves one brand, so give ${service} a domain of its own`,
        );
      }
      continue;
    }
    for (const service of services) {
      const others = services.filter((other) => other !== service).join(', ');
      add(
        service,
        `${domain} is also a domain of ${others}; a host name serves one brand, so remove it from all but one of these folders`,
      );
    }
  }
  return problems;
}

const MARK_FILES = [
  ['logo.svg', 'logo'],
  ['logo-dark.svg', 'logoDark'],
  ['icon.svg', 'icon'],
] as const;

/**
 * A drawing byte for byte another brand's is most likely a copy left in place (a logo-dark.svg
 * that says "A-Dok" on WD News): it works, so it warns, naming the other file.
 */
function copiedFileWarnings(brand: Brand, brands: readonly Brand[]): string[] {
  return MARK_FILES.flatMap(([file, key]) => {
    const text = brand[key]?.text;
    if (text === undefined) return [];
    const copies = brands.flatMap((other) =>
      other.service === brand.service
        ? []
        : MARK_FILES.filter(([, otherKey]) => other[otherKey]?.text === text).map(
            ([otherFile]) => `brands/${other.service}/${otherFile}`,
          ),
    );
    return copies.length === 0
      ? []
      : [
          `${file}: is the same file as ${copies.join(', ')}; a copied drawing shows the other brand's mark on this brand's pages. Replace it with this brand's own`,
        ];
  });
}

export async function loadBrand(dir: string): Promise<Brand | InvalidBrand> {
  const service = path.basename(dir);
  const problems: string[] = [];
  if (!SERVICE_KEY.test(service)) problems.push(folderNameProblem(service));

  const files = (await readdir(dir)).filter((name) => !name.startsWith('.'));
  for (const name of files) {
    if (!KNOWN_FILES.has(name)) {
      problems.push(`${name}: unexpected file; a brand folder holds only ${describeKnownFiles()}`);
    }
  }

  // One round: every check runs and every problem is listed, so fixing one never reveals the next.
  const { brandJson, backgroundColor } = await readBrandJson(dir, files, problems);
  const logo = await readSvg(dir, 'logo.svg', files, problems, { required: true });
  const logoDark = await readSvg(dir, 'logo-dark.svg', files, problems);
  const icon = await readSvg(dir, 'icon.svg', files, problems);

  problems.push(...(await readabilityProblems(service, backgroundColor, { logo, logoDark, icon })));
  if (problems.length > 0 || !brandJson || !logo) return { service, problems };
  const themeColor = brandJson.themeColor ?? brandJson.accentColor;
  const warnings = icon ? await iconDetailWarnings({ text: icon.text }) : [missingIconWarning(logo)];
  return { ...brandJson, themeColor, service, dir, logo, logoDark, icon, warnings };
}

/**
 * Each drawing against the page it is shown on (docs/brands.md, "Light and dark"): the logo on
 * the light page, and on the dark one unless a dark logo takes its place; the icon on both,
 * since browser tabs and home screens are either. And whether each fills its viewBox (mark-ink.ts).
 */
async function readabilityProblems(
  service: string,
  backgroundColor: string | undefined,
  drawings: Partial<Record<'logo' | 'logoDark' | 'icon', SvgFile>>,
): Promise<string[]> {
  const light: PageScheme = { scheme: 'light', background: backgroundColor ?? LIGHT_PAGE_BACKGROUND };
  const dark: PageScheme = { scheme: 'dark', background: DARK_PAGE_BACKGROUND };
  const checks: [MarkFile, SvgFile | undefined, PageScheme[]][] = [
    ['logo.svg', drawings.logo, drawings.logoDark ? [light] : [light, dark]],
    ['logo-dark.svg', drawings.logoDark, [dark]],
    ['icon.svg', drawings.icon, [light, dark]],
  ];
  const found = await Promise.all(
    checks.map(([file, svg, schemes]) =>
      svg ? markProblems({ file, text: svg.text, schemes, brand: service }) : [],
    ),
  );
  return found.flat();
}

function folderNameProblem(name: string): string {
  const suggestion = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  const rename =
    SERVICE_KEY.test(suggestion) && suggestion !== name ? ` Rename the folder, e.g. to "${suggestion}".` : '';
  return (
    `folder name "${name}" is not a service key; expected at least 3 lower-case letters, digits, "-" or "_", ` +
    `starting with a letter or digit, and exactly the service's key in the gateway config.${rename}`
  );
}

/**
 * Not an error: the brand works, with a favicon a brand manager should see before shipping
 * (docs/decisions/010-brand-folders-build-alone.md).
 */
function missingIconWarning({ viewBox: { width, height } }: SvgFile): string {
  const scale = 16 / Math.max(width, height);
  const [w, h] = [width, height].map((side) => Math.max(1, Math.round(side * scale)));
  return (
    `icon.svg: missing; the favicon will be logo.svg (${formatNumber(width)} × ${formatNumber(height)}) fitted into a square, ` +
    `so in a 16 × 16 px browser tab the drawing is ${w} × ${h} px. Add icon.svg, a square drawing of the brand's mark, for a readable favicon.`
  );
}

/**
 * The file's text, or undefined with a problem when it is too big, of another type or not
 * UTF-8. `what` names what the file should be ("an SVG drawing").
 */
async function readTextFile(
  file: string,
  name: string,
  what: string,
  problems: string[],
): Promise<string | undefined> {
  const { size } = await stat(file);
  if (size > SIZE_LIMITS.unread) {
    const limit = name === 'brand.json' ? SIZE_LIMITS.brandJson : SIZE_LIMITS.svg;
    problems.push(
      `${name}: is ${formatSize(size)}, too big to read; expected ${what} of at most ${formatSize(limit)}.` +
        (name === 'brand.json' ? '' : ` ${svgSizeAdvice(path.basename(path.dirname(file)))}`),
    );
    return undefined;
  }
  const bytes = await readFile(file);
  const type = sniffFileType(bytes);
  const text = type === undefined ? decodeUtf8(bytes) : undefined;
  if (text === undefined) {
    problems.push(
      `${name}: this is ${type ?? 'text in another encoding than UTF-8'}, not ${what}; ` +
        (name === 'brand.json'
          ? 'expected the brand settings as UTF-8 JSON text (see docs/brands.md).'
          : 'expected an SVG file. Renaming a file does not convert it: export the drawing as SVG ' +
            '(e.g. Illustrator: File → Export → Export As… → SVG; Figma: Export → SVG), saved as UTF-8.'),
    );
  }
  return text;
}

interface BrandJsonReading {
  brandJson?: BrandJson;
  /** The light page's color, when brand.json names a valid one, even if other fields are wrong. */
  backgroundColor?: string;
}

async function readBrandJson(dir: string, files: string[], problems: string[]): Promise<BrandJsonReading> {
  if (!files.includes('brand.json')) {
    problems.push('brand.json: missing; every brand needs one (see docs/brands.md)');
    return {};
  }
  const text = await readTextFile(path.join(dir, 'brand.json'), 'brand.json', 'a JSON text', problems);
  if (text === undefined) return {};
  if (Buffer.byteLength(text) > SIZE_LIMITS.brandJson) {
    problems.push(
      `brand.json: is ${formatSize(Buffer.byteLength(text))}; expected at most ${formatSize(SIZE_LIMITS.brandJson)} (it holds only the settings in docs/brands.md)`,
    );
    return {};
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problems.push(`brand.json: ${describeJsonMistake(text, error)}`);
    return {};
  }
  const parsed = brandJsonSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    problems.push(...parsed.error.issues.flatMap(describeIssue).map((text) => `brand.json → ${text}`));
  }
  // The colors are judged whatever else is wrong, so a typo elsewhere does not hide them.
  const colors = validColors(data);
  const colorProblems = brandColorProblems(data);
  problems.push(...colorProblems);
  const brandJson = parsed.success && colorProblems.length === 0 ? parsed.data : undefined;
  return { brandJson, backgroundColor: colors.backgroundColor };
}

async function readSvg(
  dir: string,
  name: string,
  files: string[],
  problems: string[],
  { required = false } = {},
): Promise<SvgFile | undefined> {
  if (!files.includes(name)) {
    if (required) problems.push(`${name}: missing; expected ${KNOWN_FILES.get(name)} as an SVG file`);
    return undefined;
  }
  const text = await readTextFile(path.join(dir, name), name, 'an SVG drawing', problems);
  if (text === undefined) return undefined;
  const size = measuredSvgSize(text);
  if (size > SIZE_LIMITS.svg) {
    problems.push(
      `${name}: is ${formatSize(size)} with its whitespace removed; expected at most ${formatSize(SIZE_LIMITS.svg)}. ${svgSizeAdvice(path.basename(dir))}`,
    );
    return undefined;
  }
  const inspection = inspectSvg(text, { brand: path.basename(dir) });
  const found = [...inspection.problems];
  // What the visitor would see differently from the designer, once the file is safe to read
  // (editor data aside, which tidy removes). These do not stop the drawing being measured: its
  // colors are listed in the same round.
  if (inspection.drawable && inspection.root)
    found.push(...unavailableFontProblems(inspection.root, path.basename(dir)));
  if (inspection.drawable && name === 'icon.svg' && inspection.viewBox) {
    const { width, height } = inspection.viewBox;
    if (width !== height) found.push(notSquareProblem(width, height));
  }
  problems.push(...found.map((problem) => `${name}: ${problem}`));
  return inspection.drawable && inspection.viewBox ? { text, viewBox: inspection.viewBox } : undefined;
}

/** A favicon and a home-screen icon are squares; a wider drawing is shrunk to fit one. */
function notSquareProblem(width: number, height: number): string {
  const side = Math.max(width, height);
  return (
    `has a viewBox of ${formatNumber(width)} × ${formatNumber(height)}, not a square; expected a square drawing of the brand's mark, ` +
    `e.g. viewBox="0 0 ${formatNumber(side)} ${formatNumber(side)}" with the mark centred, since tabs and home screens show the icon in a square`
  );
}

/** Turns one schema issue into "field: what is wrong; expected what". */
export function describeIssue(issue: z.core.$ZodIssue): string[] {
  const field = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedKeys(issue.path);
    return issue.keys.map((key) => {
      const meant = nearestKey(key, allowed);
      const guess = meant === undefined ? '' : ` did you mean "${meant}"?`;
      return `${joinPath(field, key)}: unknown key;${guess} allowed keys are ${allowed.join(', ')}`;
    });
  }
  if (field === '') {
    return [
      `is a ${describeType(issue.input)}; expected an object with the keys ${allowedKeys([]).join(', ')}`,
    ];
  }
  const expected = fieldExpectations[expectationKey(issue.path)] ?? 'a value as documented in docs/brands.md';
  if (issue.input === undefined) return [`${field}: missing; expected ${expected}`];
  const problem = issue.code === 'invalid_type' ? `is a ${describeType(issue.input)}` : issue.message;
  return [`${field}: ${JSON.stringify(issue.input)} ${problem}; expected ${expected}`];
}

function allowedKeys(objectPath: PropertyKey[]): string[] {
  let schema: z.ZodType = brandJsonSchema;
  for (const segment of objectPath) {
    if (schema instanceof z.ZodObject && typeof segment === 'string') schema = schema.shape[segment];
  }
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function expectationKey(issuePath: PropertyKey[]): string {
  return issuePath.filter((segment) => typeof segment === 'string').join('.');
}

function formatPath(issuePath: PropertyKey[]): string {
  return issuePath.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : joinPath(text, String(segment)),
    '',
  );
}

function joinPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'object' : typeof value;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function describeKnownFiles(): string {
  return [...KNOWN_FILES.keys()].join(', ');
}
