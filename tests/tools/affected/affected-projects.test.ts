import { expect, test } from 'vitest';
import {
  affectedProjects,
  allProjects,
  describeAffected,
  githubOutput,
} from '../../../tools/affected/affected-projects.ts';

const suite = { brands: ['a-dok', 'a-ident', 'caac'], paying: ['a-ident'] };
const projectsOf = (changed: string[]) => {
  const affected = affectedProjects(changed, suite);
  return affected.all ? 'all' : affected.projects;
};
/** The projects that run against named brands or every brand, which any brand's change reaches. */
const overBrands = ['behaviour', 'firefox', 'gallery', 'production', 'webkit'];

test.each([
  [
    'a brand folder alone: its project and those over every brand',
    ['brands/caac/logo.svg'],
    ['caac', ...overBrands].sort(),
  ],
  [
    'two brand folders: both projects',
    ['brands/caac/brand.json', 'brands/a-dok/icon.svg'],
    ['a-dok', 'caac', ...overBrands].sort(),
  ],
  ['a retired brand: no project of its own is left', ['brands/wdnews/brand.json'], overBrands],
  ['the every-brand specs: every brand', ['e2e/every-brand/views.spec.ts'], ['a-dok', 'a-ident', 'caac']],
  ['the a-ident specs: the brands that pay', ['e2e/a-ident/hostile.spec.ts'], ['a-ident']],
  ['the behaviour specs', ['e2e/behaviour/errors.spec.ts'], ['behaviour']],
  ['the gallery specs', ['e2e/gallery/tryout.spec.ts'], ['gallery']],
  ['the engines specs: both engines', ['e2e/engines/cross-engine.spec.ts'], ['firefox', 'webkit']],
  ['the production specs', ['e2e/production/nginx.spec.ts'], ['production']],
  ['docs only: no browser project', ['docs/ci.md', 'docs/decisions/014-other-engines.md'], []],
  [
    'Vitest tests only: no browser project',
    ['tests/scripts/build.test.ts', 'tests/src/app/app.test.tsx', 'tests/tools/demo/demo-server.test.ts'],
    [],
  ],
  [
    'the README and git files: no browser project',
    ['README.md', '.gitignore', '.prettierignore', 'LICENSE'],
    [],
  ],
  [
    'docs beside a brand: the brand',
    ['docs/brands.md', 'brands/caac/brand.json'],
    ['caac', ...overBrands].sort(),
  ],
  ['nothing changed: no browser project', [], []],
])('%s', (_, changed, projects) => {
  expect(projectsOf(changed)).toEqual(projects);
});

test.each([
  ['src/app/flow.ts'],
  ['scripts/lib/csp.ts'],
  ['tools/demo/demo-server.ts'],
  ['tools/affected/affected-projects.ts'],
  ['e2e/support/fixtures.ts'],
  ['e2e/playwright.config.ts'],
  ['e2e/spec-weights.json'],
  // Every project's reporter imports e2e/production/support/nginx.ts.
  ['e2e/production/support/nginx.ts'],
  ['e2e/unknown-folder/new.spec.ts'],
  ['e2e/constructor/new.spec.ts'],
  // e2e/gallery/tryout.spec.ts imports it.
  ['tests/scripts/brand-fixtures.ts'],
  ['package.json'],
  ['package-lock.json'],
  ['vite.config.ts'],
  ['tsconfig.json'],
  ['.ci/run'],
  ['.github/workflows/ci.yml'],
  ['.npmrc'],
  ['brands/README'],
  ['docs.md/not-docs.ts'],
  ['a-new-top-level-file.txt'],
])('%s, or any path the rule does not know, runs the full suite', (path) => {
  const affected = affectedProjects(['docs/ci.md', 'brands/caac/brand.json', path], suite);
  expect(affected.all).toBe(true);
  expect(affected.projects).toEqual(allProjects(suite));
  expect(new Set(Object.values(affected.reasons))).toEqual(new Set([path]));
});

test('every project of the suite: one per brand, and those that run once', () => {
  expect(allProjects(suite)).toEqual(['a-dok', 'a-ident', 'caac', ...overBrands].sort());
});

test('GitHub output: run with the projects as arguments, the full suite as none, nothing as run=false', () => {
  expect(githubOutput(affectedProjects(['e2e/engines/cross-engine.spec.ts'], suite))).toBe(
    'run=true\nprojects=--project=firefox --project=webkit\n',
  );
  expect(githubOutput(affectedProjects(['src/main.tsx'], suite))).toBe('run=true\nprojects=\n');
  expect(githubOutput(affectedProjects(['docs/ci.md'], suite))).toBe('run=false\nprojects=\n');
});

test('GitHub output: a brand whose name is not one word runs the full suite, not a broken line', () => {
  const odd = { brands: ['a-dok', 'two words', 'new\nline'], paying: [] };
  expect(githubOutput(affectedProjects(['brands/two words/brand.json'], odd))).toBe('run=true\nprojects=\n');
  expect(githubOutput(affectedProjects(['e2e/every-brand/views.spec.ts'], odd))).toBe(
    'run=true\nprojects=\n',
  );
});

test('tells a person which path pulled each project in', () => {
  expect(
    describeAffected(
      affectedProjects(
        ['e2e/engines/cross-engine.spec.ts', 'e2e/behaviour/errors.spec.ts', 'docs/ci.md'],
        suite,
      ),
    ),
  ).toBe(
    [
      'The browser projects this change needs, each with a path that pulls it in:',
      '  behaviour  e2e/behaviour/errors.spec.ts',
      '  firefox    e2e/engines/cross-engine.spec.ts',
      '  webkit     e2e/engines/cross-engine.spec.ts',
    ].join('\n'),
  );
  expect(describeAffected(affectedProjects(['src/main.tsx', 'brands/caac/logo.svg'], suite))).toBe(
    'The full suite: src/main.tsx changed, and any project may read it.',
  );
  expect(describeAffected(affectedProjects(['docs/ci.md'], suite))).toMatch(/^No browser project/);
});
