import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The project's eslint.config.js on a small tree of its own: the layers, the features, the entry
 * points and the one chunk loader (eslint-plugin-boundaries and no-restricted-syntax, decision
 * 027). The imported files exist, because the plugin classifies the file an import resolves to.
 */
const FILES = [
  'src/main.tsx',
  'src/start-config.ts',
  'src/preview/preview-frame.tsx',
  'src/app/flow.ts',
  'src/app/lazy-steps.ts',
  'src/features/verify/verify-view.tsx',
  'src/features/verify/api/verify-code.ts',
  'src/features/send-code/send-code-view.tsx',
  'src/components/spinner.tsx',
  'src/lib/messages.ts',
  'src/types/login-method.ts',
  'scripts/lib/bake-html.ts',
  'tools/demo/ports.ts',
];
const RULES = new Set(['boundaries/dependencies', 'no-restricted-syntax', 'architecture/extensions']);

let root: string;
let eslint: ESLint;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-test-layers-'));
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'export const x = 1;\n');
  }
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(import.meta.dirname, '../../../eslint.config.js'),
    overrideConfig: { settings: { 'boundaries/root-path': root } },
  });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The messages of the architecture's rules for `code` as the file `file` of the tree. */
async function problems(file: string, code: string) {
  const results = await eslint.lintText(code, { filePath: path.join(root, file) });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.fatal || RULES.has(message.ruleId ?? ''));
}

