import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page, Response } from '@playwright/test';
import { PAYPAL_ENV } from '../../scripts/lib/deploy-settings.ts';
import { readReleaseManifest, RELEASE_HEADER } from '../../scripts/lib/release-manifest.ts';
import { brandStoreDir } from '../../scripts/lib/web-root-layout.ts';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { changedFiles, folderDigests } from '../support/folder-digests.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { brands, expect, nodeTest, test } from './support/fixtures.ts';
import { distDir, type Gateway } from './support/gateway.ts';
import { fetchRaw, headerOf } from './support/http-client.ts';
import { SPEC_TEXTS } from '../../tests/spec-texts.ts';

/**
 * Operating the release as docs/deploy.md says: a page opened on release A goes on to the
 * redirect after release B is installed by `npm run deploy -- nginx`, a rollback serves A again,
 * a rotated PayPal id changes only the paying brand's page, and a release without the live id is
 * refused. Release A is dist/ (what the worker's gateway serves); release B is a real build in
 * which one brand's title changed, which renames every shared chunk, as any change of the app
 * does. Each test that deploys B onto the worker's gateway rolls back to A before it ends.
 */

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SERVICE = 'a-dok';
const brand = brands.find((each) => each.service === SERVICE);
/** The chunk view 2 needs; its name changes with every release that changes the app. */
const VERIFY_VIEW = /^verify-view-[\w-]+\.js$/;

test.describe.configure({ timeout: 180_000 });

