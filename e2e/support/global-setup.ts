import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../scripts/vite/app-config.ts';
import { startStaticServer } from './static-server.ts';

/** Serves the built dist/ for the suite; the URL reaches the workers through the environment. */
export default async function globalSetup() {
  const dist = path.join(projectRoot, 'dist');
  if (!existsSync(dist)) throw new Error('No dist/ to test: run `npm run build` first.');
  const { url, server } = await startStaticServer(dist);
  process.env.E2E_BASE_URL = url;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
