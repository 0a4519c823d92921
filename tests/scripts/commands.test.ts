import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '../../scripts/vite/app-config.ts';

/**
 * Every command that takes options, with the options its documentation names (README's
 * Commands table, docs/demo.md, docs/performance.md, docs/brands.md): `--help` must list them,
 * and a wrong option must be told in a sentence, not a stack trace.
 */
const COMMANDS = [
  {
    script: 'tools/start.ts',
    command: 'npm start --',
    options: ['--port <n>', '--emulator-port <n>', '--no-emulator', '--brands-dir <dir>', '--out-dir <dir>'],
  },
  {
    script: 'tools/dev.ts',
    command: 'npm run dev --',
    options: ['--brand <service>', '--port <n>', '--host <address>'],
  },
  {
    script: 'scripts/build.ts',
    command: 'npm run build --',
    options: ['--brand <service>', '--demo', '--out-dir <dir>', '--brands-dir <dir>'],
  },
  {
    script: 'scripts/release-check.ts',
    command: 'npm run release-check --',
    options: ['--dir <dir>', '--brands-dir <dir>'],
  },
  {
    script: 'scripts/deploy.ts',
    command: 'npm run deploy --',
    options: [
      '--release <dir>',
      '--settings <file>',
      '--brands-dir <dir>',
      '--rollback',
      '--to <id>',
      '--recover',
      '--dry-run',
    ],
  },
  {
    script: 'tools/backend.ts',
    command: 'npm run backend --',
    options: ['--port <n>', '--settings <file>', '--brands-dir <dir>'],
  },
  { script: 'scripts/budget.ts', command: 'npm run budget --', options: [] },
  {
    script: 'tools/bench.ts',
    command: 'npm run bench --',
    options: ['--brand <service>', '--runs <n>', '--build-runs <n>', '--out <file>', '--plain', '--quick'],
  },
  {
    script: 'tools/brand-marks-sheet.ts',
    command: 'npm run brand-marks --',
    options: ['--brand <service>', '--out <file>'],
  },
  {
    script: 'scripts/brands-tidy.ts',
    command: 'npm run brands:tidy --',
    options: ['--brands-dir <dir>', '--dry-run', '--crop', '--font <file>'],
  },
  {
    script: 'tools/breaks.ts',
    command: 'npm run breaks --',
    options: ['--only <name>', '--rev <commit>', '--check-only'],
  },
  {
    script: 'tools/affected.ts',
    command: 'npm run affected --',
    options: ['--base <commit>', '--committed-only', '--json', '--github-output'],
  },
  {
    script: 'tools/scale-trial.ts',
    command: 'npm run scale-trial --',
    options: ['--times <n>', '--shards <n>', '--only <i>', '--keep'],
  },
  {
    script: 'tools/bench/engine-view-zero.ts',
    command: 'npx tsx tools/bench/engine-view-zero.ts',
    options: ['--runs <n>', '--brand <service>'],
  },
] as const;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a script as npm runs it (tsx), in one node process. */
function runScript(script: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: projectRoot, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const STACK_LINE = /^\s+at /m;
// Each run starts node, tsx and the script's imports: about a second alone, more on a busy machine.
const SPAWN_TIMEOUT = 60_000;
const literal = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.concurrent.each(COMMANDS)('$command', ({ script, command, options }) => {
  test(
    '--help lists every option and exits 0',
    async () => {
      const { code, stdout, stderr } = await runScript(script, ['--help']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^${literal(`Usage: ${command} [options]`)}`));
      for (const option of [...options, '-h, --help'])
        expect(stdout).toMatch(new RegExp(`^  ${literal(option)}  `, 'm'));
    },
    SPAWN_TIMEOUT,
  );

  test(
    'a wrong option is told in one sentence with the way to the help, exit 2',
    async () => {
      const { code, stdout, stderr } = await runScript(script, ['--no-such-option']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      const [mistake, hint, ...rest] = stderr.trimEnd().split('\n');
      expect(mistake).toMatch(new RegExp(`^${literal(`${command}: Unknown option '--no-such-option'`)}`));
      expect(hint).toBe(`Run \`${command} --help\` for the options.`);
      expect(rest).toEqual([]);
      expect(stderr).not.toMatch(STACK_LINE);
    },
    SPAWN_TIMEOUT,
  );
});

test(
  'npm run bench -- --runs 2 is refused in a sentence before anything is built',
  async () => {
    const { code, stderr } = await runScript('tools/bench.ts', ['--runs', '2']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'npm run bench --: --runs must be a whole number of at least 5 (1 with --quick).\n' +
        'Run `npm run bench -- --help` for the options.\n',
    );
  },
  SPAWN_TIMEOUT,
);

// `npm run format` rewrites the tree, so the check does not run it: lint runs the same tools over
// the same files with the same configuration, and this keeps the two commands that pair.
test('npm run format is npm run lint with the tools fixing instead of checking', async () => {
  const { scripts } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // The workflows' linter (action-validator) has nothing to fix: format leaves it out.
  const [lint = '', workflows] = (scripts.lint ?? '').split(' && action-validator ');
  expect(lint).toMatch(/^eslint .* && prettier --check .*$/);
  expect(workflows).toBe('.github/workflows/*.yml');
  expect(scripts.format).toBe(
    lint.replace(/^eslint /, 'eslint --fix ').replace(' && prettier --check ', ' && prettier --write '),
  );
});
