import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way, app → features → lib, and browser code uses zod/mini. */
function restrictImports(...forbiddenFolders) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'zod', message: 'Browser code uses zod/mini (~5 KB gzip), not classic zod (~22 KB).' },
        ],
        patterns: forbiddenFolders.map((folder) => ({
          group: [`**/${folder}/**`],
          message: `Imports flow app → features → lib; this folder may not import from src/${folder}.`,
        })),
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'node_modules',
      'test-results',
      'playwright-report',
      'reports',
      '.scratch',
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
  { files: ['src/**/*.{ts,tsx}'], rules: restrictImports() },
  { files: ['src/features/**/*.{ts,tsx}'], rules: restrictImports('app') },
  { files: ['src/lib/**/*.ts'], rules: restrictImports('app', 'features') },
  {
    files: ['scripts/**/*.ts', 'tests/**/*.ts', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  // The PayPal stand-in is a classic browser script the demo server serves as it is.
  {
    files: ['scripts/server/paypal-stand-in.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
