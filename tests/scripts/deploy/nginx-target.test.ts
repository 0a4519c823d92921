import { mkdir, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { deployNginx, rollbackNginx } from '../../../scripts/deploy/nginx-target.ts';
import { renderNginxConfig, type ServedBrand } from '../../../scripts/lib/nginx-config.ts';
import {
  BRANDS,
  daysAfter,
  fakeCommands,
  makeDeployWorld,
  moveDomains,
  RELEASE,
  removeDeployWorld,
  T0,
  writeRelease,
  type DeployWorld,
  type FakeCommands,
} from './deploy-fixtures.ts';

let world: DeployWorld;
let commands: FakeCommands;
beforeEach(async () => {
  world = await makeDeployWorld();
  commands = fakeCommands();
});
afterEach(async () => {
  await removeDeployWorld(world);
});

const A_ASSETS = { 'index-AAAA.js': 'export const a = 1;\n', 'shared-SSSS.css': 'body{}\n' };
const B_ASSETS = { 'index-BBBB.js': 'export const b = 2;\n', 'shared-SSSS.css': 'body{}\n' };
const C_ASSETS = { 'index-CCCC.js': 'export const c = 3;\n' };
const withTwins = (names: string[]) => names.flatMap((name) => [name, `${name}.br`, `${name}.gz`]).sort();

async function deploy(release: keyof typeof RELEASE, assets: Record<string, string>, now = T0) {
  const releaseDir = await writeRelease(world, RELEASE[release], { assets });
  return deployNginx({
    releaseDir,
    settingsFile: world.settingsFile,
    brandsDir: world.brandsDir,
    now,
    run: commands.run,
  });
}
function rollback(now = T0, to?: string) {
  return rollbackNginx({
    settingsFile: world.settingsFile,
    brandsDir: world.brandsDir,
    now,
    run: commands.run,
    to,
  });
}

const current = async () => readlink(path.join(world.webRoot, 'current'));
const installed = async () => (await readdir(path.join(world.webRoot, 'releases'))).sort();
const stored = async (service = 'alpha-brand') =>
  (await readdir(path.join(world.webRoot, 'store', service, 'assets'))).sort();
const config = async () => readFile(world.configFile, 'utf8');
const rendered = (release: string, brands: readonly ServedBrand[] = BRANDS) =>
  renderNginxConfig(brands, world.settings.nginx, release);
const history = async () =>
  (
    JSON.parse(await readFile(path.join(world.webRoot, 'deployments.json'), 'utf8')) as {
      deployments: { release: string; installedAt: string; retiredAt: string | null }[];
    }
  ).deployments.map(({ release, installedAt, retiredAt }) => ({ release, installedAt, retiredAt }));

describe('deployNginx', () => {
  test('a first deploy installs the release, stores its assets, renders the config, tests, serves and reloads', async () => {
    expect(await deploy('a', A_ASSETS)).toEqual({
      release: RELEASE.a,
      previous: undefined,
      served: BRANDS,
      notes: [],
    });

    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(await installed()).toEqual([RELEASE.a]);
    const page = await readFile(path.join(world.webRoot, 'current', 'beta-brand', 'index.html'), 'utf8');
    expect(page).toContain('data-brand="beta-brand"');
    expect(
      JSON.parse(await readFile(path.join(world.webRoot, 'current', 'release.json'), 'utf8')),
    ).toMatchObject({
      release: RELEASE.a,
    });
    for (const { service } of BRANDS) expect(await stored(service)).toEqual(withTwins(Object.keys(A_ASSETS)));
    expect(await config()).toBe(rendered(RELEASE.a));
    expect(commands.calls).toEqual(['nginx -t', 'systemctl reload nginx']);
    expect(await history()).toEqual([{ release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: null }]);
  });

  test('an installed release keeps the shared assets one file, linked into the store', async () => {
    await deploy('a', A_ASSETS);
    const release = path.join(world.webRoot, 'releases', RELEASE.a);
    const [alpha, beta, store] = await Promise.all([
      stat(path.join(release, 'alpha-brand', 'assets', 'index-AAAA.js')),
      stat(path.join(release, 'beta-brand', 'assets', 'index-AAAA.js')),
      stat(path.join(world.webRoot, 'store', 'beta-brand', 'assets', 'index-AAAA.js')),
    ]);
    expect(beta.ino).toBe(alpha.ino);
    expect(store.ino).toBe(alpha.ino);
  });

  test('a second deploy swaps current, keeps the first release’s assets in the store and retires it', async () => {
    await deploy('a', A_ASSETS);
    expect(await deploy('b', B_ASSETS, daysAfter(1))).toEqual({
      notes: [],
      release: RELEASE.b,
      previous: RELEASE.a,
      served: BRANDS,
    });

    expect(await current()).toBe(`releases/${RELEASE.b}`);
    expect(await installed()).toEqual([RELEASE.a, RELEASE.b]);
    expect(await stored()).toEqual(withTwins(['index-AAAA.js', 'index-BBBB.js', 'shared-SSSS.css']));
    expect(await config()).toBe(rendered(RELEASE.b));
    expect(await history()).toEqual([
      { release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: daysAfter(1).toISOString() },
      { release: RELEASE.b, installedAt: daysAfter(1).toISOString(), retiredAt: null },
    ]);
  });

  test('deploying the release already served re-renders the config (a domain change) and reloads, nothing else', async () => {
    await deploy('a', A_ASSETS);
    const page = path.join(world.webRoot, 'releases', RELEASE.a, 'alpha-brand', 'index.html');
    const before = await stat(page);
    const moved = await moveDomains(world, 'new');

    // The build rendered its config for the old domains: the deploy says it applies the new ones,
    // as npm run release-check says of the same folder (one rule, release-check.ts domainNotes).
    expect(await deploy('a', A_ASSETS, daysAfter(1))).toEqual({
      notes: ['alpha', 'beta'].map(
        (name) =>
          `${name}-brand: login-gateway.nginx.conf serves login.${name}.example, brands/ now says login.${name}-new.example; \`npm run deploy\` renders the config from brands/, so the deploy applies it`,
      ),
      release: RELEASE.a,
      previous: RELEASE.a,
      served: moved,
    });

    expect(await config()).toBe(rendered(RELEASE.a, moved));
    expect(await config()).toContain('server_name login.alpha-new.example;');
    expect((await stat(page)).ino).toBe(before.ino);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(commands.calls).toEqual([
      'nginx -t',
      'systemctl reload nginx',
      'nginx -t',
      'systemctl reload nginx',
    ]);
    expect(await history()).toEqual([{ release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: null }]);
  });

  test('a deploy while another holds the web root is refused before it changes anything', async () => {
    await deploy('a', A_ASSETS);
    const lock = path.join(world.webRoot, '.deploy-lock');
    await mkdir(lock);
    const calls = commands.calls.length;
    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(
      /^Another deploy holds \S+\.deploy-lock \(it does not say which\); nothing was changed\. Wait for it, or, if no deploy is running \(one was killed\), remove that folder and deploy again\.$/,
    );
    await expect(rollback(daysAfter(1))).rejects.toThrow(/^Another deploy holds/);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(await installed()).toEqual([RELEASE.a]);
    expect(commands.calls).toHaveLength(calls);

    // Released when a deploy ends, whether it worked or not.
    await rm(lock, { recursive: true });
    commands.answers.set('nginx -t', { code: 1, output: 'nginx: [emerg]\n' });
    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(/nginx -t/);
    commands.answers.delete('nginx -t');
    expect(await deploy('b', B_ASSETS, daysAfter(1))).toEqual({
      notes: [],
      release: RELEASE.b,
      previous: RELEASE.a,
      served: BRANDS,
    });
    expect(await readdir(world.webRoot)).not.toContain('.deploy-lock');
  });

  test('a damaged deployments.json stops the deploy before the config, current or nginx change', async () => {
    await deploy('a', A_ASSETS);
    const oldConfig = await config();
    await writeFile(path.join(world.webRoot, 'deployments.json'), '{"deployments": [');
    const calls = commands.calls.length;
    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(
      `${path.join(world.webRoot, 'deployments.json')} is not JSON; restore it or remove it`,
    );
    expect(await config()).toBe(oldConfig);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(commands.calls).toHaveLength(calls);
    expect(await readdir(world.webRoot)).not.toContain('.deploy-journal');
  });

  test('a failing nginx -t puts the old config back, leaves current alone and shows what nginx said', async () => {
    await deploy('a', A_ASSETS);
    const oldConfig = await config();
    commands.answers.set('nginx -t', {
      code: 1,
      output: 'nginx: [emerg] unknown directive "brotli_static"\n',
    });

    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(
      /^`nginx -t` failed \(exit 1\):\n {2}nginx: \[emerg\] unknown directive "brotli_static"\nThe old .* is back; nothing is switched\.$/,
    );
    expect(await config()).toBe(oldConfig);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(commands.calls.at(-1)).toBe('nginx -t');
    expect(await history()).toEqual([{ release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: null }]);
  });

  test('a failing reload swaps current back and puts the old config back', async () => {
    await deploy('a', A_ASSETS);
    const oldConfig = await config();
    commands.answers.set('systemctl reload nginx', { code: 1, output: 'Job for nginx.service failed.\n' });

    await expect(deploy('b', B_ASSETS, daysAfter(1))).rejects.toThrow(
      `current points at ${RELEASE.a} again and the old ${world.configFile} is back.`,
    );
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(await config()).toBe(oldConfig);
    // current pointed at b between the switch and the undo: its pages may have gone out, so the
    // store keeps its assets, and a rollback does not return to it.
    expect(await history()).toEqual([
      { release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: null },
      { release: RELEASE.b, installedAt: daysAfter(1).toISOString(), retiredAt: daysAfter(1).toISOString() },
    ]);
    expect(await stored()).toEqual(withTwins(['index-AAAA.js', 'index-BBBB.js', 'shared-SSSS.css']));
    await expect(rollback(daysAfter(2))).rejects.toThrow(/^Nothing to roll back to/);
  });

  test('a first deploy whose reload fails leaves neither current nor a config behind', async () => {
    commands.answers.set('systemctl reload nginx', { code: 1, output: '' });
    await expect(deploy('a', A_ASSETS)).rejects.toThrow('current points at nothing again');
    await expect(current()).rejects.toThrow(/ENOENT/);
    await expect(config()).rejects.toThrow(/ENOENT/);
  });

  test('a stored asset name with other bytes stops the deploy before anything is switched', async () => {
    await deploy('a', A_ASSETS);
    await expect(
      deploy('b', { 'index-AAAA.js': 'export const changed = true;\n' }, daysAfter(1)),
    ).rejects.toThrow(/index-AAAA\.js is already stored with other bytes/);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(commands.calls).toEqual(['nginx -t', 'systemctl reload nginx']);
  });

  describe('pruning', () => {
    test('keeps what the served release names and what releases retired within the retention named', async () => {
      await deploy('a', A_ASSETS);
      await deploy('b', B_ASSETS, daysAfter(1));
      await deploy('c', C_ASSETS, daysAfter(5));
      // A retired 4 days ago, B now: both within 7 days.
      expect(await stored()).toEqual(
        withTwins(['index-AAAA.js', 'index-BBBB.js', 'index-CCCC.js', 'shared-SSSS.css']),
      );

      await deploy('c', C_ASSETS, daysAfter(8.5));
      // A retired 7.5 days ago: its own file goes; B (3.5 days) keeps the shared one.
      expect(await stored()).toEqual(withTwins(['index-BBBB.js', 'index-CCCC.js', 'shared-SSSS.css']));

      await deploy('c', C_ASSETS, daysAfter(12.5));
      expect(await stored()).toEqual(withTwins(['index-CCCC.js']));
      expect(await stored('beta-brand')).toEqual(withTwins(['index-CCCC.js']));
    });

    test('keeps keepReleases release folders, the served one and the rollback target among them', async () => {
      await removeDeployWorld(world);
      world = await makeDeployWorld({ keepReleases: 2 });
      await deploy('a', A_ASSETS);
      await deploy('b', B_ASSETS, daysAfter(1));
      await deploy('c', C_ASSETS, daysAfter(2));

      expect(await installed()).toEqual([RELEASE.b, RELEASE.c]);
      // A's folder is gone, but its assets stay their week in the store.
      expect(await stored()).toContain('index-AAAA.js');
      expect((await rollback(daysAfter(3))).release).toBe(RELEASE.b);
    });

    test('leaves folders being copied (dot names) alone', async () => {
      await deploy('a', A_ASSETS);
      const partial = path.join(world.webRoot, 'releases', `.${RELEASE.c}.partial`);
      await writeFile(partial, '');
      await deploy('b', B_ASSETS, daysAfter(1));
      expect(await installed()).toContain(`.${RELEASE.c}.partial`);
    });
  });
});

describe('rollbackNginx', () => {
  test('serves the release served before again, with its id in the config', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));

    expect(await rollback(daysAfter(2))).toEqual({
      release: RELEASE.a,
      previous: RELEASE.b,
      served: BRANDS,
      notes: [],
    });

    expect(await current()).toBe(`releases/${RELEASE.a}`);
    expect(await config()).toBe(rendered(RELEASE.a));
    expect(await history()).toEqual([
      { release: RELEASE.a, installedAt: T0.toISOString(), retiredAt: null },
      { release: RELEASE.b, installedAt: daysAfter(1).toISOString(), retiredAt: daysAfter(2).toISOString() },
    ]);
  });

  test('steps back through history: a second rollback goes further back, not to the release just left', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    await deploy('c', C_ASSETS, daysAfter(2));

    expect((await rollback(daysAfter(3))).release).toBe(RELEASE.b);
    expect((await rollback(daysAfter(4))).release).toBe(RELEASE.a);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
    // b and c were rolled back from: --rollback alone goes no further, and says how to pick one.
    await expect(rollback(daysAfter(5))).rejects.toThrow(
      `Nothing to roll back to: no release served before ${RELEASE.a} is still installed in ${path.join(world.webRoot, 'releases')} and not rolled back from already (installed: ${RELEASE.c}, ${RELEASE.b}, ${RELEASE.a} (served)). To serve one of them, name it: --rollback --to <id>.`,
    );
    expect(await current()).toBe(`releases/${RELEASE.a}`);

    // A new deploy after rollbacks: rolling back from it returns to the release it replaced.
    await deploy('b', B_ASSETS, daysAfter(6));
    expect((await rollback(daysAfter(7))).release).toBe(RELEASE.a);
  });

  test('--to serves the installed release it names, also one rolled back from, and withdraws none', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    await deploy('c', C_ASSETS, daysAfter(2));
    await rollback(daysAfter(3));

    const switched = await rollback(daysAfter(4), RELEASE.c);
    expect(switched).toMatchObject({ release: RELEASE.c, previous: RELEASE.b });
    expect(await current()).toBe(`releases/${RELEASE.c}`);
    expect(await config()).toBe(rendered(RELEASE.c));
    // --to goes where it is told and withdraws nothing: a rollback from c goes back to b.
    expect((await rollback(daysAfter(5))).release).toBe(RELEASE.b);
    expect((await rollback(daysAfter(5), RELEASE.a)).release).toBe(RELEASE.a);

    const calls = commands.calls.length;
    await expect(rollback(daysAfter(6), '20250101T000000Z-0000000')).rejects.toThrow(
      `20250101T000000Z-0000000 is not installed in ${path.join(world.webRoot, 'releases')}; installed: ${RELEASE.c}, ${RELEASE.b}, ${RELEASE.a} (served).`,
    );
    expect(commands.calls).toHaveLength(calls);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
  });

  test('takes its candidates from what is installed, not from a history that says otherwise', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    // A history lost (or one that never recorded b): the installed folders still say what can be served.
    await rm(path.join(world.webRoot, 'deployments.json'));
    expect((await rollback(daysAfter(2))).release).toBe(RELEASE.a);
    expect(await current()).toBe(`releases/${RELEASE.a}`);
  });

  test('brings back the assets of a release whose files the store had let go', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    await deploy('b', B_ASSETS, daysAfter(10));
    expect(await stored()).not.toContain('index-AAAA.js');

    await rollback(daysAfter(10));
    expect(await stored()).toContain('index-AAAA.js');
  });

  test('a failing nginx -t during a rollback keeps the release served', async () => {
    await deploy('a', A_ASSETS);
    await deploy('b', B_ASSETS, daysAfter(1));
    commands.answers.set('nginx -t', { code: 1, output: 'nginx: configuration file test failed\n' });

    await expect(rollback(daysAfter(2))).rejects.toThrow('configuration file test failed');
    expect(await current()).toBe(`releases/${RELEASE.b}`);
    expect(await config()).toBe(rendered(RELEASE.b));
  });

  test.each([
    ['no release was ever deployed', []],
    ['only one release was deployed', ['a']],
  ] as const)('says there is nothing to roll back to when %s', async (_case, releases) => {
    for (const release of releases) await deploy(release, A_ASSETS);
    await expect(rollback()).rejects.toThrow(/^Nothing to roll back to: no release served before/);
    expect(commands.calls).toEqual(releases.length > 0 ? ['nginx -t', 'systemctl reload nginx'] : []);
  });
});

