import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import type { Patch } from './patches.ts';

const exec = promisify(execFile);

export interface Checked {
  patch: Patch;
  /** Why the break is stale; empty when it is not. */
  stale: string[];
}

/** `git apply` of the patch in `cwd` (extra `args` such as --check); git's message if it refuses. */
export function gitApply(cwd: string, patch: Patch, args: string[] = []): Promise<string | undefined> {
  return exec('git', ['apply', ...args, patch.file], { cwd }).then(
    () => undefined,
    (error: { stderr?: string }) => (error.stderr ?? String(error)).trim(),
  );
}

/**
 * Whether each break still applies to the files of `root` (`git apply --check`), changes the code
 * each TypeScript file emits (not only comments, whitespace or types), and adds no error to those
 * the project's tsconfig.json reports without it.
 */
export async function checkPatches(root: string, patches: Patch[]): Promise<Checked[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'breaks-check-'));
  try {
    let typeCheck: ((changed: Map<string, string>) => Map<string, string>) | undefined;
    let before: Map<string, string> | undefined;
    const checked: Checked[] = [];
    for (const [index, patch] of patches.entries()) {
      const refused = await gitApply(root, patch, ['--check']);
      if (refused !== undefined) {
        checked.push({ patch, stale: [`It does not apply (git apply --check):\n${refused}`] });
        continue;
      }
      const changed = await patchedFiles(root, patch, path.join(scratch, String(index)));
      const stale = [...changed.keys()]
        .filter((file) => sameCode(file, ts.sys.readFile(file) ?? '', changed.get(file) ?? ''))
        .map((file) => `It changes only comments, whitespace or types in ${path.relative(root, file)}.`);
      typeCheck ??= typeChecker(root);
      before ??= typeCheck(new Map());
      const errors = [...typeCheck(changed)].filter(([key]) => !before?.has(key)).map(([, shown]) => shown);
      if (errors.length > 0) stale.push(`The code does not compile:\n${errors.join('\n')}`);
      checked.push({ patch, stale });
    }
    return checked;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The files the patch changes, as absolute paths, with their text after it: applied to copies in `dir`. */
async function patchedFiles(root: string, patch: Patch, dir: string): Promise<Map<string, string>> {
  for (const file of patch.files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(root, file), path.join(dir, file)).catch(() => undefined);
  }
  const refused = await gitApply(dir, patch);
  if (refused !== undefined) throw new Error(`${patch.file}: ${refused}`);
  const texts = new Map<string, string>();
  for (const file of patch.files)
    texts.set(path.join(root, file), await readFile(path.join(dir, file), 'utf8'));
  return texts;
}

/** Whether two texts of a file emit the same JavaScript; true for no TypeScript file. */
function sameCode(file: string, before: string, after: string): boolean {
  if (!/\.[cm]?tsx?$/.test(file)) return before === after;
  const emit = (text: string) =>
    ts.transpileModule(text, {
      fileName: file,
      compilerOptions: { removeComments: true, target: ts.ScriptTarget.ESNext, jsx: ts.JsxEmit.Preserve },
    }).outputText;
  return emit(before) === emit(after);
}

/**
 * The compiler of `root`'s tsconfig.json, kept in memory: each call puts the given files' text in
 * place of theirs and answers every error, keyed by file and message (no line: a patch shifts them).
 * Each call starts from the tree as it is, checked once: it re-checks the changed files and those
 * that the change of an export's type reaches.
 */
export function typeChecker(root: string): (changed: Map<string, string>) => Map<string, string> {
  const configHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), undefined, configHost);
  if (!config) throw new Error(`${root}/tsconfig.json cannot be read.`);
  const host = ts.createCompilerHost(config.options);
  let changed = new Map<string, string>();
  const parsed = new Map<string, ts.SourceFile | undefined>();
  let versions = 0;
  host.readFile = (file) => changed.get(path.resolve(file)) ?? ts.sys.readFile(file);
  host.getSourceFile = (file, target) => {
    const patched = changed.get(path.resolve(file));
    if (patched === undefined && parsed.has(file)) return parsed.get(file);
    const text = patched ?? ts.sys.readFile(file);
    // The builder tells changed files by this version, which the public API does not declare.
    const source = text === undefined ? undefined : ts.createSourceFile(file, text, target);
    Object.assign(source ?? {}, { version: `${++versions}` });
    if (patched === undefined) parsed.set(file, source);
    return source;
  };
  const build = (old?: ts.SemanticDiagnosticsBuilderProgram) =>
    ts.createSemanticDiagnosticsBuilderProgram(config.fileNames, config.options, host, old);
  // Made from another builder, it compares the types files export, not their versions, so that a
  // patch reaches only the files that use what it changes (+8 s here, -3 s a patch).
  const base = build(build());
  return (next) => {
    changed = next;
    const builder = next.size === 0 ? base : build(base);
    const diagnostics = [
      ...builder.getGlobalDiagnostics(),
      ...builder.getSyntacticDiagnostics(),
      ...builder.getSemanticDiagnostics(),
    ];
    return new Map(
      diagnostics.map((diagnostic) => {
        const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
        const file = diagnostic.file ? path.relative(root, diagnostic.file.fileName) : '(project)';
        const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
        return [`${file}: ${message}`, `${file}${line === undefined ? '' : `:${line + 1}`}: ${message}`];
      }),
    );
  };
}

/** What `--check-only` prints of one break. */
export function formatCheck({ patch, stale }: Checked): string {
  const name = `${patch.name} (${path.basename(patch.file)})`;
  if (stale.length === 0) return `ok     ${name}`;
  const reasons = stale.map((why) => `       - ${why.replace(/\n/g, '\n         ')}`);
  return [`STALE  ${name}`, ...reasons].join('\n');
}
