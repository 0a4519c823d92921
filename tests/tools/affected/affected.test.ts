import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { projectRoot } from '../../../scripts/vite/app-config.ts';
import { makeTempDir } from '../../scripts/brand-fixtures.ts';

// The real command in a throwaway repository laid out like this one (three brands, a-ident the
// paying one), run there with BRANDS_DIR on its brands/. The rule itself is
// affected-projects.test.ts's.
const run = promisify(execFile);
// Each test runs the command (node, tsx, git) up to five times: seconds each on a loaded machine.
const SPAWNS = 90_000;
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const script = path.join(projectRoot, 'tools', 'affected.ts');

let repo = '';
/** Where GITHUB_OUTPUT's file goes: in the repository, it would be an untracked change. */
let outside = '';
beforeEach(async () => {
  repo = await makeTempDir('affected-');
  outside = await makeTempDir('affected-output-');
  await git('init', '--quiet', '--initial-branch=main');
  for (const file of [
    'brands/a-dok/brand.json',
    'brands/a-ident/brand.json',
    'brands/caac/brand.json',
    'src/main.tsx',
    'docs/ci.md',
    'e2e/behaviour/errors.spec.ts',
  ])
    await put(file, 'first\n');
  await commit('base');
}, SPAWNS);
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** Vitest's variables, and git's (a hook's GIT_DIR would point these commands at this repository). */
function commandEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(NODE_ENV|TEST|VITEST.*|FORCE_COLOR|__VITEST.*|GIT_.*|GITHUB_OUTPUT)$/.test(name),
      ),
    ),
    BRANDS_DIR: path.join(repo, 'brands'),
    ...env,
  };
}

async function git(...args: string[]): Promise<string> {
  const identity = [
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@example.invalid',
    '-c',
    'commit.gpgsign=false',
  ];
  return (await run('git', [...identity, ...args], { cwd: repo, env: commandEnv({}) })).stdout.trim();
}

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await writeFile(path.join(repo, file), text);
}

async function commit(message: string): Promise<string> {
  await git('add', '--all');
  await git('commit', '--quiet', '-m', message);
  return git('rev-parse', 'HEAD');
}

