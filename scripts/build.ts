import path from 'node:path';
import { buildBrands } from './lib/build-brands.ts';
import { parseCommandLine } from './lib/command-line.ts';
import { DEPLOY_FILES, renderDeployConfigs, writeDeployConfigs } from './lib/deploy-configs.ts';
import { DEFAULT_SETTINGS_FILE, loadDeploySettings, PAYPAL_ENV } from './lib/deploy-settings.ts';
import { loadBrands } from './lib/load-brands.ts';
import { describeRelease, RELEASE_FILE, writeReleaseManifest } from './lib/release-manifest.ts';
import { formatBuildTable, formatInvalidBrands, formatWarnings } from './lib/report.ts';
import { setServedModes } from './lib/file-modes.ts';
import { recordingBuild } from './lib/demo-build.ts';
import { defaultBrandsDir, faviconCacheDir, projectRoot } from './vite/app-config.ts';

const { values } = parseCommandLine({
  command: 'npm run build --',
  summary:
    'Builds every brand in brands/ into dist/<service>/ with release.json, login-gateway.nginx.conf and firebase.json (the release), or with --demo the demo build into dist-demo/.',
  options: {
    brand: {
      type: 'string',
      valueName: '<service>',
      description: "Builds only that brand's folder (every brand is still validated)",
    },
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'Reads the brands from there (default: brands/)',
    },
    'out-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'Writes there (default: dist/, with --demo dist-demo/)',
    },
    // The offline demo with its development switches, into dist-demo/ (docs/deploy.md).
    demo: {
      type: 'boolean',
      default: false,
      description:
        'The demo build: emulator, PayPal stand-in and local backends allowed; never to be deployed',
    },
    settings: {
      type: 'string',
      valueName: '<file>',
      description: `The deployment settings: PayPal's client ids and the host configs (default: ${DEFAULT_SETTINGS_FILE})`,
    },
  },
  notes: [
    `Environment: ${PAYPAL_ENV.live} and ${PAYPAL_ENV.sandbox} win over the settings file's paypal ids; a release of a brand that takes payments needs a live id.`,
    'See docs/deploy.md.',
  ],
});

const build = values.demo ? 'demo' : 'release';
const brandsDir = path.resolve(values['brands-dir'] ?? defaultBrandsDir);
const outDir = path.resolve(
  values['out-dir'] ?? path.join(projectRoot, build === 'demo' ? 'dist-demo' : 'dist'),
);
const started = performance.now();
let loaded;
try {
  loaded = await loadDeploySettings(
    path.resolve(values.settings ?? path.join(projectRoot, DEFAULT_SETTINGS_FILE)),
  );
} catch (error) {
  console.error(`Build failed.\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { settings } = loaded;
const { brands } = await loadBrands(brandsDir);
if (build === 'release') {
  // Every check before anything is written: what the host configs cannot serve fails here, not
  // after the brand folders are replaced.
  try {
    // A one-brand build answers for its own brand only: another brand's setting is not its problem.
    renderDeployConfigs(
      values.brand === undefined ? brands : brands.filter((brand) => brand.service === values.brand),
      settings,
      'not-yet-built',
    );
  } catch (error) {
    console.error(`Build failed.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const buildAll = () =>
  buildBrands({
    brandsDir,
    outDir,
    cacheDir: faviconCacheDir,
    only: values.brand,
    build,
    paypal: { live: settings.paypal.clientIdLive, sandbox: settings.paypal.clientIdSandbox },
    releaseFiles: build === 'release' ? [RELEASE_FILE, ...Object.values(DEPLOY_FILES)] : [],
  });
// A demo build keeps npm start's record of what it was made from, so npm start serves it as it is.
const result = await (build === 'demo'
  ? recordingBuild({ brandsDir, distDir: outDir, build: buildAll })()
  : buildAll());

if (result.ok) {
  // A release also says which build it is and how to serve it: every brand, whichever ones this
  // run rebuilt.
  let release: string | undefined;
  if (build === 'release') {
    const built = await releasedServices(outDir, brands);
    const manifest = await describeRelease(projectRoot, built);
    release = manifest.release;
    await writeReleaseManifest(outDir, manifest);
    // The host configs serve the brand folders the release holds, no others.
    const served = brands.filter((brand) => built.includes(brand.service));
    await writeDeployConfigs(outDir, served, settings, release);
    await setServedModes(outDir);
  }
  if (result.invalid.length > 0) {
    const heading = 'invalid brand folder(s) not built (a build of all brands refuses them)';
    console.warn(`⚠ ${formatInvalidBrands(result.invalid, heading)}\n`);
  }
  if (result.warnings.length > 0) console.warn(`${formatWarnings(result.warnings)}\n`);
  console.log(formatBuildTable(result.rows));
  if (result.refreshed.length > 0) {
    console.log(`\nRefreshed with the new shared app: ${result.refreshed.join(', ')}.`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `\nBuilt ${result.rows.length} brand(s) as a ${build} in ${seconds} s (favicons from cache: ${result.faviconsFromCache}).`,
  );
  console.log(
    build === 'release'
      ? `Release ${release} in ${path.relative(process.cwd(), outDir) || '.'}/, with release.json, login-gateway.nginx.conf and firebase.json: \`npm run release-check\`, then \`npm run deploy -- nginx\` or \`-- firebase\` (docs/deploy.md).`
      : `Demo build in ${path.relative(process.cwd(), outDir) || '.'}/: development only, never to be deployed.`,
  );
} else {
  console.error(`Build failed.\n${result.message}`);
  process.exitCode = 1;
}

/** The brands whose folders the release now holds (a one-brand build keeps the others it refreshed). */
async function releasedServices(dir: string, brands: readonly { service: string }[]): Promise<string[]> {
  const { existsSync } = await import('node:fs');
  return brands.map((b) => b.service).filter((service) => existsSync(path.join(dir, service, 'index.html')));
}
