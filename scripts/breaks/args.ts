import { parseArgs } from 'node:util';

export interface BreaksOptions {
  /** Names of the breaks to try; empty for all. */
  only: string[];
  rev: string;
  baseline: boolean;
  report: string | undefined;
  /** Everything after the second `--`, for `playwright test`. */
  playwrightArgs: string[];
}

export const USAGE = `npm run breaks -- [--only <name>]... [--rev <commit>] [--baseline] [--report <file.md>] [-- <playwright args>]`;

/** The tool's own options, up to a `--`; what follows goes to Playwright as it is. */
export function parseBreaksArgs(argv: string[]): BreaksOptions {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const { values } = parseArgs({
    args: own,
    options: {
      only: { type: 'string', multiple: true, default: [] },
      rev: { type: 'string', default: 'HEAD' },
      baseline: { type: 'boolean', default: false },
      report: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    only: values.only,
    rev: values.rev,
    baseline: values.baseline,
    report: values.report,
    playwrightArgs: split === -1 ? [] : argv.slice(split + 1),
  };
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