async function affected(args: string[], env: NodeJS.ProcessEnv = {}) {
  return run(tsx, [script, ...args], { cwd: repo, env: commandEnv(env) }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function json(args: string[]) {
  const { code, stdout, stderr } = await affected([...args, '--json']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as unknown;
}

const BRAND_CHANGE = ['behaviour', 'firefox', 'gallery', 'production', 'webkit'];

test(
  'a brand committed since the base: its project and those over every brand, for the workflow too',
  async () => {
    const base = await git('rev-parse', 'HEAD');
    await put('brands/a-dok/brand.json', 'second\n');
    await commit('a-dok');
    const output = path.join(outside, 'github-output');
    await writeFile(output, 'earlier=line\n');

    const { code, stdout } = await affected(['--base', base, '--github-output'], { GITHUB_OUTPUT: output });

    expect(code).toBe(0);
    expect(stdout).toContain(`  a-dok       brands/a-dok/brand.json\n`);
    expect(await readFile(output, 'utf8')).toBe(
      'earlier=line\nrun=true\nprojects=--project=a-dok --project=behaviour --project=firefox ' +
        '--project=gallery --project=production --project=webkit\n',
    );
    expect(await json(['--base', base])).toEqual({
      all: false,
      projects: ['a-dok', ...BRAND_CHANGE].sort(),
      reasons: Object.fromEntries(['a-dok', ...BRAND_CHANGE].map((p) => [p, 'brands/a-dok/brand.json'])),
    });
  },
  SPAWNS,
);

test(
  'src/ changed: the full suite, and no --project for the workflow',
  async () => {
    const base = await git('rev-parse', 'HEAD');
    await put('src/main.tsx', 'second\n');
    await commit('src');
    const output = path.join(outside, 'github-output');

    const { stdout } = await affected(['--base', base, '--github-output'], { GITHUB_OUTPUT: output });

    expect(stdout).toBe('The full suite: src/main.tsx changed, and any project may read it.\n');
    expect(await readFile(output, 'utf8')).toBe('run=true\nprojects=\n');
    const answer = await json(['--base', base]);
    expect(answer).toMatchObject({
      all: true,
      reasons: { 'a-ident': 'src/main.tsx', webkit: 'src/main.tsx' },
    });
    expect((answer as { projects: string[] }).projects).toEqual(
      ['a-dok', 'a-ident', 'caac', ...BRAND_CHANGE].sort(),
    );
  },
  SPAWNS,
);

test(
  'only docs: no browser project, and run=false',
  async () => {
    const base = await git('rev-parse', 'HEAD');
    await put('docs/ci.md', 'second\n');
    await commit('docs');
    const output = path.join(outside, 'github-output');

    const { stdout } = await affected(['--base', base, '--github-output'], { GITHUB_OUTPUT: output });

    expect(stdout).toMatch(/^No browser project/);
    expect(await readFile(output, 'utf8')).toBe('run=false\nprojects=\n');
  },
  SPAWNS,
);

test(
  'what is not committed counts, unless --committed-only: changed, staged and untracked files',
  async () => {
    await put('e2e/behaviour/errors.spec.ts', 'changed\n');
    await put('docs/new.md', 'untracked\n');
    expect(await json(['--base', 'HEAD', '--committed-only'])).toEqual({
      all: false,
      projects: [],
      reasons: {},
    });
    expect(await json(['--base', 'HEAD'])).toMatchObject({ all: false, projects: ['behaviour'] });

    await put('e2e/gallery/new.spec.ts', 'untracked\n');
    expect(await json(['--base', 'HEAD'])).toMatchObject({ projects: ['behaviour', 'gallery'] });
    await put('src/main.tsx', 'staged\n');
    await git('add', 'src/main.tsx');
    expect(await json(['--base', 'HEAD'])).toMatchObject({ all: true, reasons: { gallery: 'src/main.tsx' } });
  },
  SPAWNS,
);

test(
  'a renamed brand counts at both paths: the new brand runs, the retired one has no project',
  async () => {
    const base = await git('rev-parse', 'HEAD');
    await git('mv', 'brands/caac', 'brands/cdap');
    await commit('caac is cdap now');

    expect(await json(['--base', base])).toEqual({
      all: false,
      projects: ['behaviour', 'cdap', 'firefox', 'gallery', 'production', 'webkit'],
      reasons: {
        behaviour: 'brands/caac/brand.json',
        cdap: 'brands/cdap/brand.json',
        firefox: 'brands/caac/brand.json',
        gallery: 'brands/caac/brand.json',
        production: 'brands/caac/brand.json',
        webkit: 'brands/caac/brand.json',
      },
    });
  },
  SPAWNS,
);

test(
  'the change is the branch’s since it left the base, as a pull request shows it',
  async () => {
    await git('checkout', '--quiet', '-b', 'feature');
    await put('brands/caac/brand.json', 'feature\n');
    await commit('caac on the branch');
    await git('checkout', '--quiet', 'main');
    await put('src/main.tsx', 'main moved on\n');
    await commit('src on main');
    await git('checkout', '--quiet', 'feature');

    expect(await json(['--base', 'main'])).toMatchObject({
      all: false,
      projects: ['caac', ...BRAND_CHANGE].sort(),
    });
  },
  SPAWNS,
);

test(
  'a base git does not know, or none, or no GITHUB_OUTPUT: a sentence and exit 2',
  async () => {
    const unknown = await affected(['--base', 'no-such-commit-anywhere']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--base no-such-commit-anywhere: git knows no such commit here');
    const none = await affected([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--base <commit> is required');
    const option = await affected(['--base=--output=written']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('a commit, not an option');
    const output = await affected(['--base', 'HEAD', '--github-output']);
    expect(output.code).toBe(2);
    expect(output.stderr).toContain('needs the GITHUB_OUTPUT environment variable');
  },
  SPAWNS,
);

test(
  'a base with no history in common with HEAD: told, exit 2',
  async () => {
    await git('checkout', '--quiet', '--orphan', 'unrelated');
    await commit('a history of its own');
    const base = await git('rev-parse', 'HEAD');
    await git('checkout', '--quiet', 'main');

    const { code, stderr } = await affected(['--base', base]);

    expect(code).toBe(2);
    expect(stderr).toContain('no common history with HEAD');
  },
  SPAWNS,
);
