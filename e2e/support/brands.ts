import path from 'node:path';
import { loadBrand } from '../../scripts/lib/load-brands.ts';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';

/** The project's brand folder as the build reads it; a test of an invalid brand fails at once. */
export async function brandOf(service: string) {
  const brand = await loadBrand(path.join(defaultBrandsDir, service));
  if ('problems' in brand) throw new Error(brand.problems.join('\n'));
  return brand;
}
