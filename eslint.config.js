import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architecture } from './scripts/lint/extensions.js';

const ZOD_MINI = {
  name: 'zod',
  message: 'Browser code uses zod/mini (~5 KB gzip), not classic zod (~22 KB).',
};

/** What src/lib may not touch: it holds no framework and no page (docs/architecture.md). */
const PAGE_GLOBALS = [
  'document',
  'window',
  'location',
  'navigator',
  'sessionStorage',
  'localStorage',
  'indexedDB',
];
const NETWORK_GLOBALS = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'];
const globalsRule = (names, why) => [
  'error',
  ...names.map((name) => ({ name, message: `src/lib ${why} (docs/architecture.md, "Rules of the road").` })),
];

/**
 * The layers of src/, highest first: a file imports from its own layer and those below, a feature
 * only from its own folder (docs/architecture.md, "Rules of the road"; decision 027).
 */
const LAYERS = ['app', 'features', 'components', 'lib', 'types'];
const ROAD = '(docs/architecture.md, "Rules of the road")';
const layerType = (layers) => ({ element: { types: layers } });
const LAYER_POLICIES = LAYERS.slice(1).map((layer, index) => ({
  from: layerType([layer]),
  disallow: { to: layerType(LAYERS.slice(0, index + 1)) },
  message: `src/${layer} may not import from src/{{to.element.type}}, a layer above ${ROAD}.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'node_modules',
      'test-results',
      'playwright-report',
      'blob-report',
      'reports',
      '.scratch',
      // npm run deploy -- firebase stages the release here (deploy.config.json's stageDir).
      '.deploy',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // Relative imports name their file with its extension (scripts/lint/extensions.js).
  {
    plugins: { architecture },
    rules: { 'architecture/extensions': 'error' },
  },
  // The layers of src/, and what ships and what builds it apart from the tools, by
  // eslint-plugin-boundaries (decision 027). Files of a layer folder are elements, by type; the
  // entry points and all of src/ and scripts/ and tools/ are files, by category. A file of src/
  // outside the layers and the entries (src/start-config.ts) is under no layer and above none.
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'features', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        ...LAYERS.map((layer) => ({ type: layer, pattern: `src/${layer}`, partialMatch: false })),
      ],
      'boundaries/files': [
        { category: 'entry', pattern: ['src/main.tsx', 'src/preview/**'] },
        ...['src', 'scripts', 'tools'].map((top) => ({ category: top, pattern: `${top}/**` })),
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Later policies win: an entry point may import anything, an entry point included.
          policies: [
            ...LAYER_POLICIES,
            {
              from: layerType(['features']),
              disallow: { to: layerType(['features']) },
              message: `src/features/{{from.element.captured.feature}} may not import from another feature (src/features/{{to.element.captured.feature}}) ${ROAD}.`,
            },
            {
              from: { file: { categories: 'src' } },
              disallow: { to: { file: { categories: 'entry' } } },
              message: `Only an entry point (src/main.tsx, src/preview/) imports an entry point ${ROAD}.`,
            },
            { from: { file: { categories: 'entry' } }, allow: { to: { file: { categories: 'entry' } } } },
            {
              from: { file: { categories: { anyOf: ['src', 'scripts'] } } },
              disallow: { to: { file: { categories: 'tools' } } },
              message:
                'src/ and scripts/ may not import from tools/: the product and its build stand without the demo, the bench and the breaks (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // Every chunk has one loader, so a prefetch and the later use share one download. Files of src/
  // outside the layers and the entries may load what they like, as before (decision 027).
  {
    files: ['src/main.tsx', 'src/{preview,app,features,components,lib,types}/**/*.{ts,tsx}'],
    ignores: ['src/app/lazy-steps.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message: `Chunks load through their one loader in src/app/lazy-steps.ts, so a prefetch and the later use share one download ${ROAD}.`,
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ZOD_MINI] }],
      // One client owns the network: timeouts, the size cap, parsing and the spec's codes.
      'no-restricted-globals': [
        'error',
        ...NETWORK_GLOBALS.map((name) => ({ name, message: 'Calls go through src/lib/api-client.ts.' })),
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_MINI],
          patterns: [{ group: ['react', 'react-dom', 'react-dom/*'], message: 'src/lib holds no React.' }],
        },
      ],
      'no-restricted-globals': globalsRule(
        [...PAGE_GLOBALS, ...NETWORK_GLOBALS],
        'does not touch the page, and only api-client.ts calls the network',
      ),
    },
  },
  {
    files: ['src/lib/api-client.ts'],
    rules: { 'no-restricted-globals': globalsRule(PAGE_GLOBALS, 'does not touch the page') },
  },
  // Browser code uses only what every browser in package.json's `browserslist` has, by MDN's
  // compatibility data; ES built-ins too, since the build lowers syntax but adds no polyfills.
  // The plugin does not know static methods such as URL.canParse (docs/decisions/012-browser-range.md).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { compat },
    rules: { 'compat/compat': 'error' },
    settings: { lintAllEsApis: true },
  },
  {
    files: [
      'scripts/**/*.ts',
      'scripts/lint/*.js',
      'tools/**/*.ts',
      'tests/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  // The PayPal stand-in is a classic browser script the demo server serves as it is.
  {
    files: ['tools/demo/paypal-stand-in.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
