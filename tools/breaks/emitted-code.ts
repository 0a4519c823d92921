import path from 'node:path';
import ts from 'typescript';

const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/**
 * Whether `after` runs differently from `before`: the JavaScript TypeScript emits for each,
 * without comments, compared as syntax trees, so that whitespace, comments and types do not
 * count. A declaration file (`.d.ts`) is types only and emits nothing. A file that is not code
 * counts as changed when its text is.
 */
export function changesEmittedCode(
  fileName: string,
  before: string,
  after: string,
  options: ts.CompilerOptions,
): boolean {
  if (before === after || /\.d\.[cm]?ts$/.test(fileName)) return false;
  if (!CODE_EXTENSIONS.has(path.extname(fileName))) return true;
  const emitted = (text: string) =>
    syntaxOf(ts.createSourceFile('emitted.jsx', emit(fileName, text, options), ts.ScriptTarget.Latest));
  return !sameSyntax(emitted(before), emitted(after));
}

/** The tree's node kinds in order, with the text of every name and literal. */
export function syntaxOf(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    const kind = ts.SyntaxKind[node.kind];
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) out.push(`${kind} ${node.text}`);
    else if (node.kind >= ts.SyntaxKind.FirstLiteralToken && node.kind <= ts.SyntaxKind.LastTemplateToken) {
      out.push(`${kind} ${(node as ts.LiteralLikeNode).text}`);
    } else out.push(kind);
    ts.forEachChild(node, visit);
  };
  visit(node);
  return out;
}

export function sameSyntax(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

function emit(fileName: string, text: string, options: ts.CompilerOptions): string {
  return ts.transpileModule(text, {
    fileName,
    reportDiagnostics: false,
    compilerOptions: {
      ...options,
      noEmit: false,
      removeComments: true,
      declaration: false,
      sourceMap: false,
      inlineSourceMap: false,
    },
  }).outputText;
}
