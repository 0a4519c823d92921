import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from './lib/command-line.ts';
import type { FontFace } from './lib/font-files.ts';

const command = 'npm run brands:tidy --';
const DRAWINGS = ['logo.svg', 'logo-dark.svg', 'icon.svg'] as const;

const { values, positionals } = parseCommandLine({
  command,
  summary:
    "Removes what drawing programs leave in a brand's SVGs (editor data, metadata, comments, the XML prolog) without changing the picture, and says what the SVG rules and the size limit of docs/brands.md still refuse.",
  options: {
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'Reads the brands from there (default: brands/)',
    },
    'dry-run': {
      type: 'boolean',
      default: false,
      description: 'Shows what it would remove and writes nothing',
    },
    crop: {
      type: 'boolean',
      default: false,
      description:
        "Crops each drawing's viewBox to what it draws, with a small margin (icon.svg: a square around it)",
    },
    font: {
      type: 'string',
      multiple: true,
      valueName: '<file>',
      description: "Converts the drawings' text in this font to outlines (a TTF, OTF, WOFF or WOFF2 file)",
    },
  },
  positionals: '<brand>',
  allowPositionals: true,
  notes: [
    'Tidies logo.svg, logo-dark.svg and icon.svg, those the folder has, in place. Exit 1 when a drawing still breaks a rule the build checks.',
    'With --font, each <text> in a given font becomes <path> outlines drawn with that font file, one file per weight and style (--font Brand-Regular.otf --font Brand-Bold.otf); a text in a font not given stays and is named.',
    'With --crop, a drawing left small on a large page fills its viewBox; nothing it draws changes, only the frame around it. Without --crop nothing is cropped: a drawing that fills too little is named (✗).',
    'See docs/brands.md, "Tidying a designer\'s export".',
  ],
});

// The heavier modules load once the command line is read: `--help` and a mistake answer at once.
const brandsDir = path.resolve(
  values['brands-dir'] ?? (await import('./vite/app-config.ts')).defaultBrandsDir,
);
const brands = await brandFolders(brandsDir);
const [brand, ...others] = positionals;
if (brand === undefined) {
  refuseCommandLine(command, `name the brand to tidy; the brands are: ${brands.join(', ')}.`);
}
if (others.length > 0) {
  refuseCommandLine(command, `tidies one brand at a time; got ${positionals.join(', ')}.`);
}
if (!brands.includes(brand)) {
  refuseCommandLine(command, `unknown brand "${brand}"; the brands are: ${brands.join(', ')}.`);
}

const [
  { writeFileAtomically },
  { decodeUtf8, sniffFileType },
  { measuredSvgSize, SIZE_LIMITS },
  { inspectSvg },
  { tidySvg },
  { outlineText },
  { cropToDrawing },
  { markProblems },
] = await Promise.all([
  import('./deploy/write-atomically.ts'),
  import('./lib/file-type.ts'),
  import('./lib/load-brands.ts'),
  import('./lib/svg-check.ts'),
  import('./lib/svg-tidy.ts'),
  import('./lib/svg-text-outline.ts'),
  import('./lib/svg-crop.ts'),
  import('./lib/mark-contrast.ts'),
]);
const faces = await readFonts(values.font ?? []);
const dir = path.join(brandsDir, brand);
const inFolder = new Set(await readdir(dir));
const present = DRAWINGS.filter((name) => inFolder.has(name));
const shown = path.relative(process.cwd(), dir);
const heading = `${shown.startsWith('..') ? dir : shown}/`;
if (present.length === 0) {
  console.log(`${heading} has no logo.svg, logo-dark.svg or icon.svg to tidy.`);
  process.exit(1);
}
const lines = [heading];
let failing = 0;
for (const name of present) {
  const outcome = await tidyFile(path.join(dir, name), values['dry-run']);
  lines.push(`  ${name}: ${outcome.summary}`, ...outcome.problems.map((problem) => `    ✗ ${problem}`));
  if (outcome.problems.length > 0) failing += 1;
}
console.log(lines.join('\n'));
if (failing > 0) {
  const drawings = failing === 1 ? '1 drawing still breaks' : `${failing} drawings still break`;
  console.log(
    `\n${drawings} the SVG rules or the size limit (✗ above); tidying removes only what cannot change the picture, so the rest is work for the drawing program.`,
  );
  process.exitCode = 1;
} else {
  const every = values['dry-run'] ? 'Once tidied, every drawing' : 'Every drawing';
  console.log(
    `\n${every} holds only what the SVG rules' lists allow and is within the size limit; \`npm run build -- --brand ${brand}\` checks the rest (fonts, colors, the icon's shape, brand.json).`,
  );
}
if (values['dry-run']) console.log('Dry run: nothing written.');

