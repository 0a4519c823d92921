import { expect, test } from 'vitest';
import { affectedProjects, describeAffected, githubOutput } from './affected-projects.ts';

const suite = { brands: ['a-dok', 'a-ident', 'caac'], paying: ['a-ident'] };
const projectsOf = (changed: string[]) => {
  const affected = affectedProjects(changed, suite);
  return affected.all ? 'all' : affected.projects;
};

test.each([
  [
    'a brand folder alone: its project, the gallery, the release',
    ['brands/caac/logo.svg'],
    ['caac', 'gallery', 'production'],
  ],
  [
    'two brand folders',
    ['brands/caac/brand.json', 'brands/a-dok/icon.svg'],
    ['a-dok', 'caac', 'gallery', 'production'],
  ],
  ['a retired brand: no project of its own is left', ['brands/wdnews/brand.json'], ['gallery', 'production']],
  ['the every-brand specs: every brand', ['e2e/every-brand/views.spec.ts'], ['a-dok', 'a-ident', 'caac']],
  ['the a-ident specs: the brands that pay', ['e2e/a-ident/hostile.spec.ts'], ['a-ident']],
  ['the behaviour specs', ['e2e/behaviour/errors.spec.ts'], ['behaviour']],
  ['the gallery specs', ['e2e/gallery/tryout.spec.ts'], ['gallery']],
  ['the engines specs: both engines', ['e2e/engines/cross-engine.spec.ts'], ['firefox', 'webkit']],
  ['the production specs', ['e2e/production/nginx.spec.ts'], ['production']],
  [
    'docs, the README and Vitest tests: no browser project',
    ['docs/ci.md', 'README.md', 'tests/scripts/build.test.ts'],
    [],
  ],
  [
    'docs beside a brand: the brand',
    ['docs/brands.md', 'brands/caac/brand.json'],
    ['caac', 'gallery', 'production'],
  ],
])('%s', (_, changed, projects) => {
  expect(projectsOf(changed)).toEqual(projects);
});

test.each([
  ['src/app/flow.ts'],
  ['scripts/lib/csp.ts'],
  ['tools/demo/demo-server.ts'],
  ['e2e/support/fixtures.ts'],
  ['e2e/playwright.config.ts'],
  ['e2e/production/support/gateway.ts'],
  ['package-lock.json'],
  ['.github/workflows/ci.yml'],
  ['brands/README'],
  ['a-new-top-level-file.txt'],
])('%s, or any path the rule does not know, runs the full suite', (path) => {
  expect(affectedProjects(['brands/caac/brand.json', path], suite)).toEqual({ all: true, because: path });
});

test('GitHub output: run with the projects as arguments, the full suite as none, nothing as run=false', () => {
  expect(githubOutput(affectedProjects(['brands/caac/logo.svg'], suite))).toBe(
    'run=true\nprojects=--project=caac --project=gallery --project=production\n',
  );
  expect(githubOutput(affectedProjects(['src/main.tsx'], suite))).toBe('run=true\nprojects=\n');
  expect(githubOutput(affectedProjects(['docs/ci.md'], suite))).toBe('run=false\nprojects=\n');
});

test('tells a person which path pulled each project in', () => {
  expect(
    describeAffected(affectedProjects(['brands/caac/logo.svg', 'e2e/behaviour/errors.spec.ts'], suite)),
  ).toBe(
    [
      '4 of the browser projects:',
      '  behaviour   e2e/behaviour/errors.spec.ts',
      '  caac        brands/caac/logo.svg',
      '  gallery     brands/caac/logo.svg',
      '  production  brands/caac/logo.svg',
    ].join('\n'),
  );
  expect(describeAffected(affectedProjects(['src/main.tsx'], suite))).toMatch(
    /^The full suite: src\/main.tsx changed/,
  );
  expect(describeAffected(affectedProjects([], suite))).toMatch(/^No browser project/);
});
