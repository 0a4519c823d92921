import path from 'node:path';
import { parseCommandLine } from '../scripts/lib/command-line.ts';
import type { Brand } from '../scripts/lib/load-brands.ts';
import type { RunningEmulator } from './demo/firebase-emulator.ts';
import type { BrandWatcher } from './demo/rebuild-on-change.ts';

const { values } = parseCommandLine({
  command: 'npm start --',
  summary:
    'Runs the whole product offline: builds the demo where dist-demo/ lacks a brand or holds an older state of it, then serves every brand with the reference backend, the PayPal stand-in and the Firebase Auth emulator (docs/demo.md).',
  options: {
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'Reads the brands from there and follows them (default: brands/)',
    },
    'out-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'Builds the demo there and serves it (default: dist-demo/)',
    },
    port: {
      type: 'string',
      valueName: '<n>',
      description: "The demo server's port (default: PORT, else 8080)",
    },
    'emulator-port': {
      type: 'string',
      valueName: '<n>',
      description: "The Firebase Auth emulator's port (default: FIREBASE_AUTH_EMULATOR_PORT, else 9099)",
    },
    'no-emulator': {
      type: 'boolean',
      default: false,
      description: 'Runs without the emulator: the phone path fails with AN01',
    },
  },
});

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { RESOLVER_SERVICE } = await import('../src/lib/services.ts');
const { DEV_FIREBASE_PROJECT } = await import('./demo/dev-config.ts');
const { loadBrands } = await import('../scripts/lib/load-brands.ts');
const { formatInvalidBrands } = await import('../scripts/lib/report.ts');
const { createDemoServer } = await import('./demo/demo-server.ts');
const { buildDemo, fingerprint, reasonsToBuild } = await import('../scripts/lib/demo-build.ts');
const { startAuthEmulator } = await import('./demo/firebase-emulator.ts');
const { rebuildOnChange } = await import('./demo/rebuild-on-change.ts');
const { createTryouts } = await import('./demo/tryout.ts');
const { RESOLVER_TABLE } = await import('./demo/resolver-table.ts');
const { defaultBrandsDir, faviconCacheDir, projectRoot } = await import('../scripts/vite/app-config.ts');

const port = Number(values.port ?? process.env.PORT ?? 8080);
const emulatorPort = Number(values['emulator-port'] ?? process.env.FIREBASE_AUTH_EMULATOR_PORT ?? 9099);
const brandsDir = path.resolve(values['brands-dir'] ?? defaultBrandsDir);
// The demo build, with its development switches; `npm run build` makes the release in dist/.
const distDir = path.resolve(values['out-dir'] ?? path.join(projectRoot, 'dist-demo'));
for (const [name, value] of [
  ['--port / PORT', port],
  ['--emulator-port / FIREBASE_AUTH_EMULATOR_PORT', emulatorPort],
] as const) {
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number from 1 to 65535.`);
    process.exit(1);
  }
}

const { brands, invalid } = await loadBrands(brandsDir);
if (invalid.length > 0)
  console.warn(`${formatInvalidBrands(invalid)}\n(They are listed on the gallery page.)\n`);

const demoBuild = buildDemo({ brandsDir, distDir });
// Whether or not npm start ran when a brand folder or the app changed, the demo shows it now.
const { reasons, inputs } = await reasonsToBuild({
  brandsDir,
  distDir,
  services: brands.map((brand) => brand.service),
});
if (reasons.length > 0) {
  console.log(`Building the demo:\n${reasons.map((reason) => `  ${reason}`).join('\n')}`);
  const result = await demoBuild();
  if (!result.ok) {
    console.error(`The build failed; npm start serves no older state instead.\n${result.message}`);
    process.exit(1);
  }
}

let emulator: RunningEmulator | undefined;
if (!values['no-emulator']) {
  console.log(`Starting the Firebase Auth emulator on port ${emulatorPort}…`);
  emulator = await startAuthEmulator({ port: emulatorPort, projectId: DEV_FIREBASE_PROJECT }).catch(
    (error: Error) => {
      console.warn(`⚠  The phone path is unavailable: ${error.message.split('\n')[0]}`);
      return undefined;
    },
  );
}

// A folder tried on the gallery is built as the demo build does it, with the same favicon cache.
const tryouts = createTryouts({
  brandsDir,
  cacheDir: faviconCacheDir,
});
const { server, brandUrl, setBrands, showRebuildFailure } = createDemoServer({
  distDir,
  brands,
  invalid,
  port,
  authEmulatorUrl: emulator?.url,
  firebaseCodes: emulator ? () => emulator.codes() : undefined,
  tryouts,
});

server.once('error', async (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is taken. Start with --port <n> or PORT=<n>.`
      : `The demo server could not start: ${error.message}`,
  );
  await emulator?.stop();
  process.exit(1);
});

function brandLine(brand: Brand): string {
  const url = new URL(brandUrl(brand.service));
  url.searchParams.set('service', brand.service);
  if (brand.service === RESOLVER_SERVICE)
    url.searchParams.set('qrid', Object.keys(RESOLVER_TABLE)[1] ?? 'qr-pay');
  return `  ${brand.service.padEnd(14)} ${url.href}`;
}

let served = brands;
let watcher: BrandWatcher | undefined;
const watchBrands = () =>
  rebuildOnChange({
    brandsDir,
    build: demoBuild,
    builtFrom: fingerprint(inputs.brands),
    serve(next) {
      setBrands(next);
      const before = new Set(served.map((brand) => brand.service));
      const after = new Set(next.brands.map((brand) => brand.service));
      for (const brand of next.brands.filter((b) => !before.has(b.service)))
        console.log(`+${brandLine(brand).slice(1)}`);
      for (const service of [...before].filter((s) => !after.has(s)))
        console.log(`- ${service} (no longer served)`);
      served = next.brands;
    },
    failed: showRebuildFailure,
    log: (line) => console.log(line),
  });

server.listen(port, '127.0.0.1', () => {
  console.log(`\nThe login gateway runs offline (development only). Gallery: http://localhost:${port}/\n`);
  for (const brand of brands) console.log(brandLine(brand));
  console.log(`\nCodes: in this console and at http://localhost:${port}/dev/outbox`);
  console.log(
    emulator
      ? `Phone codes: Firebase Auth emulator at ${emulator.url}`
      : 'Phone codes: unavailable (no emulator)',
  );
  console.log(
    'A change in brands/ rebuilds the demo; the gallery and the brand previews reload by themselves.',
  );
  console.log('To try a folder before it is in brands/, drop it on the gallery.');
  console.log('Stop with Ctrl-C.');
  void watchBrands().then((started) => (watcher = started));
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    server.closeAllConnections();
    await Promise.all([
      watcher?.close(),
      new Promise((resolve) => server.close(resolve)),
      emulator?.stop(),
      tryouts.close(),
    ]);
    process.exit(0);
  });
}