interface Outcome {
  summary: string;
  /** What the build would still refuse in the file as tidied. */
  problems: string[];
}

async function tidyFile(file: string, dryRun: boolean): Promise<Outcome> {
  const bytes = await readFile(file);
  const type = sniffFileType(bytes);
  const text = type === undefined ? decodeUtf8(bytes) : undefined;
  if (text === undefined) {
    const what = type ?? 'text in another encoding than UTF-8';
    return {
      summary: 'nothing tidied',
      problems: [`this is ${what}, not an SVG drawing; export the drawing as SVG, saved as UTF-8`],
    };
  }
  let tidied;
  try {
    tidied = tidySvg(text);
  } catch (error) {
    // svgo's parser refuses what the build's check refuses, in the build's words where it can.
    const problems = inspectSvg(text).problems;
    return { summary: 'nothing tidied', problems: problems.length > 0 ? problems : [String(error)] };
  }
  const outlined =
    faces.length > 0 ? outlineText(tidied.text, faces) : { text: tidied.text, converted: [], left: [] };
  const drawing = DRAWINGS.find((name) => name === path.basename(file));
  const crop = values.crop && drawing ? await cropToDrawing(outlined.text, drawing) : undefined;
  const cropped = crop && 'text' in crop ? crop : undefined;
  const tidiedText = cropped?.text ?? outlined.text;
  const problems = [
    ...outlined.left,
    ...(crop && 'problem' in crop ? [crop.problem] : []),
    ...problemsAfterTidying(tidiedText),
    // Whether it fills its viewBox, as the build measures it; the line above names the file.
    ...(drawing && inspectSvg(tidiedText).drawable
      ? (await markProblems({ file: drawing, text: tidiedText, schemes: [], brand })).map((problem) =>
          problem.replace(`${drawing}: `, ''),
        )
      : []),
  ];
  const done = [
    ...(tidied.removed.length > 0
      ? [`${dryRun ? 'would remove' : 'removed'} ${tidied.removed.join(', ')}`]
      : []),
    ...(outlined.converted.length > 0 ? [describeConversion(outlined.converted, dryRun)] : []),
    ...(cropped
      ? [
          `${dryRun ? 'would crop' : 'cropped'} the viewBox to the drawing (${Object.values(cropped.from).join(' ')} → ${Object.values(cropped.to).join(' ')})`,
        ]
      : []),
  ];
  if (done.length === 0) {
    return { summary: `nothing to tidy (${formatSize(bytes.length)})`, problems };
  }
  if (!dryRun) await writeFileAtomically(file, tidiedText);
  const after = formatSize(Buffer.byteLength(tidiedText));
  return { summary: `${formatSize(bytes.length)} → ${after}; ${done.join('; ')}`, problems };
}

/** "converted 2 texts to outlines in 'Source Sans 3' and 1 in 'Lato'" */
function describeConversion(
  converted: readonly { family: string; texts: number }[],
  dryRun: boolean,
): string {
  const parts = converted.map(
    ({ family, texts }, i) =>
      `${texts}${i === 0 ? (texts === 1 ? ' text to outlines' : ' texts to outlines') : ''} in '${family}'`,
  );
  return `${dryRun ? 'would convert' : 'converted'} ${parts.join(' and ')}`;
}

/** The faces of the --font files; one that cannot be read or is no font ends the command (exit 2). */
async function readFonts(files: readonly string[]): Promise<FontFace[]> {
  const { readFontFile } = await import('./lib/font-files.ts');
  const faces: FontFace[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      const code = error instanceof Error ? Reflect.get(error, 'code') : undefined;
      refuseCommandLine(
        command,
        `--font ${file} cannot be read (${String(code ?? error)}); expected the path of the brand's font file.`,
      );
    }
    const read = readFontFile(file, bytes);
    if ('problem' in read) refuseCommandLine(command, `--font ${read.problem}.`);
    faces.push(...read.faces);
  }
  return faces;
}

/** What the build's SVG check and size limit still refuse. */
function problemsAfterTidying(text: string): string[] {
  const size = measuredSvgSize(text);
  const tooBig =
    size > SIZE_LIMITS.svg
      ? [
          `still too big: ${formatSize(size)} with its whitespace removed; expected at most ${formatSize(SIZE_LIMITS.svg)}. ` +
            'Simplify its paths in the drawing program (Inkscape: Path → Simplify), or embed a smaller image.',
        ]
      : [];
  return [...tooBig, ...inspectSvg(text).problems];
}

async function brandFolders(brandsDir: string): Promise<string[]> {
  try {
    const entries = await readdir(brandsDir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    refuseCommandLine(command, `no brands folder at ${brandsDir}.`);
  }
}

function formatSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
