import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBrands } from '../../../scripts/lib/build-brands.ts';
import { PREVIEW_FILE } from '../../../scripts/lib/emit-brand.ts';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { checkRelease } from '../../../scripts/lib/release-check.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { makeTempDir } from '../../scripts/brand-fixtures.ts';
import { send, startDemo, type RunningDemo } from './demo-fixtures.ts';

const SERVICE = 'a-ident';
// That the login page stays unframeable is same-headers.test.ts's; that the preview loads its
// files and frames itself, every view in both schemes, is e2e/a-ident/preview.spec.ts's.
describe('the preview of a demo build, served', () => {
  let outDir: string;
  let cacheDir: string;
  let demo: RunningDemo;

  beforeAll(async () => {
    [outDir, cacheDir] = await Promise.all([makeTempDir('preview-'), makeTempDir('cache-')]);
    const result = await buildBrands({
      brandsDir: defaultBrandsDir,
      outDir,
      cacheDir,
      only: SERVICE,
      build: 'demo',
    });
    if (!result.ok) throw new Error(result.message);
    const { brands, invalid } = await loadBrands(defaultBrandsDir);
    demo = await startDemo({ root: outDir, distDir: outDir, brands, invalid, remove: async () => {} });
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
    await Promise.all([outDir, cacheDir].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  test('is a page of the brand folder, which only its own origin may frame', async () => {
    const answer = await send(demo.port, `/${PREVIEW_FILE}?service=${SERVICE}`, {
      host: `${SERVICE}.localhost:${demo.port}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<div id="login-gateway-preview"></div>');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['content-security-policy']).toMatch(
      /; frame-src 'self' [^;]+;.*; frame-ancestors 'self'$/,
    );
  });

  test('makes the folder no release: the release check names the page and its script', async () => {
    const problems = await checkRelease(outDir, [{ service: SERVICE, domains: [] }]);
    expect(problems).toEqual(
      expect.arrayContaining([
        `${SERVICE}/${PREVIEW_FILE}: contains development code ("login-gateway-preview")`,
        expect.stringMatching(
          /^a-ident\/assets\/preview-[\w-]+\.js: contains development code \("login-gateway-preview"\)$/,
        ),
      ]),
    );
  });
});
