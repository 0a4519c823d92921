import path from 'node:path';
import { parseCommandLine } from './lib/command-line.ts';

// Run after `npm run build`: refuses a demo build and any folder with development code in it.
const { values } = parseCommandLine({
  command: 'npm run release-check --',
  summary:
    "Refuses a folder that is not a release: a demo build, development code, a policy other than the release policy, a page without its redirect hosts, a paying brand without PayPal's live id, no release.json, or nginx and Firebase configs that do not send the policy.",
  options: {
    dir: { type: 'string', valueName: '<dir>', description: 'The release to check (default: dist/)' },
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'The brands it must hold (default: brands/)',
    },
  },
  notes: ['Run it after `npm run build`; see docs/deploy.md.'],
});

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { loadBrands } = await import('./lib/load-brands.ts');
const { checkRelease, domainNotes, DEVELOPMENT_MARKERS } = await import('./lib/release-check.ts');
const { defaultBrandsDir, projectRoot } = await import('./vite/app-config.ts');

const dir = path.resolve(values.dir ?? path.join(projectRoot, 'dist'));
const { brands } = await loadBrands(path.resolve(values['brands-dir'] ?? defaultBrandsDir));
const problems = await checkRelease(dir, brands);
// The same rule as the deploy's: a domain changed since the build is applied by it.
for (const note of await domainNotes(dir, brands)) console.warn(`⚠ ${note}`);
if (problems.length > 0) {
  console.error(`${path.relative(process.cwd(), dir) || '.'}/ is not a release:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(
    `Release check: ${brands.length} brand folders in ${path.relative(process.cwd(), dir) || '.'}/ hold no development code (${DEVELOPMENT_MARKERS.join(', ')}), every policy is the release policy, every page names its redirect hosts, no file or folder is writable by its group or everyone, the paying brands carry PayPal's live id, release.json names the release, and the nginx and Firebase configs serve exactly these brands and send the policy.`,
  );
}
