import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from './lib/command-line.ts';
import type { ConfigProbe } from './deploy/served-services.ts';
import type { ServedBrand } from './lib/nginx-config.ts';

const COMMAND = 'npm run deploy --';
const TARGETS = ['nginx', 'firebase'] as const;

const { values, positionals } = parseCommandLine({
  command: COMMAND,
  summary:
    'Installs a checked release (npm run build, npm run release-check) on nginx or Firebase Hosting and prints its id, or goes back to the release served before. Builds nothing.',
  positionals:
    '<nginx|firebase>  (with --rollback or --recover, the one target deployed from here if left out)\n  status [nginx|firebase]  what is live, installed and unfinished (every target deployed from here if left out)',
  allowPositionals: true,
  options: {
    release: {
      type: 'string',
      valueName: '<dir>',
      description: 'The release to install (default: dist/)',
    },
    settings: {
      type: 'string',
      valueName: '<file>',
      description: 'The deployment settings (default: deploy.config.json)',
    },
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'The brands the release must hold, with their domains (default: brands/)',
    },
    rollback: {
      type: 'boolean',
      default: false,
      description:
        'Serves the release served before the current one again (takes no --release); again, the one before that',
    },
    to: {
      type: 'string',
      valueName: '<id>',
      description: 'With --rollback: the installed release to serve (`npm run deploy -- status` lists them)',
    },
    recover: {
      type: 'boolean',
      default: false,
      description:
        'Finishes or undoes a deploy or rollback that did not end (killed, a full disk), and does nothing else',
    },
    'dry-run': {
      type: 'boolean',
      default: false,
      description: 'firebase: assembles the stage folder and prints the command instead of running it',
    },
    'allow-dirty': {
      type: 'boolean',
      default: false,
      description:
        'Deploys a release built with uncommitted changes (a -dirty id), which is refused otherwise',
    },
  },
  notes: [
    'Examples:',
    '  npm run deploy -- nginx                 installs dist/ on this host and serves it',
    '  npm run deploy -- nginx --rollback      serves the release served before again',
    '  npm run deploy -- --rollback            the same, on the one target this settings file deployed to',
    '  npm run deploy -- nginx --rollback --to 20261128T101500Z-0123456789ab   serves that installed release',
    '  npm run deploy -- status                the release live, the installed ones, the store, the last deploy',
    '  npm run deploy -- nginx --recover       finishes or undoes a deploy that was killed',
    '  npm run deploy -- firebase --dry-run    assembles the Firebase stage and prints the command',
    '',
    'nginx: installs into webRoot/releases/, adds the assets to webRoot/store/, writes a journal, writes',
    'configFile, runs testCommand, swaps webRoot/current, runs reloadCommand, records deployments.json; a',
    'failing step puts config and current back. A run that finds a journal left (a deploy killed, a full',
    'disk) finishes or undoes it first, and says so; --recover does only that.',
    'firebase: stages each site (the release plus the assets of recent releases) in stageDir and runs',
    'deployCommand there. Deploying the release already served renders the host config again: that',
    'applies a change of deploy.config.json or of a domain in brands/ without a build. A release built with',
    'uncommitted changes (a -dirty id) is refused unless --allow-dirty says to deploy it. See docs/deploy.md.',
  ],
});

const status = positionals[0] === 'status';
const [named, ...rest] = status ? positionals.slice(1) : positionals;
if (named !== undefined || !(values.rollback || values.recover || status)) checkTarget(named);
if (rest.length > 0) refuseCommandLine(COMMAND, `one target only (not "${rest.join(' ')}").`);
const actions = [status && 'status', values.rollback && '--rollback', values.recover && '--recover'].filter(
  Boolean,
);
if (actions.length > 1) refuseCommandLine(COMMAND, `${actions.join(' and ')} do different things: give one.`);
if (values.to !== undefined && !values.rollback)
  refuseCommandLine(COMMAND, '--to names the release a rollback serves: add --rollback.');
if (
  (status || values.recover) &&
  (values.release !== undefined || values['dry-run'] || values['allow-dirty'])
)
  refuseCommandLine(COMMAND, `${actions[0]} takes no --release, --dry-run or --allow-dirty.`);
if (values['dry-run'] && named !== 'firebase')
  refuseCommandLine(COMMAND, '--dry-run is for the firebase target.');
