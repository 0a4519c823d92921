import path from 'node:path';
import ts from 'typescript';
import { projectImports } from './module-graph.ts';

/**
 * The project as `tsc -p <root>` sees it, parsed and bound once. A break's program reuses every
 * source file it does not change, so each break costs only the files it can affect.
 */
export interface Project {
  root: string;
  program: ts.Program;
  /** Who imports whom among the project's own files (not node_modules), by absolute path. */
  importersOf: (file: string) => readonly string[];
}

export function openProject(root: string): Project {
  const configFile = path.join(root, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(formatDiagnostics([diagnostic], root));
    },
  });
  if (!config) throw new Error(`${configFile} cannot be read.`);
  if (config.errors.length > 0) throw new Error(formatDiagnostics(config.errors, root));
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host: ts.createCompilerHost(config.options, true),
  });
  const importers = new Map<string, string[]>();
  for (const file of ownFiles(program)) {
    for (const { file: imported } of projectImports(file, program, { runtimeOnly: false })) {
      importers.set(imported, [...(importers.get(imported) ?? []), file.fileName]);
    }
  }
  return { root, program, importersOf: (file) => importers.get(file) ?? [] };
}

/** The project's program with `changes` (new text by path relative to the root) in place. */
export function programWith(project: Project, changes: ReadonlyMap<string, string>): ts.Program {
  const { root, program: base } = project;
  const replaced = new Map([...changes].map(([file, text]) => [path.join(root, file), text]));
  return ts.createProgram({
    rootNames: base.getRootFileNames(),
    options: base.getCompilerOptions(),
    host: replacingHost(base, replaced),
    oldProgram: base,
  });
}

/**
 * The compiler's errors in the changed files and in every file that imports them, directly or
 * through other such files, as long as `counts` takes it. A changed file that declares globals
 * reaches every file.
 */
export function compilerErrors(
  project: Project,
  program: ts.Program,
  changed: readonly string[],
  counts: (fileName: string) => boolean,
): string | undefined {
  const files = changed.flatMap((file) => program.getSourceFile(path.join(project.root, file)) ?? []);
  const reach = files.some((file) => !ts.isExternalModule(file) || declaresGlobals(file))
    ? ownFiles(program)
        .map((file) => file.fileName)
        .filter(counts)
    : importersClosure(
        files.map((file) => file.fileName),
        (file) => project.importersOf(file).filter(counts),
      );
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const fileName of new Set([...files.map((file) => file.fileName), ...reach])) {
    const file = program.getSourceFile(fileName);
    if (!file) continue;
    diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  return diagnostics.length > 0 ? formatDiagnostics(diagnostics, project.root) : undefined;
}

/** The project's own source files, not the libraries' declarations. */
export function ownFiles(program: ts.Program): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter(
      (file) => !program.isSourceFileDefaultLibrary(file) && !program.isSourceFileFromExternalLibrary(file),
    )
    .filter((file) => !file.fileName.includes('/node_modules/'));
}

export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], root: string): string {
  return ts
    .formatDiagnostics(diagnostics, {
      getCanonicalFileName: (fileName) => fileName,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    })
    .trimEnd();
}

function importersClosure(files: string[], importersOf: (file: string) => readonly string[]): string[] {
  const seen = new Set(files);
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const importer of importersOf(file)) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return [...seen];
}

function declaresGlobals(file: ts.SourceFile): boolean {
  return file.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      (statement.name.text === 'global' || ts.isStringLiteral(statement.name)),
  );
}

/** The base program's files, except those in `replaced`, which are parsed from their new text. */
function replacingHost(base: ts.Program, replaced: ReadonlyMap<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost(base.getCompilerOptions(), true);
  return {
    ...host,
    fileExists: (fileName) => replaced.has(fileName) || host.fileExists(fileName),
    readFile: (fileName) => replaced.get(fileName) ?? host.readFile(fileName),
    getSourceFile(fileName, languageVersion, onError, shouldCreate) {
      const text = replaced.get(fileName);
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
      return (
        base.getSourceFile(fileName) ?? host.getSourceFile(fileName, languageVersion, onError, shouldCreate)
      );
    },
  };
}
