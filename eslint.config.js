import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architecture } from './scripts/lint/layers.js';

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
  // Layers and chunk loaders (scripts/lint/layers.js), and file extensions in every relative import.
  {
    plugins: { architecture },
    rules: { 'architecture/extensions': 'error', 'architecture/product-apart': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'architecture/layers': 'error',
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