if (values.rollback && values.release !== undefined) {
  refuseCommandLine(COMMAND, '--rollback serves an installed release; leave out --release.');
}
if (values.rollback && values['allow-dirty']) {
  refuseCommandLine(COMMAND, '--allow-dirty is for a new release; a rollback serves one deployed before.');
}

function checkTarget(target: string | undefined): asserts target is (typeof TARGETS)[number] {
  if (target === 'nginx' || target === 'firebase') return;
  refuseCommandLine(
    COMMAND,
    `name the target: ${TARGETS.join(' or ')}${target === undefined ? '' : ` (not "${target}")`}.`,
  );
}

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { defaultBrandsDir, projectRoot } = await import('./vite/app-config.ts');
const { DEFAULT_SETTINGS_FILE } = await import('./lib/deploy-settings.ts');
const common = {
  settingsFile: path.resolve(values.settings ?? path.join(projectRoot, DEFAULT_SETTINGS_FILE)),
  brandsDir: path.resolve(values['brands-dir'] ?? defaultBrandsDir),
};
const releaseDir = path.resolve(values.release ?? path.join(projectRoot, 'dist'));

try {
  if (status) await printStatus(named);
  else if (values.recover) await recover(named ?? (await deployedTarget(common.settingsFile)));
  else await deployOrRollback();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}

async function deployOrRollback(): Promise<void> {
  if (!values.rollback) await checkCommitted(releaseDir, values['allow-dirty']);
  const target = named ?? (await deployedTarget(common.settingsFile));
  if (target === 'nginx') {
    const { deployNginx, rollbackNginx } = await import('./deploy/nginx-target.ts');
    let served;
    if (values.rollback) {
      const switched = await rollbackNginx({ ...common, to: values.to });
      printNotes(switched.notes);
      served = switched.served;
      console.log(`Rolled back to ${switched.release} (was ${switched.previous ?? 'nothing'}).`);
    } else {
      const { release, previous, notes, ...switched } = await deployNginx({ ...common, releaseDir });
      printNotes(notes);
      served = switched.served;
      console.log(
        release === previous
          ? `${release} is served already: its nginx config is rendered again, tested and reloaded.`
          : `Deployed ${release} (replacing ${previous ?? 'nothing: the first release here'}).`,
      );
    }
    // Through this host's own nginx, each domain by name, whatever DNS says of it yet.
    const { loadDeploySettings } = await import('./lib/deploy-settings.ts');
    const { listenTarget } = await import('./deploy/served-services.ts');
    const [listen] = (await loadDeploySettings(common.settingsFile)).settings.nginx.httpsListen;
    await reportServedServices(served, { connect: listen === undefined ? undefined : listenTarget(listen) });
  } else {
    const { deployFirebase, rollbackFirebase } = await import('./deploy/firebase-target.ts');
    const options = { ...common, dryRun: values['dry-run'] };
    const published = values.rollback
      ? await rollbackFirebase({ ...options, to: values.to })
      : await deployFirebase({ ...options, releaseDir });
    const { release, previous, stage, command, deployed } = published;
    printNotes(published.notes);
    const relativeStage = path.relative(process.cwd(), stage) || '.';
    if (!deployed) {
      console.log(
        `Staged ${release} in ${relativeStage}/. To deploy it: (cd ${relativeStage} && ${command.join(' ')})`,
      );
    } else if (values.rollback) {
      console.log(`Rolled back to ${release} (was ${previous ?? 'nothing'}).`);
    } else {
      console.log(
        `Deployed ${release} to Firebase Hosting (replacing ${previous ?? 'nothing deployed from here'}).`,
      );
    }
    if (deployed) await reportServedServices(published.served, {});
    if (values.rollback) {
      // firebase-tools has no hosting:rollback command; Hosting keeps each site's earlier versions.
      console.log(
        "One site alone can also go back in the Firebase console (Hosting, the site's release history) or with `firebase hosting:clone <site>@<version> <site>:live`.",
      );
    }
  }
}

/** What a run found and did before its own work: a stale lock, an unfinished deploy. */
function printNotes(notes: readonly string[]): void {
  for (const note of notes) console.warn(`⚠ ${note}`);
}

async function recover(target: (typeof TARGETS)[number]): Promise<void> {
  if (target === 'nginx') {
    const { recoverNginx } = await import('./deploy/nginx-target.ts');
    for (const note of (await recoverNginx(common)).notes) console.log(note);
  } else {
    const { recoverFirebase } = await import('./deploy/firebase-target.ts');
    for (const note of (await recoverFirebase(common)).notes) console.log(note);
  }
}

