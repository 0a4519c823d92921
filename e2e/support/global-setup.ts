import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEV_FIREBASE_PROJECT } from '../../tools/demo/dev-config.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { createDemoServer } from '../../tools/demo/demo-server.ts';
import { startAuthEmulator } from '../../tools/demo/firebase-emulator.ts';
import { freePort, freePortForChild } from '../../tools/demo/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';

/**
 * The suite's backend: the demo server (host routing, production headers, reference MWS) over
 * the demo build in dist-demo/, and the Firebase Auth emulator, each on a free port. Both stop after the run.
 */
export default async function globalSetup() {
  // E2E_DIST_DIR: another demo build (`npm run build -- --demo --out-dir <dir>`), so two runs can
  // test different builds side by side.
  const distDir = path.resolve(process.env.E2E_DIST_DIR ?? path.join(projectRoot, 'dist-demo'));
  if (!existsSync(distDir)) throw new Error(`No ${distDir} to test: run \`npm run build -- --demo\` first.`);
  // The emulator takes 10-15 s to start: the brands are read meanwhile.
  const starting = freePortForChild().then((port) =>
    startAuthEmulator({ port, projectId: DEV_FIREBASE_PROJECT }),
  );
  const read = await loadBrands(defaultBrandsDir).catch(async (error: unknown) => {
    await (await starting.catch(() => undefined))?.stop();
    throw error;
  });
  const { brands, invalid } = read;
  const emulator = await starting;
  const port = await freePort();
  const { server } = createDemoServer({
    distDir,
    brands,
    invalid,
    port,
    authEmulatorUrl: emulator.url,
    firebaseCodes: () => emulator.codes(),
    onCodeSent: () => {},
    collectPolicyReports: true,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  process.env.E2E_PORT = String(port);
  process.env.E2E_AUTH_EMULATOR_ORIGIN = new URL(emulator.url).origin;
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await emulator.stop();
  };
}
