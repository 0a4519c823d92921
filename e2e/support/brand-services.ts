import { readdirSync } from 'node:fs';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';

/** Every brand folder's service, sorted: a new brand is covered with no change to the suite. */
export const BRAND_SERVICES = readdirSync(defaultBrandsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort();
