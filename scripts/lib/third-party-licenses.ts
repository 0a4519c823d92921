import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The licence notices of the bundled packages, at the top of every brand folder. */
export const LICENSES_FILE = 'third-party-licenses.txt';

/**
 * Where Vite's `build.license` writes its list of the bundled packages (app-config.ts), in the
 * staging folder. JSON rather than Vite's Markdown, because that list is not enough on its own:
 * see STANDARD_TEXTS.
 */
export const VITE_LICENSES_JSON = '.vite/license.json';

/** One entry of Vite's list: a package whose modules are in the bundle. */
const bundledPackageSchema = z.object({
  name: z.string().min(1),
  version: z.string(),
  /** The `license` field of its package.json. */
  identifier: z.string().optional(),
  /** Its LICENSE (or LICENCE, COPYING…) file, when it ships one. */
  text: z.string().optional(),
});
export type BundledPackage = z.infer<typeof bundledPackageSchema>;

/**
 * Licence texts for packages that ship none. Firebase's npm packages have no LICENSE file, only
 * `"license": "Apache-2.0"`, so Vite lists their names without a text, yet Apache-2.0 §4(a) asks
 * for a copy of the licence. Only licences whose text names no copyright holder belong here: an
 * MIT package without its file cannot be given one (its copyright line is in that file).
 * Apache-2.0.txt is the text apache.org publishes (as Debian's common-licenses has it).
 */
const STANDARD_TEXTS: Readonly<Record<string, URL>> = {
  'Apache-2.0': new URL('./licenses/Apache-2.0.txt', import.meta.url),
};

/** The notices file of the app Vite built into appDir: Vite's list, completed and rendered. */
export async function readThirdPartyLicenses(appDir: string): Promise<string> {
  const packages = z
    .array(bundledPackageSchema)
    .parse(JSON.parse(await readFile(path.join(appDir, VITE_LICENSES_JSON), 'utf8')));
  const standardTexts = Object.fromEntries(
    await Promise.all(
      Object.entries(STANDARD_TEXTS).map(async ([id, file]) => [id, await readFile(file, 'utf8')] as const),
    ),
  );
  return renderThirdPartyLicenses(packages, standardTexts);
}

/**
 * Plain text: every bundled package with its version and licence, packages with the same text
 * under one copy of it (React's three share Meta's MIT text). A package without a text of its
 * own gets the standard text of its licence, said so; one whose licence has none fails the
 * build, naming it, rather than ship a release without its notice.
 */
export function renderThirdPartyLicenses(
  packages: readonly BundledPackage[],
  standardTexts: Readonly<Record<string, string>>,
): string {
  const groups = new Map<string, { names: string[]; standard: boolean }>();
  const missing: string[] = [];
  for (const { name, version, identifier, text } of packages) {
    const standard = text === undefined;
    const licenseText = (text ?? (identifier === undefined ? undefined : standardTexts[identifier]))?.trim();
    const label = `${name} ${version}${identifier ? ` (${identifier})` : ''}`;
    if (!licenseText) {
      missing.push(`${name}@${version} (${identifier ?? 'no licence named'})`);
      continue;
    }
    const key = `${standard}\n${licenseText}`;
    const group = groups.get(key) ?? { names: [], standard };
    group.names.push(label);
    groups.set(key, group);
  }
  if (missing.length > 0) {
    throw new Error(
      `The bundle holds packages with no licence text: ${missing.join(', ')}. Add the licence's standard text to scripts/lib/licenses/ (only for a licence that names no copyright holder), or drop the package.`,
    );
  }
  const rule = '='.repeat(78);
  const sections = [...groups].map(([key, { names, standard }]) => {
    const text = key.slice(key.indexOf('\n') + 1);
    const note = standard
      ? [
          '',
          'These packages ship no licence file; their package.json names this licence, whose text follows.',
        ]
      : [];
    return [rule, '', ...names, ...note, '', text, ''].join('\n');
  });
  const intro =
    packages.length === 0
      ? 'This page bundles no third-party packages.\n'
      : 'This page bundles code of the packages below, each under the licence given with it.\n\n';
  return `Third-party licences\n\n${intro}${sections.join('\n')}`;
}
