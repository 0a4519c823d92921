import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The breaks: one `git diff` each, after a preamble of its name and why (decision 026). */
export const PATCHES_DIR = path.join(import.meta.dirname, 'patches');

export interface Patch {
  /** Absolute path of the .patch file. */
  file: string;
  /** The preamble's first line. */
  name: string;
  /** The rest of the preamble: what the visitor would get, and why a developer could do it. */
  why: string;
  /** The files it changes, relative to the repository root. */
  files: string[];
}

/** A patch file's preamble and files; what is wrong with it when it has no name, why or diff. */
export function readPatch(file: string, text: string): Patch {
  const start = text.search(/^diff --git /m);
  const [name = '', ...why] = text.slice(0, Math.max(start, 0)).trim().split('\n');
  const files = [...text.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((match) => match[1] ?? '');
  if (start === -1 || files.length === 0) throw new Error(`${file}: no \`diff --git\` with a +++ b/ file.`);
  if (name.trim() === '' || why.join('').trim() === '') {
    throw new Error(`${file}: the preamble needs the break's name, a blank line and why, before the diff.`);
  }
  return { file, name: name.trim(), why: why.join(' ').replace(/\s+/g, ' ').trim(), files };
}

/** Every patch of `dir`, in the order of their file names. */
export async function readPatches(dir = PATCHES_DIR): Promise<Patch[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.patch')).sort();
  return Promise.all(
    names.map(async (name) => readPatch(path.join(dir, name), await readFile(path.join(dir, name), 'utf8'))),
  );
}

/** The patches named by `--only`: a break's name or its file name, with or without `.patch`. */
export function selectPatches(patches: Patch[], only: string[]): Patch[] | string {
  const matches = (patch: Patch, name: string) =>
    [patch.name, path.basename(patch.file), path.basename(patch.file, '.patch')].includes(name);
  const unknown = only.filter((name) => !patches.some((patch) => matches(patch, name)));
  if (unknown.length > 0) {
    const list = patches.map((patch) => `  ${path.basename(patch.file)}  ${patch.name}`).join('\n');
    return `No break named ${unknown.map((name) => `"${name}"`).join(', ')}. The breaks:\n${list}`;
  }
  return only.length === 0 ? patches : patches.filter((patch) => only.some((name) => matches(patch, name)));
}
