import ts from 'typescript';

/** What a file takes from another: the names it imports, or 'all' (a namespace, `import()`). */
export type ImportedNames = ReadonlySet<string> | 'all';

export interface ProjectImport {
  /** The imported file's name as the program knows it. */
  file: string;
  names: ImportedNames;
}

// A break's program shares every file it does not change with the project's: their imports are
// read once.
const importsByFile = new WeakMap<ts.SourceFile, Map<boolean, ProjectImport[]>>();

/**
 * The code that runs from `entries` (absolute file names): each project file their runtime
 * imports reach, directly or not, with what the files that reach it import from it.
 */
export function runningCode(program: ts.Program, entries: readonly string[]): Map<string, ImportedNames> {
  const running = new Map<string, ImportedNames>();
  const queue: string[] = [];
  for (const entry of entries) {
    if (!program.getSourceFile(entry)) {
      throw new Error(
        `${entry}, an entry of runningEntries (tools/breaks/breaks.ts), is not in the project.`,
      );
    }
    running.set(entry, new Set());
    queue.push(entry);
  }
  for (let fileName = queue.shift(); fileName !== undefined; fileName = queue.shift()) {
    const file = program.getSourceFile(fileName);
    if (!file) continue;
    for (const { file: imported, names } of projectImports(file, program, { runtimeOnly: true })) {
      const known = running.get(imported);
      if (known === undefined) queue.push(imported);
      running.set(imported, mergeNames(known ?? new Set(), names));
    }
  }
  return running;
}

/**
 * The project files (not node_modules) that `file` imports statically, dynamically or in a
 * re-export. With runtimeOnly, type-only imports are left out: they are gone from the built code.
 */
export function projectImports(
  file: ts.SourceFile,
  program: ts.Program,
  { runtimeOnly }: { runtimeOnly: boolean },
): ProjectImport[] {
  const cached = importsByFile.get(file)?.get(runtimeOnly);
  if (cached) return cached;
  const checker = program.getTypeChecker();
  const found = new Map<string, ImportedNames>();
  const add = (specifier: ts.Expression, names: ImportedNames) => {
    // The module the compiler resolved, when it is a project file (not a package, not an ambient
    // declaration such as virtual:brands or *.css).
    const target = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
    if (!target || !ts.isSourceFile(target) || program.isSourceFileFromExternalLibrary(target)) return;
    found.set(target.fileName, mergeNames(found.get(target.fileName) ?? new Set(), names));
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!(runtimeOnly && node.importClause?.isTypeOnly))
        add(node.moduleSpecifier, importedNames(node, runtimeOnly));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (!(runtimeOnly && node.isTypeOnly)) add(node.moduleSpecifier, reexportedNames(node, runtimeOnly));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (!(runtimeOnly && node.isTypeOnly)) add(node.moduleReference.expression, 'all');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier) add(specifier, 'all');
    } else if (ts.isImportTypeNode(node) && !runtimeOnly) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, 'all');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const imports = [...found].map(([target, names]) => ({ file: target, names }));
  importsByFile.set(file, (importsByFile.get(file) ?? new Map()).set(runtimeOnly, imports));
  return imports;
}

function mergeNames(known: ImportedNames, names: ImportedNames): ImportedNames {
  return known === 'all' || names === 'all' ? 'all' : new Set([...known, ...names]);
}

function importedNames(node: ts.ImportDeclaration, runtimeOnly: boolean): ImportedNames {
  const clause = node.importClause;
  if (!clause) return new Set();
  const names = new Set<string>();
  if (clause.name) names.add('default');
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return 'all';
  for (const element of bindings?.elements ?? []) {
    if (runtimeOnly && element.isTypeOnly) continue;
    names.add((element.propertyName ?? element.name).text);
  }
  return names;
}

function reexportedNames(node: ts.ExportDeclaration, runtimeOnly: boolean): ImportedNames {
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return 'all';
  return new Set(
    clause.elements
      .filter((element) => !(runtimeOnly && element.isTypeOnly))
      .map((element) => (element.propertyName ?? element.name).text),
  );
}
