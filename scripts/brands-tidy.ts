import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from './lib/command-line.ts';

const command = 'npm run brands:tidy --';
const DRAWINGS = ['logo.svg', 'logo-dark.svg', 'icon.svg'];

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
  },
  positionals: '<brand>',
  allowPositionals: true,
  notes: [
    'Tidies logo.svg, logo-dark.svg and icon.svg, those the folder has, in place. Exit 1 when a drawing still breaks a rule the build checks.',
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
] = await Promise.all([
  import('./deploy/write-atomically.ts'),
  import('./lib/file-type.ts'),
  import('./lib/load-brands.ts'),
  import('./lib/svg-check.ts'),
  import('./lib/svg-tidy.ts'),
]);
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
  const problems = problemsAfterTidying(tidied.text);
  if (tidied.removed.length === 0) {
    return { summary: `nothing to tidy (${formatSize(bytes.length)})`, problems };
  }
  if (!dryRun) await writeFileAtomically(file, tidied.text);
  const after = formatSize(Buffer.byteLength(tidied.text));
  const verb = dryRun ? 'would remove' : 'removed';
  return {
    summary: `${formatSize(bytes.length)} → ${after}; ${verb} ${tidied.removed.join(', ')}`,
    problems,
  };
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
