import { rm } from 'node:fs/promises';
import { afterEach, expect, test } from 'vitest';
import { loadBrands } from '../../../scripts/lib/load-brands.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { makeTempDir } from '../../scripts/brand-fixtures.ts';
import { writeBrandCopies } from '../../../tools/scale-trial/brand-copies.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('copies every brand twice under new names into a set the build accepts, each on its own domains', async () => {
  dir = await makeTempDir('scale-');
  const originals = (await loadBrands(defaultBrandsDir)).brands;
  const written = await writeBrandCopies(defaultBrandsDir, dir, 3);
  expect(written).toHaveLength(originals.length * 3);

  const { brands, invalid } = await loadBrands(dir);
  expect(invalid).toEqual([]);
  expect(brands.map((brand) => brand.service).sort()).toEqual([...written].sort());
  const domains = brands.flatMap((brand) => brand.domains);
  expect(new Set(domains).size).toBe(domains.length);
  const original = originals[0];
  const copy = brands.find((brand) => brand.service === `${original?.service}2`);
  expect(copy?.domains).toEqual(original?.domains.map((domain) => `copy2.${domain}`));
});

test('refuses a number of times that is not a whole number of at least one', async () => {
  await expect(writeBrandCopies(defaultBrandsDir, '/nonexistent', 0)).rejects.toThrow(/whole number/);
});