describe('allowed', () => {
  test.each([
    [
      'app imports a feature and the layers below',
      'src/app/flow.ts',
      "import '../features/verify/verify-view.tsx'; import '../components/spinner.tsx'; import '../lib/messages.ts'; import '../types/login-method.ts';",
    ],
    [
      'a feature imports its own api, and its api the feature',
      'src/features/verify/api/verify-code.ts',
      "import '../verify-view.tsx';",
    ],
    [
      'a feature imports lib, components and types',
      'src/features/verify/verify-view.tsx',
      "import './api/verify-code.ts'; import '../../lib/messages.ts'; import '../../components/spinner.tsx'; import type { X } from '../../types/login-method.ts';",
    ],
    [
      'lib imports lib and types',
      'src/lib/messages.ts',
      "import '../types/login-method.ts'; export * from './messages.ts';",
    ],
    [
      'the page entry composes',
      'src/main.tsx',
      "import './app/flow.ts'; import './preview/preview-frame.tsx'; import './start-config.ts';",
    ],
    [
      'the preview composes like app',
      'src/preview/preview-frame.tsx',
      "import '../app/lazy-steps.ts'; import '../features/send-code/send-code-view.tsx'; import '../main.tsx';",
    ],
    [
      'the loaders load chunks',
      'src/app/lazy-steps.ts',
      "export const load = () => import('../features/verify/verify-view.tsx');",
    ],
    [
      'a file at the src root imports any layer, and loads lazily',
      'src/start-config.ts',
      "import './app/flow.ts'; export const load = () => import('./lib/messages.ts');",
    ],
    [
      'every layer imports a file at the src root',
      'src/types/login-method.ts',
      "import '../start-config.ts';",
    ],
    ['packages are not layers', 'src/lib/messages.ts', "import 'react'; import 'zod/mini';"],
    [
      'scripts import src',
      'scripts/lib/bake-html.ts',
      "import '../../src/app/flow.ts'; import '../../src/lib/messages.ts';",
    ],
  ])('%s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('reported', () => {
  test.each([
    [
      'lib imports app',
      'src/lib/messages.ts',
      "import '../app/flow.ts';",
      'src/lib may not import from src/app, a layer above',
    ],
    [
      'lib imports a component',
      'src/lib/messages.ts',
      "import '../components/spinner.tsx';",
      'src/lib may not import from src/components, a layer above',
    ],
    [
      'types import lib',
      'src/types/login-method.ts',
      "import type { X } from '../lib/messages.ts';",
      'src/types may not import from src/lib, a layer above',
    ],
    [
      'a component imports a feature',
      'src/components/spinner.tsx',
      "import '../features/verify/verify-view.tsx';",
      'src/components may not import from src/features, a layer above',
    ],
    [
      'a feature imports app',
      'src/features/verify/verify-view.tsx',
      "import '../../app/flow.ts';",
      'src/features may not import from src/app, a layer above',
    ],
    [
      'a feature imports another feature',
      'src/features/verify/verify-view.tsx',
      "import '../send-code/send-code-view.tsx';",
      'src/features/verify may not import from another feature (src/features/send-code)',
    ],
    [
      'a feature api imports another feature',
      'src/features/verify/api/verify-code.ts',
      "import type { X } from '../../send-code/send-code-view.tsx';",
      'src/features/verify may not import from another feature (src/features/send-code)',
    ],
    [
      'a feature re-exports another feature',
      'src/features/send-code/send-code-view.tsx',
      "export { x } from '../verify/verify-view.tsx';",
      'src/features/send-code may not import from another feature (src/features/verify)',
    ],
    [
      'a layer imports an entry point',
      'src/app/flow.ts',
      "import '../main.tsx';",
      'Only an entry point (src/main.tsx, src/preview/) imports an entry point',
    ],
    [
      'a file at the src root imports the preview',
      'src/start-config.ts',
      "export * from './preview/preview-frame.tsx';",
      'Only an entry point (src/main.tsx, src/preview/) imports an entry point',
    ],
    [
      'a chunk loader in app outside lazy-steps',
      'src/app/flow.ts',
      "export const load = () => import('./lazy-steps.ts');",
      'Chunks load through their one loader in src/app/lazy-steps.ts',
    ],
    [
      'a feature loads a chunk of its own',
      'src/features/verify/verify-view.tsx',
      "export const load = () => import('./api/verify-code.ts');",
      'Chunks load through their one loader in src/app/lazy-steps.ts',
    ],
    [
      'the page entry loads a chunk',
      'src/main.tsx',
      "export const load = () => import('./app/flow.ts');",
      'Chunks load through their one loader in src/app/lazy-steps.ts',
    ],
    [
      'the build imports a demo server',
      'scripts/lib/bake-html.ts',
      "import { x } from '../../tools/demo/ports.ts';",
      'src/ and scripts/ may not import from tools/',
    ],
    [
      'the page loads a tool lazily',
      'src/app/lazy-steps.ts',
      "export const load = () => import('../../tools/demo/ports.ts');",
      'src/ and scripts/ may not import from tools/',
    ],
  ])('%s', async (_name, file, code, start) => {
    const found = await problems(file, code);
    expect(found.map((problem) => problem.message.slice(0, start.length))).toEqual([start]);
  });

  test('a dynamic import breaks both rules at once: the loader and the layer', async () => {
    const found = await problems(
      'src/lib/messages.ts',
      "export const load = () => import('../features/verify/verify-view.tsx');",
    );
    expect(found.map((problem) => problem.ruleId).sort()).toEqual([
      'boundaries/dependencies',
      'no-restricted-syntax',
    ]);
  });

  test('the messages of the layers point to the rules of the road', async () => {
    const found = await problems(
      'src/features/verify/verify-view.tsx',
      "import '../../app/flow.ts'; import '../send-code/send-code-view.tsx'; import '../../main.tsx'; export const l = () => import('./api/verify-code.ts');",
    );
    expect(found).toHaveLength(4);
    for (const problem of found)
      expect(problem.message).toContain('(docs/architecture.md, "Rules of the road")');
  });
});

test("the config classifies the project's own files, from its root", async () => {
  const repo = path.join(import.meta.dirname, '../../..');
  const project = new ESLint({ cwd: path.join(repo, 'src') });
  const [result] = await project.lintText("import '../app/lazy-steps.ts';", {
    filePath: path.join(repo, 'src/lib/not-a-file.ts'),
  });
  expect(result?.messages.map((message) => message.ruleId)).toEqual(['boundaries/dependencies']);
});
