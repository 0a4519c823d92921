import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { pinnedFirebaseCli } from '../../../scripts/deploy/firebase-cli.ts';
import { writableEntries } from '../../../scripts/lib/file-modes.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';
import { makeTempDir } from '../brand-fixtures.ts';
import { configOf, startConfigServer } from './config-server.ts';
import {
  BRANDS,
  DIRTY_RELEASE,
  makeDeployWorld,
  moveDomains,
  RELEASE,
  removeDeployWorld,
  writeRelease,
  type DeployWorld,
} from './deploy-fixtures.ts';

// Each run starts node, tsx and the deploy's imports; more on a busy machine.
const SPAWN_TIMEOUT = 60_000;

let world: DeployWorld | undefined;
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  if (world) await removeDeployWorld(world);
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** A script of the project with its arguments, as `npm run` starts it. */
function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: projectRoot, timeout: SPAWN_TIMEOUT },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** `npm run deploy -- <args>`; with `umask` "0", as an operator's shell with umask 0 runs it. */
function deploy(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  { umask }: { umask?: '0' } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = [process.execPath, '--import', 'tsx', path.join('scripts', 'deploy.ts'), ...args];
  const [file = '', ...rest] =
    umask === undefined ? command : ['sh', '-c', `umask ${umask} && exec "$@"`, 'sh', ...command];
  return new Promise((resolve) => {
    execFile(
      file,
      rest,
      { cwd: projectRoot, timeout: SPAWN_TIMEOUT, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

test(
  'npm run deploy -- nginx prints the release it serves and the one it replaced, and whether each domain answers for its brand; --rollback goes back',
  async () => {
    // `true` stands in for nginx -t and the reload; an HTTPS server for nginx in front of the backend.
    const backendDir = await makeTempDir('deploy-backend-');
    const backend = await startConfigServer(backendDir, BRANDS);
    stops.push(backend.close, () => rm(backendDir, { recursive: true, force: true }));
    world = await makeDeployWorld({
      testCommand: ['true'],
      reloadCommand: ['true'],
      httpsListen: [`127.0.0.1:${backend.port}`],
    });
    const paths = ['--settings', world.settingsFile, '--brands-dir', world.brandsDir];
    const trusted = { NODE_EXTRA_CA_CERTS: backend.certificates.caFile };
    const a = await writeRelease(world, RELEASE.a, { assets: { 'index-AAAA.js': 'a\n' } });
    const b = await writeRelease(world, RELEASE.b, { assets: { 'index-BBBB.js': 'b\n' } });
    const answered = "Each of the 2 brand domains' api/config answers for its brand's service.\n";

    expect(await deploy(['nginx', '--release', a, ...paths], trusted)).toEqual({
      code: 0,
      stdout: `Deployed ${RELEASE.a} (replacing nothing: the first release here).\n${answered}`,
      stderr: '',
    });
    expect((await deploy(['nginx', '--release', b, ...paths], trusted)).stdout).toBe(
      `Deployed ${RELEASE.b} (replacing ${RELEASE.a}).\n${answered}`,
    );
    expect((await deploy(['nginx', '--release', b, ...paths], trusted)).stdout).toBe(
      `${RELEASE.b} is served already: its nginx config is rendered again, tested and reloaded.\n${answered}`,
    );
    // The backend's config names beta-brand under another key: the release is live, and said so.
    backend.answer(() => ({ status: 200, body: configOf('alpha-brand', 'betabrand') }));
    // The target may be left out: nginx is the one these settings deployed to.
    expect(await deploy(['--rollback', ...paths], trusted)).toEqual({
      code: 0,
      stdout: `Rolled back to ${RELEASE.a} (was ${RELEASE.b}).\n`,
      stderr:
        "⚠ 1 of 2 brand domains do not answer for their brand's service; the release is live:\n" +
        '  ⚠ https://login.beta.example/api/config: names no service "beta-brand" (the nearest is "betabrand"), so the page there shows nothing. ' +
        'The folder name brands/beta-brand/ is the service key: ask the backend\'s operator to add "beta-brand" under services, or rename the folder to the key the backend uses and deploy again\n',
    });
    // A host that does not trust the certificate reads nothing, and says so.
    const untrusted = await deploy(['nginx', '--rollback', '--to', RELEASE.b, ...paths]);
    expect(untrusted.stdout).toBe(`Rolled back to ${RELEASE.b} (was ${RELEASE.a}).\n`);
    expect(untrusted.stderr).toMatch(
      /^⚠ 2 of 2 brand domains do not answer .*\n {2}⚠ https:\/\/login\.alpha\.example\/api\/config: could not be read/,
    );
  },
  // Six runs of the command, each starting node and tsx.
  3 * SPAWN_TIMEOUT,
);

test(
  'npm run deploy -- --rollback with no target deployed yet says there is nothing to roll back to',
  async () => {
    world = await makeDeployWorld();
    const { code, stdout, stderr } = await deploy([
      '--rollback',
      ...['--settings', world.settingsFile, '--brands-dir', world.brandsDir],
    ]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toMatch(
      /^Nothing to roll back to: neither \S+deployments\.json nor \S+deployments\.json exists\.\n$/,
    );
  },
  SPAWN_TIMEOUT,
);

test(
  'a failing nginx -t ends the command with exit 1 and what nginx said',
  async () => {
    world = await makeDeployWorld({
      testCommand: ['sh', '-c', 'echo "nginx: [emerg] cannot load certificate" >&2; exit 1'],
      reloadCommand: ['true'],
    });
    const a = await writeRelease(world, RELEASE.a, { assets: {} });
    const { code, stdout, stderr } = await deploy([
      'nginx',
      ...['--release', a, '--settings', world.settingsFile, '--brands-dir', world.brandsDir],
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `\`sh -c echo "nginx: [emerg] cannot load certificate" >&2; exit 1\` failed (exit 1):\n` +
        `  nginx: [emerg] cannot load certificate\n` +
        `The old ${world.configFile} is back; nothing is switched.\n`,
    );
  },
  SPAWN_TIMEOUT,
);

test(
  'npm run deploy -- firebase --dry-run prints where the stage is and the command to deploy it',
  async () => {
    world = await makeDeployWorld();
    const a = await writeRelease(world, RELEASE.a, { assets: {} });
    const { code, stdout } = await deploy([
      'firebase',
      '--dry-run',
      ...['--release', a, '--settings', world.settingsFile, '--brands-dir', world.brandsDir],
    ]);
    expect(code).toBe(0);
    const stage = path.relative(projectRoot, world.stage);
    // The settings say `firebase deploy --only hosting`: the project's CLI by its path, no npx.
    expect(stdout).toBe(
      `Staged ${RELEASE.a} in ${stage}/. To deploy it: (cd ${stage} && ${process.execPath} ${pinnedFirebaseCli()} deploy --only hosting)\n`,
    );
  },
  SPAWN_TIMEOUT,
);

test.each([
  [[], 'name the target: nginx or firebase.'],
  [['apache'], 'name the target: nginx or firebase (not "apache").'],
  [['nginx', '--dry-run'], '--dry-run is for the firebase target.'],
  [
    ['nginx', '--rollback', '--release', 'dist'],
    '--rollback serves an installed release; leave out --release.',
  ],
  [
    ['nginx', '--rollback', '--allow-dirty'],
    '--allow-dirty is for a new release; a rollback serves one deployed before.',
  ],
  [['nginx', '--to', RELEASE.a], '--to names the release a rollback serves: add --rollback.'],
  [['nginx', '--recover', '--rollback'], '--rollback and --recover do different things: give one.'],
  [['status', 'nginx', '--release', 'dist'], 'status takes no --release, --dry-run or --allow-dirty.'],
])(
  'npm run deploy -- %j is refused in a sentence, exit 2',
  async (args, message) => {
    expect(await deploy(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `npm run deploy --: ${message}\nRun \`npm run deploy -- --help\` for the options.\n`,
    });
  },
  SPAWN_TIMEOUT,
);

test(
  'npm run deploy -- status says what is live and installed and an unfinished deploy; --recover finishes it',
  async () => {
    world = await makeDeployWorld({ testCommand: ['true'], reloadCommand: ['true'] });
    const paths = ['--settings', world.settingsFile, '--brands-dir', world.brandsDir];
    const { deployNginx } = await import('../../../scripts/deploy/nginx-target.ts');
    const run = () => Promise.resolve({ code: 0, output: '' });
    const options = { settingsFile: world.settingsFile, brandsDir: world.brandsDir, run };
    const builds = {
      a: await writeRelease(world, RELEASE.a, { assets: { 'index-AAAA.js': 'a\n' } }),
      b: await writeRelease(world, RELEASE.b, { assets: { 'index-BBBB.js': 'b\n' } }),
      c: await writeRelease(world, RELEASE.c, { assets: { 'index-CCCC.js': 'c\n' } }),
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await deployNginx({ ...options, releaseDir: builds.a, now: hoursAgo(50) });
    await deployNginx({ ...options, releaseDir: builds.b, now: hoursAgo(3) });

    // In this process where the command adds nothing: what status prints, before the kill.
    const { nginxStatus } = await import('../../../scripts/deploy/status.ts');
    const { nginx } = world.settings;
    const status = async () => `${(await nginxStatus(nginx, new Date())).join('\n')}\n`;
    expect((await status()).split('\n')).toEqual([
      `nginx: ${world.webRoot}`,
      `  live:        ${RELEASE.b} (current, ${world.configFile} and deployments.json agree)`,
      expect.stringMatching(/^ {2}last deploy: \S+Z \(3 h ago\)$/),
      '  installed:   2 releases:',
      `    ${RELEASE.b}  served (first served 3 h ago)`,
      `    ${RELEASE.a}  retired 3 h ago  ← --rollback goes here`,
      '  asset store: 12 files, 92 B',
      '  unfinished:  none',
      '  lock:        free',
      '',
    ]);

    // Killed after the switch to c, before the reload: what the journal and the host say.
    const { installRelease } = await import('../../../scripts/deploy/install-release.ts');
    const { readReleaseManifest } = await import('../../../scripts/lib/release-manifest.ts');
    const { writeJournal, sha256 } = await import('../../../scripts/deploy/journal.ts');
    const { switchCurrent } = await import('../../../scripts/deploy/switch-current.ts');
    const { renderNginxConfig } = await import('../../../scripts/lib/nginx-config.ts');
    const { readFile, writeFile } = await import('node:fs/promises');
    await installRelease(builds.c, world.webRoot, await readReleaseManifest(builds.c));
    const next = renderNginxConfig(BRANDS, world.settings.nginx, RELEASE.c);
    const intent = { target: 'nginx', operation: 'deploy', release: RELEASE.c, previous: RELEASE.b } as const;
    const old = await readFile(world.configFile, 'utf8');
    await writeJournal(
      world.webRoot,
      { ...intent, configFile: world.configFile, nextConfigSha256: sha256(next) },
      old,
      new Date(),
    );
    await writeFile(world.configFile, next);
    await switchCurrent(world.webRoot, RELEASE.c);

    const unfinished = await deploy(['status', 'nginx', ...paths]);
    expect(unfinished.stdout).toContain(
      `  live:        ⚠ current → ${RELEASE.c}, ${world.configFile} rendered for ${RELEASE.c}, deployments.json says ${RELEASE.b}: run \`npm run deploy -- nginx --recover\`, or deploy or roll back\n`,
    );
    expect(unfinished.stdout).toMatch(
      new RegExp(
        `\\n {2}unfinished: {2}⚠ the deploy of ${RELEASE.c} on nginx \\(started \\S+ by pid \\d+ on .+\\): run --recover\\n`,
      ),
    );
    expect(unfinished.stdout).toContain(
      `    ${RELEASE.c}  served, not in deployments.json\n    ${RELEASE.b}  recorded as served in deployments.json, but not served  ← --rollback goes here\n`,
    );

    const recovered = await deploy(['--recover', ...paths]);
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toMatch(
      new RegExp(
        `^An unfinished run was found: the deploy of ${RELEASE.c} on nginx .*; current → ${RELEASE.c}, \\S+ holds the config for ${RELEASE.c}, deployments.json says ${RELEASE.b} is served\\. Finished: the config tested, nginx reloaded, deployments\\.json records ${RELEASE.c} as served\\.\\n$`,
      ),
    );
    const after = await status();
    expect(after).toContain(
      `  live:        ${RELEASE.c} (current, ${world.configFile} and deployments.json agree)\n`,
    );
    expect(after).toContain('  unfinished:  none\n');
    const { recoverNginx } = await import('../../../scripts/deploy/nginx-target.ts');
    expect((await recoverNginx(options)).notes).toEqual([
      `Nothing unfinished in ${world.webRoot}: ${RELEASE.c} is served, as deployments.json says.`,
    ]);
  },
  // Two runs of the command.
  2 * SPAWN_TIMEOUT,
);

test(
  'after a domain change, npm run release-check and npm run deploy agree: a note, exit 0, and the deploy applies it',
  async () => {
    world = await makeDeployWorld({ testCommand: ['true'], reloadCommand: ['true'] });
    const release = await writeRelease(world, RELEASE.a, { assets: {} });
    const moved = await moveDomains(world, 'new');
    const note = (name: string) =>
      `⚠ ${name}-brand: login-gateway.nginx.conf serves login.${name}.example, brands/ now says login.${name}-new.example; \`npm run deploy\` renders the config from brands/, so the deploy applies it\n`;

    const checked = await run('scripts/release-check.ts', [
      '--dir',
      release,
      '--brands-dir',
      world.brandsDir,
    ]);
    expect(checked.code).toBe(0);
    expect(checked.stderr).toBe(note('alpha') + note('beta'));
    expect(checked.stdout).toMatch(/^Release check: 2 brand folders/);

    const paths = ['--settings', world.settingsFile, '--brands-dir', world.brandsDir];
    const deployed = await deploy(['nginx', '--release', release, ...paths]);
    expect(deployed.code).toBe(0);
    expect(deployed.stdout).toMatch(new RegExp(`^Deployed ${RELEASE.a} `));
    expect(deployed.stderr).toContain(`${note('alpha')}${note('beta')}`);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(world.configFile, 'utf8')).toContain(`server_name ${moved[0]?.domains[0]};`);
  },
  2 * SPAWN_TIMEOUT,
);

describe('a release built with uncommitted changes (-dirty)', () => {
  const refusal = (releaseDir: string) =>
    `${path.relative(projectRoot, releaseDir)}/ (release ${DIRTY_RELEASE}) was built on 2026-01-05T09:00:00Z from commit ddddddd with uncommitted changes to tracked files: no commit holds what it would serve. ` +
    'Commit the changes (or build from a clean checkout), run `npm run build` and deploy that; to deploy this build as it is, add --allow-dirty.\n';

  test.each([[['nginx']], [['firebase', '--dry-run']]])(
    'is refused by npm run deploy -- %j, saying what to do, and nothing is installed or staged',
    async (target) => {
      world = await makeDeployWorld({ testCommand: ['true'], reloadCommand: ['true'] });
      const dirty = await writeRelease(world, DIRTY_RELEASE, { assets: {} });
      const paths = ['--settings', world.settingsFile, '--brands-dir', world.brandsDir];
      expect(await deploy([...target, '--release', dirty, ...paths])).toEqual({
        code: 1,
        stdout: '',
        stderr: refusal(dirty),
      });
      expect(existsSync(world.webRoot)).toBe(false);
      expect(existsSync(world.stage)).toBe(false);
    },
    SPAWN_TIMEOUT,
  );

  test(
    'is deployed with --allow-dirty, which the output repeats',
    async () => {
      world = await makeDeployWorld({
        testCommand: ['true'],
        reloadCommand: ['true'],
        // No server there: the domains are named as unread, and the exit stays 0.
        httpsListen: ['127.0.0.1:1'],
      });
      const dirty = await writeRelease(world, DIRTY_RELEASE, { assets: {} });
      const paths = ['--settings', world.settingsFile, '--brands-dir', world.brandsDir];
      const { code, stdout, stderr } = await deploy(['nginx', '--allow-dirty', '--release', dirty, ...paths]);
      expect(code).toBe(0);
      expect(stdout).toBe(`Deployed ${DIRTY_RELEASE} (replacing nothing: the first release here).\n`);
      expect(stderr).toMatch(
        new RegExp(
          `^⚠ ${DIRTY_RELEASE} was built with uncommitted changes; --allow-dirty lets it through\\.\n⚠ 2 of 2 brand domains`,
        ),
      );
    },
    SPAWN_TIMEOUT,
  );
});

test(
  'under umask 0, npm run deploy leaves nothing its group or everyone may write: web root, nginx config, Firebase stage',
  async () => {
    world = await makeDeployWorld({
      testCommand: ['true'],
      reloadCommand: ['true'],
      httpsListen: ['127.0.0.1:1'],
    });
    const a = await writeRelease(world, RELEASE.a, { assets: { 'index-AAAA.js': 'a\n' } });
    const paths = ['--release', a, '--settings', world.settingsFile, '--brands-dir', world.brandsDir];
    expect((await deploy(['nginx', ...paths], {}, { umask: '0' })).code).toBe(0);
    expect((await deploy(['firebase', '--dry-run', ...paths], {}, { umask: '0' })).code).toBe(0);

    expect(await writableEntries(world.webRoot)).toEqual([]);
    expect(await writableEntries(world.stage)).toEqual([]);
    // nginx's config folder was made by the deploy; a writable config would be root's to anyone.
    expect(await writableEntries(path.join(world.dir, 'nginx'))).toEqual([]);
    expect((await stat(world.configFile)).mode & 0o777).toBe(0o644);
  },
  2 * SPAWN_TIMEOUT,
);
