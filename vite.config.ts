import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { createAppConfig, projectRoot } from './scripts/vite/app-config.ts';
import { CommandsFirst } from './tests/sequencer.ts';

// Test files that need a fresh module graph of their own: the app's tests in jsdom, and
// link-tree's, which mocks node:fs/promises for the modules it imports.
const isolated = [
  'tests/**/*.test.tsx',
  'tests/src/app/progress-store.test.ts',
  'tests/scripts/lib/link-tree.test.ts',
];

export default defineConfig({
  ...createAppConfig(),
  test: {
    root: projectRoot,
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Vitest's 5 s default is sized for a quiet machine; beside a build or `stress --cpu 2` a test
    // that reads every built file takes longer. A timeout catches hangs, not slowness.
    testTimeout: 20_000,
    // Vitest leaves one core to itself by default, which on two cores means one test file at a time.
    pool: 'threads',
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: CommandsFirst },
    projects: [
      {
        extends: true,
        // The node tests restore what they change, so one worker's modules serve many files.
        // Vitest queues projects by name: this one holds the slowest file (build.test.ts) and
        // must start first.
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: isolated,
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file still gets fresh globals and modules, in a VM context of a reused worker, so
        // jsdom is loaded once per worker instead of once per file.
        test: { name: 'per-file', include: isolated, pool: 'vmThreads' },
      },
    ],
  },
});
