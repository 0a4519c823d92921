/**
 * `npm run affected -- --base <commit>`: the browser projects a change needs
 * (tools/affected/affected-projects.ts). The change is what the branch changed since it left the
 * base (`git diff <base>...HEAD`, as a pull request shows it) and, unless --committed-only, what
 * the working tree has not committed yet. The repository is the one the command runs in, the
 * brands those of brands/ (or BRANDS_DIR). docs/testing.md and docs/ci.md.
 */
import { execFile } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { parseCommandLine, refuseCommandLine } from '../scripts/lib/command-line.ts';

const command = 'npm run affected --';
const { values } = parseCommandLine({
  command,
  summary: 'Lists the browser projects a change can break, with the changed path that pulled each in.',
  options: {
    base: {
      type: 'string',
      valueName: '<commit>',
      description: 'The commit the change is measured from (required)',
    },
    'committed-only': {
      type: 'boolean',
      default: false,
      description: 'Leaves out what the working tree has not committed',
    },
    json: {
      type: 'boolean',
      default: false,
      description: 'Prints {"all":…,"projects":[…],"reasons":{project: path}}',
    },
    'github-output': {
      type: 'boolean',
      default: false,
      description:
        'Appends run=true|false and projects=<--project=… arguments> to the file in $GITHUB_OUTPUT',
    },
  },
  notes: ['An empty projects= with run=true means the whole suite.'],
});
const base = values.base;
if (!base) refuseCommandLine(command, '--base <commit> is required: the commit the change is measured from.');
// git would read it as one of its options (`git diff --output=<file>` writes a file).
if (base.startsWith('-')) refuseCommandLine(command, `--base ${base}: a commit, not an option.`);
const outputFile = process.env.GITHUB_OUTPUT;
if (values['github-output'] && !outputFile)
  refuseCommandLine(
    command,
    '--github-output needs the GITHUB_OUTPUT environment variable (GitHub Actions sets it).',
  );

const { affectedProjects, describeAffected, githubOutput } = await import('./affected/affected-projects.ts');
// The suite's own list of brand projects (one per folder of brands/, BRANDS_DIR honoured).
const { BRAND_SERVICES: services } = await import('../e2e/support/brand-services.ts');
const { takesPayments } = await import('../src/lib/services.ts');

const run = promisify(execFile);
const git = async (cwd: string, ...args: string[]) =>
  (await run('git', args, { cwd, maxBuffer: 16 << 20 })).stdout;
/** git's -z lists: paths as they are, never quoted for a terminal. */
const paths = (text: string) => text.split('\0').filter(Boolean);

const root = await git(process.cwd(), 'rev-parse', '--show-toplevel').then(
  (stdout) => stdout.trim(),
  () => refuseCommandLine(command, `${process.cwd()} is in no git repository.`),
);
const commit = await git(root, 'rev-parse', '--verify', '--quiet', `${base}^{commit}`).then(
  (stdout) => stdout.trim(),
  () =>
    refuseCommandLine(command, `--base ${base}: git knows no such commit here (fetch it, or give another).`),
);
await git(root, 'merge-base', commit, 'HEAD').catch(() =>
  refuseCommandLine(
    command,
    `--base ${base}: no common history with HEAD (a shallow clone? fetch the whole history).`,
  ),
);
// --no-renames: a moved file counts at both of its paths.
const changed = new Set(
  paths(await git(root, 'diff', '--name-only', '-z', '--no-renames', `${commit}...HEAD`)),
);
if (!values['committed-only']) {
  // What `git status` shows: staged and unstaged changes against HEAD, and untracked files.
  for (const path of paths(await git(root, 'diff', '--name-only', '-z', '--no-renames', 'HEAD')))
    changed.add(path);
  for (const path of paths(await git(root, 'ls-files', '-z', '--others', '--exclude-standard')))
    changed.add(path);
}

const affected = affectedProjects([...changed], { brands: services, paying: services.filter(takesPayments) });
if (outputFile && values['github-output']) await appendFile(outputFile, githubOutput(affected));
console.log(values.json ? JSON.stringify(affected) : describeAffected(affected));
