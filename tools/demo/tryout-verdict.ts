import { BRAND_FILES } from '../../scripts/lib/load-brands.ts';

/**
 * What the gallery's page gets back for a folder it sent (tryout.ts), and shows: the build's own
 * messages, grouped by the file they are about.
 */
export type TryoutVerdict =
  | (VerdictBase & { outcome: 'builds'; warnings: FileMessages[]; previewUrl: string })
  | (VerdictBase & { outcome: 'refused'; problems: FileMessages[] })
  | (VerdictBase & { outcome: 'failed'; message: string });

interface VerdictBase {
  /** The folder's name, as the build saw it. */
  name: string;
  /** Whether brands/ has a folder of that name, which the try put the sent one in place of. */
  replaces: boolean;
  seconds: number;
}

/** The messages about one file, or about the folder as a whole (its name, say): file null. */
export interface FileMessages {
  file: string | null;
  messages: string[];
}

/** The files of a brand folder, in the order docs/brands.md names them (load-brands.ts). */

/**
 * The build's messages by the file each begins with ("logo.svg: …", "brand.json → …"), a brand
 * file's even when it was not sent ("icon.svg: missing; …"): the folder's own first, then the
 * brand files, then the others that were sent. Each message stays as the build wrote it.
 */
export function groupByFile(messages: readonly string[], sent: readonly string[]): FileMessages[] {
  const files = [...new Set([...BRAND_FILES, ...sent])];
  // The longest name first: "logo-dark.svg" must not go to a file named "logo-dark".
  const byLength = [...files].sort((a, b) => b.length - a.length);
  const groups = new Map<string | null, string[]>([null, ...files].map((file) => [file, []]));
  for (const message of messages) {
    const file = byLength.find((name) => message.startsWith(`${name}:`) || message.startsWith(`${name} →`));
    groups.get(file ?? null)?.push(message);
  }
  return [...groups].flatMap(([file, grouped]) => (grouped.length > 0 ? [{ file, messages: grouped }] : []));
}
