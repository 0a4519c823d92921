import { describe, expect, test } from 'vitest';
import { lockMismatches } from './lockfile.ts';

const lock = (packages: Record<string, { version?: string; optional?: boolean }>) => ({
  name: 'login-gateway',
  lockfileVersion: 3,
  packages,
});

describe('lockMismatches', () => {
  test('names what the revision locks and node_modules lacks or holds in another version', () => {
    const locked = lock({
      '': { version: '0.1.0' },
      'node_modules/@axe-core/playwright': { version: '4.13.0' },
      'node_modules/vite': { version: '8.3.8' },
      'node_modules/react': { version: '19.3.1' },
      'node_modules/a/node_modules/b': { version: '2.0.0' },
    });
    const installed = lock({
      'node_modules/vite': { version: '8.3.7' },
      'node_modules/react': { version: '19.3.1' },
      'node_modules/a/node_modules/b': { version: '2.0.0' },
      'node_modules/axe-core': { version: '4.13.0' },
    });
    expect(lockMismatches(locked, installed)).toEqual([
      '@axe-core/playwright 4.13.0 (not installed)',
      'vite 8.3.8 (8.3.7 installed)',
    ]);
  });

  test('leaves out optional packages, most of them binaries of another platform', () => {
    const locked = lock({ 'node_modules/@esbuild/darwin-arm64': { version: '0.27.0', optional: true } });
    expect(lockMismatches(locked, lock({}))).toEqual([]);
  });
});
