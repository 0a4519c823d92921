import { readdirSync } from 'node:fs';

/** Every brand folder's service, sorted: a new brand is covered with no change to the suite. */
export const BRAND_SERVICES = readdirSync(new URL('../../brands', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort();
