import { defineConfig } from '@playwright/test';

// `npx playwright merge-reports -c e2e/merge.config.ts blob-report`: the shards' blob reports
// (`npm run e2e -- --shard=<i>/<n>`, tools/e2e.ts) as one HTML report, with the traces and
// screenshots of failures, in playwright-report/ (`npx playwright show-report`).
export default defineConfig({
  testDir: '.',
  reporter: [['html', { outputFolder: '../playwright-report', open: 'never' }], ['line']],
});
