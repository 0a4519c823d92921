import path from 'node:path';

/**
 * Relative imports name their file with its extension, as Node and the build resolve them
 * (decision 002). No rule of ESLint or of an installed plugin does this (decision 027).
 * @type {import('eslint').Rule.RuleModule}
 */
const extensions = {
  meta: {
    type: 'problem',
    docs: { description: 'Relative imports name their file with its extension (decision 002).' },
    schema: [],
    messages: { missing: 'Name the file with its extension, as Node resolves it: "{{specifier}}.ts"?' },
  },
  create(context) {
    const check = (node) => {
      const specifier = node?.type === 'Literal' ? node.value : undefined;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      if (!/\.[a-z]+$/i.test(path.basename(specifier))) {
        context.report({ node, messageId: 'missing', data: { specifier } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const architecture = { rules: { extensions } };
