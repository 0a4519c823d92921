import path from 'node:path';

/**
 * The layers of src/ (docs/architecture.md, "Rules of the road"), lowest last. A file may import
 * from its own layer and those below; a feature only from its own folder, never from another.
 */
const LAYERS = ['app', 'features', 'components', 'lib', 'types'];
/** Entry points compose like src/app: the page's main.tsx and the demo build's preview. */
const ENTRIES = new Set(['main.tsx', 'preview']);
/** The one home of the chunk loaders, so a prefetch and the later use share one download. */
const LOADERS = 'src/app/lazy-steps.ts';

/** Where a file of src/ sits: its layer and, for a feature, which one; undefined outside src/. */
function placeOf(file, root) {
  const parts = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return undefined;
  if (ENTRIES.has(parts[0])) return { layer: 'entry' };
  if (!LAYERS.includes(parts[0]) || parts.length < 2) return { layer: 'root' };
  return { layer: parts[0], feature: parts[0] === 'features' ? parts[1] : undefined };
}

function problemOf(from, to) {
  if (from.layer === 'entry' || to.layer === 'root' || to.layer === 'entry') {
    return to.layer === 'entry' && from.layer !== 'entry' ? 'an entry point' : undefined;
  }
  if (from.layer === 'root') return undefined;
  if (LAYERS.indexOf(to.layer) < LAYERS.indexOf(from.layer)) return `src/${to.layer}, a layer above`;
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    return `another feature (src/features/${to.feature})`;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow app → features → components → lib → types; features stay apart.' },
    schema: [],
    messages: {
      upward: 'src/{{layer}} may not import from {{target}} (docs/architecture.md, "Rules of the road").',
      loader: `Chunks load through their one loader in ${LOADERS}, so a prefetch and the later use share one download.`,
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = placeOf(file, root);
    if (!from) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), specifier), root);
      const target = to && problemOf(from, to);
      if (target) context.report({ node, messageId: 'upward', data: { layer: from.layer, target } });
    };
    const isLoaderFile = path.relative(root, file).split(path.sep).join('/') === LOADERS;
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
        if (!isLoaderFile && from.layer !== 'root') context.report({ node, messageId: 'loader' });
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
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

/** @type {import('eslint').Rule.RuleModule} */
const productApart = {
  meta: {
    type: 'problem',
    docs: { description: 'What ships (src/) and what builds it (scripts/) never import the tools (tools/).' },
    schema: [],
    messages: {
      tool: '{{from}}/ may not import from tools/: the product and its build stand without the demo, the bench and the breaks (docs/architecture.md).',
    },
  },
  create(context) {
    const root = context.cwd;
    const from = path.relative(root, context.filename).split(path.sep)[0];
    if (from !== 'src' && from !== 'scripts') return {};
    const check = (node) => {
      const specifier = node?.type === 'Literal' ? node.value : undefined;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), specifier));
      if (target.split(path.sep)[0] === 'tools') context.report({ node, messageId: 'tool', data: { from } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const architecture = { rules: { layers, extensions, 'product-apart': productApart } };
