import path from 'node:path';
import { loadBrands, type Brand } from '../lib/load-brands.ts';
import { readReleaseManifest, type ReleaseManifest } from '../lib/release-manifest.ts';
import { checkRelease, domainNotes } from '../lib/release-check.ts';
import { formatInvalidBrands } from '../lib/report.ts';

export interface CheckedRelease {
  manifest: ReleaseManifest;
  brands: Brand[];
  /** A domain changed since the build, which the deploy applies (release-check's domainNotes). */
  notes: string[];
}

/** Every brand in `brandsDir`; an invalid brand folder refuses the deploy, as it refuses a build. */
export async function loadServedBrands(brandsDir: string): Promise<Brand[]> {
  const { brands, invalid } = await loadBrands(brandsDir);
  if (invalid.length > 0)
    throw new Error(formatInvalidBrands(invalid, 'invalid brand folder(s): nothing deployed'));
  return brands;
}

/**
 * The release in `releaseDir` with the brands it serves, once it holds exactly the brands of
 * `brandsDir` and `checkRelease` finds nothing wrong with it; otherwise an error naming every
 * problem.
 */
export async function loadCheckedRelease(releaseDir: string, brandsDir: string): Promise<CheckedRelease> {
  const brands = await loadServedBrands(brandsDir);
  const manifest = await readReleaseManifest(releaseDir);
  const services = brands.map((brand) => brand.service);
  // checkRelease names the brands the release lacks; a brand removed since the build is named here.
  const extra = manifest.brands.filter((service) => !services.includes(service));
  const problems = [
    ...(extra.length > 0
      ? [`release.json: lists ${extra.join(', ')}, which ${shortPath(brandsDir)}/ does not hold`]
      : []),
    ...(await checkRelease(releaseDir, brands)),
  ];
  if (problems.length > 0) {
    throw new Error(
      `${shortPath(releaseDir)}/ (release ${manifest.release}) cannot be deployed:\n  ${problems.join('\n  ')}\nBuild it again with \`npm run build\` and check it with \`npm run release-check\`.`,
    );
  }
  // The deploy renders the host configs from brands/ itself: a domain changed since the build is applied.
  return { manifest, brands, notes: await domainNotes(releaseDir, brands) };
}

/**
 * Refuses a release built from a tree with uncommitted changes (`-dirty`): no commit holds what
 * it would serve, so nobody can review it, build it again or tell what changed. `npm run deploy`
 * asks this unless the operator passes --allow-dirty.
 */
export async function refuseDirtyRelease(releaseDir: string): Promise<void> {
  const manifest = await readReleaseManifest(releaseDir);
  if (!manifest.dirty) return;
  throw new Error(
    `${shortPath(releaseDir)}/ (release ${manifest.release}) was built on ${manifest.builtAt} from commit ${manifest.commit} with uncommitted changes to tracked files: no commit holds what it would serve. Commit the changes (or build from a clean checkout), run \`npm run build\` and deploy that; to deploy this build as it is, add --allow-dirty.`,
  );
}

function shortPath(dir: string): string {
  return path.relative(process.cwd(), dir) || '.';
}
