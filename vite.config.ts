import { defineConfig } from 'vitest/config';
import { createAppConfig, projectRoot } from './scripts/vite/app-config.ts';

export default defineConfig({
  ...createAppConfig(),
  test: {
    root: projectRoot,
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
  },
});
