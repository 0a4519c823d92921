import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { LIVE_RELOAD_SCRIPT } from './live-reload.ts';

/** The tryout part of the gallery (browser/tryout.ts). */
export const TRYOUT_SCRIPT = '/dev/tryout.js';

/** The demo's own browser scripts by URL: TypeScript, checked with the rest, each one module. */
const SOURCES: Record<string, string> = {
  [LIVE_RELOAD_SCRIPT]: 'browser/live-reload.ts',
  [TRYOUT_SCRIPT]: 'browser/tryout.ts',
};

const compiled = new Map<string, Promise<string>>();

/**
 * The JavaScript of the demo's browser script at `pathname`, or undefined for another path. Vite's
 * transform strips the types only: each script stands alone (type imports aside), so there is
 * nothing to bundle. Compiled once per server; the demo follows brands/, not its own code.
 */
export function browserScript(pathname: string): Promise<string> | undefined {
  const source = SOURCES[pathname];
  if (source === undefined) return undefined;
  let script = compiled.get(source);
  if (!script) {
    const file = fileURLToPath(new URL(source, import.meta.url));
    script = readFile(file, 'utf8')
      .then((code) => transformWithOxc(code, file, { lang: 'ts', target: 'es2022' }))
      .then(({ code }) => code);
    compiled.set(source, script);
  }
  return script;
}