/** One command as an operator types it, in the project (or `cwd`); its output, or the failure's. */
async function npmRun(args: string[], env: NodeJS.ProcessEnv = {}, cwd = projectRoot) {
  // Only what the call names: the check's own PAYPAL_CLIENT_ID_LIVE must not leak into a build.
  const { [PAYPAL_ENV.live]: _inherited, ...environment } = process.env;
  Object.assign(environment, env);
  return run(npm, ['run', '--silent', ...args], {
    cwd,
    env: environment,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** `npm run build` into a folder of its own, from this project or a changed copy of it. */
async function buildRelease(
  outDir: string,
  { live, project = projectRoot }: { live?: string; project?: string },
) {
  return npmRun(['build', '--', '--out-dir', outDir], live ? { [PAYPAL_ENV.live]: live } : {}, project);
}

/** What `npm run build` reads of the project, besides node_modules. */
const BUILD_INPUTS = ['src', 'scripts', 'brands', 'package.json', 'tsconfig.json', 'deploy.config.json'];

let releaseB: Promise<string> | undefined;
/**
 * Release B, built from a copy of this project with one of the page's texts changed, as the next
 * release's code changes: that renames the chunks that depend on it, so a page opened on A asks
 * for names that B does not have. (A brand's change renames only its own data chunk and the
 * entry, which a page of A has loaded already.) Built once per run: the first worker to create
 * the lock folder in the run's output folder (which Playwright empties when a run starts) builds
 * it, and the others wait for its word: `ok` and where, or why it failed. The copy is built outside
 * the repository, whose git state would otherwise name release B after this one.
 */
function buildReleaseB(): Promise<string> {
  releaseB ??= (async () => {
    const dir = path.join(test.info().project.outputDir, 'release-b');
    const word = path.join(dir, 'built');
    // Written whole or not at all: a waiting worker never reads half of it.
    const say = async (text: string) => {
      await writeFile(`${word}.tmp`, text);
      await rename(`${word}.tmp`, word);
    };
    const mine = await mkdir(dir).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (!mine) {
      await expect
        .poll(() => readFile(word, 'utf8').catch(() => ''), {
          message: 'release B, built by another worker',
          timeout: 150_000,
          intervals: [500],
        })
        .not.toBe('');
      const [said = '', where = ''] = (await readFile(word, 'utf8')).split('\n');
      if (said !== 'ok') throw new Error(`Another worker could not build release B: ${said}`);
      return where;
    }
    try {
      const out = await buildReleaseBInto(await mkdtemp(path.join(tmpdir(), 'login-gateway-release-b-')));
      await say(`ok\n${out}`);
      return out;
    } catch (error) {
      await say(String(error).replaceAll('\n', ' '));
      throw error;
    }
  })();
  return releaseB;
}

/** Builds release B in dir; answers the release's folder. */
async function buildReleaseBInto(dir: string): Promise<string> {
  const out = path.join(dir, 'dist');
  const project = path.join(dir, 'project');
  await Promise.all(
    BUILD_INPUTS.map((entry) =>
      cp(path.join(projectRoot, entry), path.join(project, entry), { recursive: true }),
    ),
  );
  await symlink(path.join(projectRoot, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  const messages = path.join(project, 'src', 'lib', 'messages.ts');
  const text = await readFile(messages, 'utf8');
  // A text of the payment, which these tests never show, in the chunk the code view imports.
  const changed = text.replace('(keine Zahlungsnummer erhalten)', '(keine Zahlungsnummer bekommen)');
  if (changed === text)
    throw new Error('release B must change a text of the page; messages.ts has no such text');
  await writeFile(messages, changed);
  const built = await buildRelease(out, { live: 'release-b-live-client-id', project });
  if (built.code !== 0) throw new Error(`npm run build of release B failed:\n${built.stderr}`);
  return out;
}

async function deploy(gateway: Gateway, ...args: string[]) {
  // The host trusts the gateway's certificates, as a real host trusts its CA's: the deploy asks
  // each domain for its api/config through nginx once it has switched.
  return npmRun(['deploy', '--', 'nginx', '--settings', gateway.settingsFile, ...args], {
    NODE_EXTRA_CA_CERTS: gateway.certificates.caFile,
  });
}

async function servedRelease(
  gateway: Gateway,
): Promise<{ body: string | undefined; header: string | undefined }> {
  if (!brand) throw new Error(`no brand ${SERVICE}`);
  const answer = await fetchRaw(`${gateway.httpsOrigin(brand)}/healthz`, { ca: gateway.certificates.caPem });
  expect(answer.status).toBe(200);
  const health = JSON.parse(answer.body.toString('utf8')) as { release?: string };
  return { body: health.release, header: headerOf(answer, RELEASE_HEADER) };
}

/**
 * The release /healthz and the header name, both from the config: once nginx's workers have the
 * reloaded config (a reload signals them and returns).
 */
async function expectServed(gateway: Gateway, release: string) {
  await expect
    .poll(() => servedRelease(gateway), { timeout: 10_000 })
    .toEqual({ body: release, header: release });
}

/** Serves A again, as the worker's other tests expect, and says what the rollback printed. */
async function rollBackToA(gateway: Gateway, releaseIdB: string) {
  const rollback = await deploy(gateway, '--rollback');
  expect(rollback.code, rollback.stderr).toBe(0);
  expect(rollback.stdout).toContain(`Rolled back to ${gateway.release} (was ${releaseIdB}).`);
  await expectServed(gateway, gateway.release);
}

/** Every navigation of the page's main frame, and every answer that was not found. */
function watch(page: Page) {
  const navigations: string[] = [];
  const missing: string[] = [];
  // Documents loaded, not history entries: each view of the page is one (decision 020).
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      navigations.push(request.url());
  });
  page.on('response', (response: Response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  return { navigations, missing };
}

async function signInToTheRedirect(login: LoginScreen, gateway: Gateway) {
  const mail = `deploy.${Date.now().toString(36)}@example.de`;
  await login.submitValue('mail', mail);
  await expect(login.heading(SPEC_TEXTS.enterCode)).toBeVisible({ timeout: 30_000 });
  await login.codeInput().pressSequentially(await gateway.codeFor(mail));
}

async function expectLanding(page: Page, gateway: Gateway) {
  if (!brand) throw new Error(`no brand ${SERVICE}`);
  const landing = `${gateway.httpsOrigin(brand)}/api/landing/${SERVICE}`;
  await expect(page).toHaveURL((url) => url.href.startsWith(`${landing}?idtoken=`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Angemeldet' })).toBeVisible();
}

test('a page opened on release A reaches the redirect after release B is deployed, and a rollback serves A again', async ({
  page,
  gateway,
}) => {
  if (!brand) throw new Error(`no brand ${SERVICE}`);
  const dirB = await buildReleaseB();
  const idB = (await readReleaseManifest(dirB)).release;
  const verifyA = (await readdir(path.join(distDir, SERVICE, 'assets'))).find((file) =>
    VERIFY_VIEW.test(file),
  );
  const verifyB = (await readdir(path.join(dirB, SERVICE, 'assets'))).find((file) => VERIFY_VIEW.test(file));
  // Without this the test would prove nothing: B must name other chunks than A.
  expect(verifyA).toBeDefined();
  expect(verifyB, 'release B renames the chunks of release A').not.toBe(verifyA);

  const login = new LoginScreen(page, SERVICE);
  const { navigations, missing } = watch(page);
  await page.goto(`${gateway.httpsOrigin(brand)}/?service=${SERVICE}`);
  await expect(login.methodButton('mail')).toBeVisible();

  try {
    const deployed = await deploy(gateway, '--release', dirB);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stdout).toContain(`Deployed ${idB} (replacing ${gateway.release}).`);
    const domains = brands.reduce((sum, each) => sum + each.domains.length, 0);
    expect(deployed.stdout).toContain(
      `Each of the ${domains} brand domains' api/config answers for its brand's service.`,
    );
    await expectServed(gateway, idB);

    // The page of release A goes on: view 1 fetches A's chunks, which the store still holds.
    await login.chooseMethod('mail');
    await signInToTheRedirect(login, gateway);
    await expectLanding(page, gateway);
    expect(missing).toEqual([]);
    expect(
      navigations.filter((url) => url.includes('?service=')),
      'the page never reloaded',
    ).toHaveLength(1);
  } finally {
    await rollBackToA(gateway, idB);
  }
});

test('a page whose chunk is gone reloads once and goes on from the code view', async ({ page, gateway }) => {
  if (!brand) throw new Error(`no brand ${SERVICE}`);
  const dirB = await buildReleaseB();
  const idB = (await readReleaseManifest(dirB)).release;
  const store = path.join(brandStoreDir(gateway.parameters.webRoot, SERVICE), 'assets');
  const verifyA = (await readdir(path.join(distDir, SERVICE, 'assets'))).find((file) =>
    VERIFY_VIEW.test(file),
  );
  if (!verifyA) throw new Error('release A has no verify view chunk');
  const removed = (await readdir(store)).filter((file) => file.startsWith(verifyA));

  const login = new LoginScreen(page, SERVICE);
  const { navigations } = watch(page);
  await page.goto(`${gateway.httpsOrigin(brand)}/?service=${SERVICE}`);
  try {
    const deployed = await deploy(gateway, '--release', dirB);
    expect(deployed.code, deployed.stderr).toBe(0);
    // As if A had been replaced more than a week ago: its chunk is pruned from the store.
    await Promise.all(removed.map((file) => rm(path.join(store, file))));

    await login.chooseMethod('mail');
    await signInToTheRedirect(login, gateway);
    await expectLanding(page, gateway);
    // One reload, by the page itself, onto release B, back at the code view with the code sent.
    expect(
      navigations.filter((url) => url.includes('?service=')),
      'one reload',
    ).toHaveLength(2);
  } finally {
    await Promise.all(
      removed.map((file) => cp(path.join(distDir, SERVICE, 'assets', file), path.join(store, file))),
    );
    await rollBackToA(gateway, idB);
  }
});

nodeTest('rotating the PayPal live id changes the paying brand’s page and nothing else', async () => {
  const out = await mkdtemp(path.join(tmpdir(), 'login-gateway-rotated-'));
  try {
    const built = await buildRelease(out, { live: 'rotated-live-client-id' });
    expect(built.code, built.stderr).toBe(0);
    for (const { service } of brands) {
      const [before, after] = await Promise.all([
        folderDigests(path.join(distDir, service)),
        folderDigests(path.join(out, service)),
      ]);
      expect(Object.keys(after).sort(), service).toEqual(Object.keys(before).sort());
      expect(
        changedFiles(before, after),
        `${service}: dist/ must be a build of this tree (npm run build)`,
      ).toEqual(takesPayments(service) ? ['index.html', 'index.html.br', 'index.html.gz'] : []);
    }
    const page = await readFile(path.join(out, 'a-ident', 'index.html'), 'utf8');
    expect(page).toContain('content="rotated-live-client-id"');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

nodeTest(
  'a release of the paying brand without a live PayPal id is refused, naming brand and setting',
  async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'login-gateway-no-id-'));
    try {
      const refused = await buildRelease(out, {});
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'a-ident takes payments, but the release has no PayPal live client id',
      );
      expect(refused.stderr).toContain(`paypal.clientIdLive in deploy.config.json or ${PAYPAL_ENV.live}`);
      expect(await readdir(out)).toEqual([]);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
);
