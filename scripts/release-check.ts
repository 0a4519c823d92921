import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadBrands } from './lib/load-brands.ts';
import { checkRelease, DEVELOPMENT_MARKERS } from './lib/release-check.ts';
import { defaultBrandsDir, projectRoot } from './vite/app-config.ts';

// Run after `npm run build`: refuses a demo build and any folder with development code in it.
const { values } = parseArgs({ options: { dir: { type: 'string' }, 'brands-dir': { type: 'string' } } });
const dir = path.resolve(values.dir ?? path.join(projectRoot, 'dist'));
const { brands } = await loadBrands(path.resolve(values['brands-dir'] ?? defaultBrandsDir));
const problems = await checkRelease(
  dir,
  brands.map((brand) => brand.service),
);
if (problems.length > 0) {
  console.error(`${path.relative(process.cwd(), dir) || '.'}/ is not a release:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `Release check: ${brands.length} brand folders in ${path.relative(process.cwd(), dir) || '.'}/ hold no development code (${DEVELOPMENT_MARKERS.join(', ')}), every policy is the release policy, and the nginx and Firebase configs send it.`,
  );
}
