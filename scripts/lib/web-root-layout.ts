import path from 'node:path';

/**
 * How `npm run deploy` lays out a host's web root, and what the nginx config serves from it:
 *
 *     <webRoot>/releases/<release id>/<service>/…   every release installed, as built
 *     <webRoot>/releases/<release id>/release.json  its manifest, for the operator, not served
 *     <webRoot>/current -> releases/<release id>    the release being served, swapped atomically
 *     <webRoot>/store/<service>/assets/…            every asset of every release still kept
 *     <webRoot>/deployments.json                    which release was installed and retired when
 *
 * Pages and top-level files come from `current`, so a deploy or a rollback switches them in one
 * rename. Assets come from the store, which a deploy only adds to and prunes by age: a page
 * opened on an earlier release still finds every chunk it names.
 */
export const WEB_ROOT_LAYOUT = {
  releases: 'releases',
  current: 'current',
  store: 'store',
  history: 'deployments.json',
} as const;

/** Where nginx finds a brand's page and top-level files: below the `current` link. */
export function currentBrandDir(webRoot: string, service: string): string {
  return path.posix.join(webRoot, WEB_ROOT_LAYOUT.current, service);
}

/** The store of one brand's assets; the files are in its `assets/` folder, as in a brand folder. */
export function brandStoreDir(root: string, service: string): string {
  return path.posix.join(root, WEB_ROOT_LAYOUT.store, service);
}
