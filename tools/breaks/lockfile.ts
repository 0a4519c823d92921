import { z } from 'zod';

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({ version: z.string().optional(), optional: z.boolean().optional() }),
  ),
});

/**
 * The packages a revision's package-lock.json names that node_modules does not hold in that
 * version (node_modules/.package-lock.json is what npm installed). The copies share the
 * repository's node_modules, so an older revision may need what is no longer installed.
 * Optional packages are left out: most are another platform's binaries.
 */
export function lockMismatches(locked: unknown, installed: unknown): string[] {
  const wanted = lockSchema.parse(locked).packages;
  const have = lockSchema.parse(installed).packages;
  const mismatches: string[] = [];
  for (const [where, { version, optional }] of Object.entries(wanted)) {
    if (where === '' || optional || version === undefined) continue;
    const name = where.replace(/^node_modules\//, '');
    const found = have[where]?.version;
    if (found !== version)
      mismatches.push(`${name} ${version} (${found ? `${found} installed` : 'not installed'})`);
  }
  return mismatches;
}
