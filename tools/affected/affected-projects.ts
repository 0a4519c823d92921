/**
 * Which browser projects a change can break (`npm run affected`), from the paths it changes. When
 * in doubt, everything: a path this rule does not know runs the whole suite.
 */

export interface SuiteProjects {
  /** The brand projects, one per folder in brands/. */
  brands: readonly string[];
  /** Those of them that take payments, which add e2e/a-ident/. */
  paying: readonly string[];
}

export type Affected =
  { all: true; because: string } | { all: false; projects: string[]; reasons: Record<string, string> };

/** Paths no browser project reads: the docs, Vitest's own tests, files of git and the editor. */
const NOTHING = [/^docs\//, /^[^/]+\.md$/, /^tests\//, /^\.gitignore$/, /^\.prettierignore$/, /^LICENSE$/];

/** Test folders of e2e/ and the projects that run them; the brand folders are read from brands/. */
function e2eFolder(folder: string, suite: SuiteProjects): readonly string[] | undefined {
  switch (folder) {
    case 'every-brand':
      return suite.brands;
    case 'a-ident':
      return suite.paying;
    case 'behaviour':
      return ['behaviour'];
    case 'gallery':
      return ['gallery'];
    case 'engines':
      return ['firefox', 'webkit'];
    case 'production':
      return ['production'];
    default:
      return undefined;
  }
}

/** The projects the changed paths (relative to the repository, with `/`) need. */
export function affectedProjects(changed: readonly string[], suite: SuiteProjects): Affected {
  const reasons: Record<string, string> = {};
  const add = (projects: readonly string[], path: string) => {
    for (const project of projects) reasons[project] ??= path;
  };
  for (const path of changed) {
    if (NOTHING.some((pattern) => pattern.test(path))) continue;
    const brand = /^brands\/([^/]+)\//.exec(path);
    if (brand) {
      const service = brand[1] ?? '';
      // A retired brand has no project left; the gallery and the release still show the change.
      add(
        suite.brands.includes(service) ? [service, 'gallery', 'production'] : ['gallery', 'production'],
        path,
      );
      continue;
    }
    const spec = /^e2e\/([^/]+)\/.+\.spec\.ts$/.exec(path);
    const projects = spec ? e2eFolder(spec[1] ?? '', suite) : undefined;
    if (projects) {
      add(projects, path);
      continue;
    }
    return { all: true, because: path };
  }
  const projects = Object.keys(reasons).sort();
  return { all: false, projects, reasons };
}

/** The lines `--github-output` appends: whether to run, and the Playwright arguments. */
export function githubOutput(affected: Affected): string {
  if (affected.all) return 'run=true\nprojects=\n';
  const args = affected.projects.map((project) => `--project=${project}`).join(' ');
  return `run=${affected.projects.length > 0}\nprojects=${args}\n`;
}

/** What a person reads: the projects and the path that pulled each in. */
export function describeAffected(affected: Affected): string {
  if (affected.all) return `The full suite: ${affected.because} changed, which any project may read.`;
  if (affected.projects.length === 0)
    return 'No browser project: only docs, Vitest tests or git files changed.';
  const width = Math.max(...affected.projects.map((project) => project.length));
  return [
    `${affected.projects.length} of the browser projects:`,
    ...affected.projects.map((project) => `  ${project.padEnd(width)}  ${affected.reasons[project]}`),
  ].join('\n');
}
