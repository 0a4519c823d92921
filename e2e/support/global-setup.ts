import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDevConfig } from '../../scripts/dev/dev-config.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';
import { startStaticServer } from './static-server.ts';

/** Serves the built dist/ for the suite; the URL reaches the workers through the environment. */
export default async function globalSetup() {
  const dist = path.join(projectRoot, 'dist');
  if (!existsSync(dist)) throw new Error('No dist/ to test: run `npm run build` first.');
  const { brands } = await loadBrands(defaultBrandsDir);
  // No MWS or Firebase emulator yet: the branding checks only need the config.
  const config = createDevConfig(brands, {
    mwsTargetUrl: 'http://127.0.0.1:9/mws',
    authEmulatorUrl: 'http://127.0.0.1:9',
  });
  const { url, server } = await startStaticServer(dist, config);
  process.env.E2E_BASE_URL = url;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
