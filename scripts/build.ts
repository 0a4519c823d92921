import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildBrands } from './lib/build-brands.ts';
import { formatBuildTable } from './lib/report.ts';
import { defaultBrandsDir, projectRoot } from './vite/app-config.ts';

const { values } = parseArgs({
  options: {
    brand: { type: 'string' },
    'brands-dir': { type: 'string' },
    'out-dir': { type: 'string' },
  },
});

const started = performance.now();
const result = await buildBrands({
  brandsDir: path.resolve(values['brands-dir'] ?? defaultBrandsDir),
  outDir: path.resolve(values['out-dir'] ?? path.join(projectRoot, 'dist')),
  cacheDir: path.join(projectRoot, 'node_modules', '.cache', 'login-gateway', 'favicons'),
  only: values.brand,
});

if (result.ok) {
  console.log(formatBuildTable(result.rows));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `\nBuilt ${result.rows.length} brand(s) in ${seconds} s (favicons from cache: ${result.faviconsFromCache}).`,
  );
} else {
  console.error(`Build failed.\n${result.message}`);
  process.exitCode = 1;
}