/** `status`: each target named, or each with a history here (nginx's web root, the Firebase stage). */
async function printStatus(target: (typeof TARGETS)[number] | undefined): Promise<void> {
  const { loadDeploySettings } = await import('./lib/deploy-settings.ts');
  const { nginxStatus, firebaseStatus } = await import('./deploy/status.ts');
  const { settings, file } = await loadDeploySettings(common.settingsFile);
  const targets = target === undefined ? (await deployedTargets(common.settingsFile)).deployed : [target];
  if (targets.length === 0) {
    console.log(
      `Nothing deployed with ${file}: neither ${settings.nginx.webRoot} nor the Firebase stage holds a history.`,
    );
    return;
  }
  const now = new Date();
  const stage = path.resolve(path.dirname(file), settings.firebase.stageDir);
  for (const each of targets) {
    const lines =
      each === 'nginx'
        ? await nginxStatus(settings.nginx, now)
        : await firebaseStatus(settings.firebase, stage, now);
    console.log(lines.join('\n'));
  }
}

/** Refuses a `-dirty` release, or says that it goes out so when --allow-dirty lets it. */
async function checkCommitted(releaseDir: string, allowDirty: boolean): Promise<void> {
  const { refuseDirtyRelease } = await import('./deploy/checked-release.ts');
  if (!allowDirty) return refuseDirtyRelease(releaseDir);
  const { readReleaseManifest } = await import('./lib/release-manifest.ts');
  const { release, dirty } = await readReleaseManifest(releaseDir);
  if (dirty) console.warn(`⚠ ${release} was built with uncommitted changes; --allow-dirty lets it through.`);
}

/**
 * Whether each brand domain's api/config now answers for that brand's service: the release is
 * live either way, so what is wrong is said, for the operator to hand on, and the exit stays 0.
 */
async function reportServedServices(served: readonly ServedBrand[], probe: ConfigProbe): Promise<void> {
  const { servedServiceProblems } = await import('./deploy/served-services.ts');
  // nginx's workers take the reloaded config a moment after the reload returns: asked again for 4 s.
  const problems = await servedServiceProblems(served, { attempts: 9, retryMs: 500, ...probe });
  const domains = served.reduce((sum, brand) => sum + brand.domains.length, 0);
  if (problems.length === 0) {
    console.log(`Each of the ${domains} brand domains' api/config answers for its brand's service.`);
    return;
  }
  console.warn(
    `⚠ ${problems.length} of ${domains} brand domains do not answer for their brand's service; the release is live:\n` +
      problems.map((problem) => `  ⚠ ${problem}`).join('\n'),
  );
}

/**
 * For `--rollback` without a target: the one target this settings file has deployed to, by the
 * history each keeps (nginx in its web root, Firebase in its stage). Neither or both: say so.
 */
async function deployedTarget(settingsFile: string): Promise<(typeof TARGETS)[number]> {
  const { deployed, histories } = await deployedTargets(settingsFile);
  const [only] = deployed;
  if (deployed.length === 1 && only) return only;
  throw new Error(
    deployed.length === 0
      ? `Nothing to roll back to: neither ${histories.nginx} nor ${histories.firebase} exists.`
      : 'Both nginx and Firebase Hosting were deployed to with these settings: name the target, e.g. `npm run deploy -- nginx --rollback`.',
  );
}

/** The targets this settings file has deployed to, by the history each keeps. */
async function deployedTargets(
  settingsFile: string,
): Promise<{ deployed: (typeof TARGETS)[number][]; histories: Record<(typeof TARGETS)[number], string> }> {
  const { existsSync } = await import('node:fs');
  const { loadDeploySettings } = await import('./lib/deploy-settings.ts');
  const { WEB_ROOT_LAYOUT } = await import('./lib/web-root-layout.ts');
  const { STAGE_STORE } = await import('./deploy/firebase-target.ts');
  const { settings, file } = await loadDeploySettings(settingsFile);
  const stage = path.resolve(path.dirname(file), settings.firebase.stageDir);
  const histories = {
    nginx: path.join(settings.nginx.webRoot, WEB_ROOT_LAYOUT.history),
    firebase: path.join(stage, STAGE_STORE, WEB_ROOT_LAYOUT.history),
  };
  return { deployed: TARGETS.filter((target) => existsSync(histories[target])), histories };
}
