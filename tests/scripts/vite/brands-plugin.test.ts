import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadBrand } from '../../../scripts/lib/load-brands.ts';
import { brandsPlugin } from '../../../scripts/vite/brands-plugin.ts';
import { makeTempDir, validIconSvg, writeBrandFolder } from '../brand-fixtures.ts';

const tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The module virtual:brand/<service> for a brand folder with these files. */
async function brandModule(files: Record<string, string | undefined>): Promise<string> {
  const brandsDir = await makeTempDir();
  tempDirs.push(brandsDir);
  const brand = await loadBrand(await writeBrandFolder(brandsDir, 'test-brand', files));
  if ('problems' in brand) throw new Error(brand.problems.join('\n'));
  const plugin = brandsPlugin({ brands: [brand] });
  const load = plugin.load as (id: string) => Promise<string>;
  return load.call({}, '\0virtual:brand/test-brand');
}

describe('a brand module', () => {
  test('takes icon.svg as the favicon a page switches to at runtime', async () => {
    const module = await brandModule({ 'icon.svg': validIconSvg });
    const iconImport = /import (asset\d) from "[^"]*\/icon\.svg\?url";/.exec(module)?.[1];
    expect(iconImport).toBeDefined();
    expect(module).toContain(`"favicon":${iconImport}`);
  });

  test('falls back to the logo as the favicon of a brand without icon.svg', async () => {
    const module = await brandModule({});
    const logoImport = new RegExp(`import (asset\\d) from "[^"]*${path.sep}logo\\.svg\\?url";`).exec(
      module,
    )?.[1];
    expect(logoImport).toBeDefined();
    expect(module).not.toContain('icon.svg');
    expect(module).toContain(`"favicon":${logoImport}`);
  });
});
