import { readCommandLine } from '../../scripts/lib/command-line.ts';

export interface BreaksOptions {
  /** Names of the breaks to try; empty for all. */
  only: string[];
  rev: string;
  baseline: boolean;
  report: string | undefined;
  /** Only the staleness check, on the files as they are: no copy, no build, no browser. */
  checkOnly: boolean;
  /** Everything after the second `--`, for `playwright test`. */
  playwrightArgs: string[];
}

export type BreaksCommandLine =
  { kind: 'run'; options: BreaksOptions } | { kind: 'help'; text: string } | { kind: 'error'; text: string };

const COMMAND = 'npm run breaks --';

/** The tool's own options, up to a `--`; what follows goes to Playwright as it is. */
export function readBreaksArgs(argv: readonly string[]): BreaksCommandLine {
  const split = argv.indexOf('--');
  const line = readCommandLine(
    {
      command: COMMAND,
      summary:
        'Applies each deliberate break of tools/breaks/breaks.ts to a throw-away copy of the committed ' +
        'code, builds it, runs the browser suite there and lists the tests that catch each; a stale ' +
        'break (see --check-only) stops the run before anything is built.',
      options: {
        only: {
          type: 'string',
          multiple: true,
          default: [],
          valueName: '<name>',
          description: 'Tries only the break of that name',
        },
        rev: {
          type: 'string',
          valueName: '<commit>',
          description: 'Makes the copies from that commit (default: HEAD)',
        },
        baseline: {
          type: 'boolean',
          default: false,
          description: 'Runs the suite once without a break first; tests failing there do not count',
        },
        report: { type: 'string', valueName: '<file.md>', description: 'Writes the report there too' },
        'check-only': {
          type: 'boolean',
          default: false,
          description:
            'Only checks that every break applies, changes code that runs and compiles, on the files as ' +
            'they are; exits 1 when one is stale',
        },
      },
      notes: [
        `Everything after a second \`--\` goes to \`playwright test\`, e.g. ${COMMAND} --only "paste appends" -- --project behaviour.`,
        'See docs/testing.md.',
      ],
    },
    split === -1 ? argv : argv.slice(0, split),
  );
  if (line.kind !== 'run') return line;
  const { values } = line;
  const options: BreaksOptions = {
    only: values.only,
    rev: values.rev ?? 'HEAD',
    baseline: values.baseline,
    report: values.report,
    checkOnly: values['check-only'],
    playwrightArgs: split === -1 ? [] : argv.slice(split + 1),
  };
  if (options.checkOnly) {
    // The check reads the working tree, as lint and tsc do; these only mean something to a run.
    const runOnly = [
      values.rev !== undefined && '--rev',
      options.baseline && '--baseline',
      options.report !== undefined && '--report',
      split !== -1 && 'Playwright arguments',
    ].filter((flag) => flag !== false);
    if (runOnly.length > 0) {
      return {
        kind: 'error',
        text: `${COMMAND}: --check-only checks the files as they are and runs nothing; only a full run takes ${runOnly.join(', ')}.\nRun \`${COMMAND} --help\` for the options.`,
      };
    }
  }
  return { kind: 'run', options };
}

const PRODUCTION = 'production';

/**
 * Which builds a Playwright selection needs: the demo build for the brand projects (their global
 * setup wants it whenever the run is not the production project alone, as e2e/playwright.config.ts
 * decides), the release for the production project. `--project` takes several names, as
 * Playwright's own option does, and `*` patterns.
 */
export function buildsFor(playwrightArgs: string[]): { demo: boolean; release: boolean } {
  const projects = selectedProjects(playwrightArgs);
  if (projects.length === 0) return { demo: true, release: true };
  return {
    demo: !projects.every((project) => project === PRODUCTION),
    release: projects.some((project) => matchesProject(project, PRODUCTION)),
  };
}

function selectedProjects(args: string[]): string[] {
  const projects: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg === '--project') {
      while (index + 1 < args.length && !args[index + 1]?.startsWith('-')) projects.push(args[++index] ?? '');
    }
  }
  return projects;
}

function matchesProject(pattern: string, name: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i').test(name);
}
