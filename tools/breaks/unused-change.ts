import ts from 'typescript';
import { sameSyntax, syntaxOf } from './emitted-code.ts';
import type { ImportedNames } from './module-graph.ts';

/**
 * What an edit of a file that runs changes that still never runs (names, or 'a type'), or
 * undefined when the change may run. It looks at the top-level statements the edit replaces,
 * removes or adds: an edit counts as unused when each is a type, or declares names that neither
 * the rest of the file mentions nor code that runs imports, and runs nothing itself while the
 * module loads. Whether a used function takes the changed path is left to the browser suite: a
 * break it does not catch fails the run anyway.
 */
export function unusedChange(
  fileName: string,
  step: { before: string; after: string },
  final: string,
  imported: ImportedNames,
): string[] | undefined {
  const before = parse(fileName, step.before);
  const after = parse(fileName, step.after);
  const { removed, added } = changedStatements(before, after);
  if (removed.length + added.length === 0) return undefined;
  const mentions = {
    before: identifierCounts(before),
    final: identifierCounts(parse(fileName, final)),
  };
  const unused: string[] = [];
  for (const [statement, inText] of [
    ...removed.map((statement) => [statement, mentions.before] as const),
    ...added.map((statement) => [statement, mentions.final] as const),
  ]) {
    const declared = declaredNames(statement);
    if (declared === 'runs') return undefined;
    const own = identifierCounts(statement);
    const used = declared.some(
      ({ local, exported }) =>
        (local !== undefined && (inText.get(local) ?? 0) > (own.get(local) ?? 0)) ||
        (exported !== undefined && (imported === 'all' || imported.has(exported))),
    );
    if (used) return undefined;
    unused.push(describe(declared));
  }
  return [...new Set(unused)];
}

interface Name {
  /** The name in the file; undefined for `export default function () {}`. */
  local: string | undefined;
  /** The name other files import it by, when it is exported. */
  exported: string | undefined;
}

/** Which top-level statements differ, by their syntax: the common start and end are left out. */
function changedStatements(
  before: ts.SourceFile,
  after: ts.SourceFile,
): { removed: ts.Statement[]; added: ts.Statement[] } {
  const syntax = (file: ts.SourceFile) => file.statements.map(syntaxOf);
  const a = syntax(before);
  const b = syntax(after);
  let start = 0;
  while (start < a.length && start < b.length && sameSyntax(a[start] ?? [], b[start] ?? [])) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    sameSyntax(a[a.length - 1 - end] ?? [], b[b.length - 1 - end] ?? [])
  )
    end++;
  return {
    removed: before.statements.slice(start, before.statements.length - end),
    added: after.statements.slice(start, after.statements.length - end),
  };
}

/** The names a statement declares, none for a type, or 'runs' when it does something on load. */
function declaredNames(statement: ts.Statement): Name[] | 'runs' {
  const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
  const has = (kind: ts.SyntaxKind) => modifiers.some((modifier) => modifier.kind === kind);
  if (
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    has(ts.SyntaxKind.DeclareKeyword)
  )
    return [];
  const exported = has(ts.SyntaxKind.ExportKeyword);
  const exportName = (local: string | undefined) =>
    exported ? (has(ts.SyntaxKind.DefaultKeyword) ? 'default' : local) : undefined;
  if (ts.isFunctionDeclaration(statement)) {
    const local = statement.name?.text;
    return [{ local, exported: exportName(local) }];
  }
  if (ts.isClassDeclaration(statement)) {
    if (classRunsOnLoad(statement)) return 'runs';
    const local = statement.name?.text;
    return [{ local, exported: exportName(local) }];
  }
  if (ts.isVariableStatement(statement)) {
    const names: Name[] = [];
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name)) return 'runs';
      if (declaration.initializer && runsOnLoad(declaration.initializer)) return 'runs';
      names.push({ local: declaration.name.text, exported: exportName(declaration.name.text) });
    }
    return names;
  }
  return 'runs';
}

/** Whether evaluating the node calls, assigns or awaits anything, outside function bodies. */
function runsOnLoad(node: ts.Node): boolean {
  if (ts.isFunctionLike(node)) return false;
  if (ts.isClassLike(node)) return classRunsOnLoad(node);
  if (
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isDeleteExpression(node) ||
    ts.isDecorator(node) ||
    (ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) ||
    ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken))
  )
    return true;
  return ts.forEachChild(node, runsOnLoad) ?? false;
}

/** A class runs code when it is defined through its heritage, decorators and static parts. */
function classRunsOnLoad(node: ts.ClassLikeDeclaration): boolean {
  const decorated = (ts.getDecorators(node) ?? []).length > 0;
  const heritage = (node.heritageClauses ?? []).some((clause) => runsOnLoad(clause));
  const statics = node.members.some(
    (member) =>
      ts.isClassStaticBlockDeclaration(member) ||
      (ts.isPropertyDeclaration(member) &&
        ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
        member.initializer !== undefined &&
        runsOnLoad(member.initializer)),
  );
  return decorated || heritage || statics;
}

function identifierCounts(node: ts.Node): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child)) counts.set(child.text, (counts.get(child.text) ?? 0) + 1);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return counts;
}

function describe(declared: Name[]): string {
  if (declared.length === 0) return 'a type';
  return declared.map(({ local, exported }) => local ?? exported ?? 'a declaration').join(', ');
}

function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
}
