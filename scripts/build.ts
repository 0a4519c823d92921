import path from 'node:path';
import { buildBrands } from './lib/build-brands.ts';
import { parseCommandLine } from './lib/command-line.ts';
import { DEPLOY_FLAGS, deployParameters, writeDeployConfigs } from './lib/deploy-configs.ts';
import { loadBrands } from './lib/load-brands.ts';
import { formatBuildTable, formatInvalidBrands, formatWarnings } from './lib/report.ts';
import { defaultBrandsDir, projectRoot } from './vite/app-config.ts';

const { values } = parseCommandLine({
  command: 'npm run build --',
  summary:
    'Builds every brand in brands/ into dist/<service>/ with login-gateway.nginx.conf and firebase.json (the release), or with --demo the demo build into dist-demo/.',
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
    ...DEPLOY_FLAGS,
  },
  notes: [
    'Environment: VITE_PAYPAL_CLIENT_ID_LIVE (required for a release), VITE_PAYPAL_CLIENT_ID_SANDBOX (default: sb).',
    'See docs/deploy.md.',
  ],
});

const build = values.demo ? 'demo' : 'release';
const brandsDir = path.resolve(values['brands-dir'] ?? defaultBrandsDir);
const outDir = path.resolve(
  values['out-dir'] ?? path.join(projectRoot, build === 'demo' ? 'dist-demo' : 'dist'),
);
const started = performance.now();
const result = await buildBrands({
  brandsDir,
  outDir,
  cacheDir: path.join(projectRoot, 'node_modules', '.cache', 'login-gateway', 'favicons'),
  only: values.brand,
  build,
});

if (result.ok) {
  // A release also says how to serve it: every brand, whichever ones this run rebuilt.
  if (build === 'release') {
    const { brands } = await loadBrands(brandsDir);
    await writeDeployConfigs(outDir, brands, deployParameters(values));
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
      ? `Release in ${path.relative(process.cwd(), outDir) || '.'}/, with login-gateway.nginx.conf and firebase.json (docs/deploy.md).`
      : `Demo build in ${path.relative(process.cwd(), outDir) || '.'}/: development only, never to be deployed.`,
  );
} else {
  console.error(`Build failed.\n${result.message}`);
  process.exitCode = 1;
}
