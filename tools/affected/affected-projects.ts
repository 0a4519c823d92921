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

/** What `--json` prints. With `all`, `projects` is every project and each reason the same path. */
export interface Affected {
  all: boolean;
  projects: string[];
  /** Each project, with the changed path that pulled it in. */
  reasons: Record<string, string>;
}

/**
 * Paths no browser project reads: the docs, Vitest's own test files, files of git and the editor.
 * Only test files: e2e/gallery/tryout.spec.ts imports tests/scripts/brand-fixtures.ts, so any
 * other file of tests/ may be the suite's.
 */
const NOTHING = [
  /^docs\//,
  /^[^/]+\.md$/,
  /^tests\/.+\.test\.tsx?$/,
  /^\.gitignore$/,
  /^\.prettierignore$/,
  /^LICENSE$/,
];

/**
 * The spec folders of e2e/ and the projects that run them (e2e/playwright.config.ts's testMatch).
 * Only their specs: e2e/support/suite-reporter.ts, which every project runs, imports
 * e2e/production/support/, so a helper beside the specs runs the whole suite.
 */
const SPEC_FOLDERS = new Map<string, (suite: SuiteProjects) => readonly string[]>([
  ['every-brand', (suite) => suite.brands],
  ['a-ident', (suite) => suite.paying],
  ['behaviour', () => ['behaviour']],
  ['gallery', () => ['gallery']],
  ['engines', () => ['firefox', 'webkit']],
  ['production', () => ['production']],
]);

/**
 * What a brand folder's change reaches besides the brand's own project: the projects that run
 * against brands they name or pick from brands/ (behaviour runs against a-dok, the gallery shows
 * every brand, the engines try a-dok, a-ident and the brand with the most preview views, the
 * release holds them all).
 */
const EVERY_BRAND_CHANGE = ['behaviour', 'gallery', 'firefox', 'webkit', 'production'];

/** Every project of the suite, sorted. */
export function allProjects(suite: SuiteProjects): string[] {
  return [...new Set([...SPEC_FOLDERS.values()].flatMap((projects) => projects(suite)))].sort();
}

/** The projects a path needs, or undefined when only the whole suite is safe. */
function projectsOf(path: string, suite: SuiteProjects): readonly string[] | undefined {
  if (NOTHING.some((pattern) => pattern.test(path))) return [];
  const brand = /^brands\/([^/]+)\//.exec(path)?.[1];
  if (brand !== undefined) {
    // A retired brand has no project left; the projects over every brand still see it go.
    return suite.brands.includes(brand) ? [brand, ...EVERY_BRAND_CHANGE] : EVERY_BRAND_CHANGE;
  }
  const folder = /^e2e\/([^/]+)\/.+\.spec\.ts$/.exec(path)?.[1];
  return folder === undefined ? undefined : SPEC_FOLDERS.get(folder)?.(suite);
}

/** The projects the changed paths (relative to the repository, with `/`) need. */
export function affectedProjects(changed: readonly string[], suite: SuiteProjects): Affected {
  const reasons: Record<string, string> = {};
  for (const path of [...changed].sort()) {
    const projects = projectsOf(path, suite);
    if (!projects) {
      const all = allProjects(suite);
      return { all: true, projects: all, reasons: Object.fromEntries(all.map((project) => [project, path])) };
    }
    for (const project of projects) reasons[project] ??= path;
  }
  const projects = Object.keys(reasons).sort();
  return {
    all: false,
    projects,
    reasons: Object.fromEntries(projects.map((project) => [project, reasons[project] ?? ''])),
  };
}

/**
 * The lines `--github-output` appends: whether to run, and Playwright's arguments, none for the
 * whole suite. The workflow splits them into words, so a project whose name is not one word (no
 * brand folder the build accepts) runs the whole suite rather than a broken command line.
 */
export function githubOutput(affected: Affected): string {
  if (affected.all || !affected.projects.every((project) => /^[\w.-]+$/.test(project)))
    return 'run=true\nprojects=\n';
  const args = affected.projects.map((project) => `--project=${project}`).join(' ');
  return `run=${affected.projects.length > 0}\nprojects=${args}\n`;
}

/** What a person reads: the projects and the path that pulled each in. */
export function describeAffected(affected: Affected): string {
  const [first] = affected.projects;
  if (first === undefined) return 'No browser project: only docs, Vitest tests or git files changed.';
  if (affected.all) return `The full suite: ${affected.reasons[first]} changed, and any project may read it.`;
  const width = Math.max(...affected.projects.map((project) => project.length));
  return [
    'The browser projects this change needs, each with a path that pulls it in:',
    ...affected.projects.map((project) => `  ${project.padEnd(width)}  ${affected.reasons[project]}`),
  ].join('\n');
}
