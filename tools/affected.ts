/**
 * `npm run affected -- --base <commit>`: the browser projects a change needs
 * (tools/affected/affected-projects.ts). The change is what the branch changed since it left the
 * base (`git diff <base>...HEAD`, as a pull request shows it) and, unless --committed-only, what
 * the working tree has not committed yet. docs/testing.md and docs/ci.md.
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
    json: { type: 'boolean', default: false, description: 'Prints the answer as JSON' },
    'github-output': {
      type: 'boolean',
      default: false,
      description:
        'Appends run=true|false and projects=<--project=… arguments> to the file in $GITHUB_OUTPUT',
    },
  },
  notes: ['An empty projects= with run=true means the whole suite.'],
});
if (!values.base)
  refuseCommandLine(command, '--base <commit> is required: the commit the change is measured from.');

const { affectedProjects, describeAffected, githubOutput } = await import('./affected/affected-projects.ts');
// The suite's own list of brand projects (one per folder of brands/, BRANDS_DIR honoured).
const { BRAND_SERVICES: services } = await import('../e2e/support/brand-services.ts');
const { projectRoot } = await import('../scripts/vite/app-config.ts');
const { takesPayments } = await import('../src/lib/services.ts');

const run = promisify(execFile);
const git = async (...args: string[]) =>
  (await run('git', args, { cwd: projectRoot, maxBuffer: 16 << 20 })).stdout;

try {
  await git('rev-parse', '--verify', '--quiet', `${values.base}^{commit}`);
} catch {
  console.error(
    `${command} --base ${values.base}: git knows no such commit here (fetch it, or give another).`,
  );
  process.exit(2);
}
const lines = (text: string) => text.split('\n').filter(Boolean);
// --no-renames: a moved file counts at both of its paths.
const changed = new Set(lines(await git('diff', '--name-only', '--no-renames', `${values.base}...HEAD`)));
if (!values['committed-only']) {
  for (const path of lines(await git('diff', '--name-only', '--no-renames', 'HEAD'))) changed.add(path);
  for (const path of lines(await git('ls-files', '--others', '--exclude-standard'))) changed.add(path);
}

const affected = affectedProjects([...changed].sort(), {
  brands: services,
  paying: services.filter(takesPayments),
});

if (values['github-output']) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file)
    refuseCommandLine(
      command,
      '--github-output needs the GITHUB_OUTPUT environment variable (GitHub Actions sets it).',
    );
  await appendFile(file, githubOutput(affected));
}
console.log(values.json ? JSON.stringify(affected) : describeAffected(affected));
