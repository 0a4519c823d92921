import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { createDemoServer } from '../../scripts/server/demo-server.ts';
import { freePort } from '../../scripts/server/ports.ts';
import { defaultBrandsDir, projectRoot } from '../../scripts/vite/app-config.ts';

/**
 * Serves the built dist/ the way production does (host routing, security headers), with the
 * reference backend behind it. The port reaches the workers through the environment.
 */
export default async function globalSetup() {
  const distDir = path.join(projectRoot, 'dist');
  if (!existsSync(distDir)) throw new Error('No dist/ to test: run `npm run build` first.');
  const { brands, invalid } = await loadBrands(defaultBrandsDir);
  const port = await freePort();
  const { server } = createDemoServer({
    distDir,
    brands,
    invalid,
    port,
    authEmulatorUrl: undefined,
    onCodeSent: () => {},
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  process.env.E2E_PORT = String(port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