describe('what a deploy refuses', () => {
  test('a release that lacks a brand of brands/', async () => {
    const releaseDir = await writeRelease(world, RELEASE.a, { assets: A_ASSETS, brands: BRANDS.slice(0, 1) });
    await expect(
      deployNginx({
        releaseDir,
        settingsFile: world.settingsFile,
        brandsDir: world.brandsDir,
        run: commands.run,
      }),
    ).rejects.toThrow(/cannot be deployed:\n.*release\.json: does not list beta-brand/);
    expect(commands.calls).toEqual([]);
    await expect(installed()).rejects.toThrow(/ENOENT/);
  });

  test('a release that holds a brand brands/ no longer has', async () => {
    const releaseDir = await writeRelease(world, RELEASE.a, {
      assets: A_ASSETS,
      brands: [...BRANDS, { service: 'gamma-brand', domains: ['login.gamma.example'] }],
    });
    await expect(
      deployNginx({
        releaseDir,
        settingsFile: world.settingsFile,
        brandsDir: world.brandsDir,
        run: commands.run,
      }),
    ).rejects.toThrow(/release\.json: lists gamma-brand, which .*brands\/ does not hold/);
  });

  test('a demo build', async () => {
    const releaseDir = await writeRelease(world, RELEASE.a, { assets: A_ASSETS, demo: true });
    await expect(
      deployNginx({
        releaseDir,
        settingsFile: world.settingsFile,
        brandsDir: world.brandsDir,
        run: commands.run,
      }),
    ).rejects.toThrow('alpha-brand/index.html: is a demo build');
  });

  test('a folder without release.json', async () => {
    await expect(
      deployNginx({ releaseDir: world.dir, settingsFile: world.settingsFile, brandsDir: world.brandsDir }),
    ).rejects.toThrow(/release\.json is missing: build the release with `npm run build`/);
  });

  test('an invalid brand folder', async () => {
    const releaseDir = await writeRelease(world, RELEASE.a, { assets: A_ASSETS });
    await writeFile(path.join(world.brandsDir, 'beta-brand', 'brand.json'), '{"name": 1}');
    await expect(
      deployNginx({
        releaseDir,
        settingsFile: world.settingsFile,
        brandsDir: world.brandsDir,
        run: commands.run,
      }),
    ).rejects.toThrow(/invalid brand folder\(s\): nothing deployed: beta-brand/);
  });

  test.each([
    ['a missing settings file', undefined, /no deployment settings there/],
    ['a settings file that is not JSON', '{ "nginx": ', /is not valid JSON/],
    [
      'a wrong setting',
      JSON.stringify({ paypal: { clientIdLive: null }, nginx: { webRoot: 'relative/path' }, firebase: {} }),
      /nginx\.webRoot: must be an absolute path/,
    ],
  ])('%s, named in the message', async (_case, text, message) => {
    const settingsFile = path.join(world.dir, 'other.config.json');
    if (text !== undefined) await writeFile(settingsFile, text);
    const releaseDir = await writeRelease(world, RELEASE.a, { assets: A_ASSETS });
    const deploying = deployNginx({
      releaseDir,
      settingsFile,
      brandsDir: world.brandsDir,
      run: commands.run,
    });
    await expect(deploying).rejects.toThrow(message);
    await expect(deploying).rejects.toThrow(settingsFile);
  });
});

test('a current that cannot be swapped (a folder, not a link) puts the old config back', async () => {
  await mkdir(path.join(world.webRoot, 'current', 'alpha-brand'), { recursive: true });
  await mkdir(path.dirname(world.configFile), { recursive: true });
  await writeFile(world.configFile, '# the config before\n');

  await expect(deploy('a', A_ASSETS)).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
  expect(await config()).toBe('# the config before\n');
  expect(commands.calls).toEqual(['nginx -t']);
});
