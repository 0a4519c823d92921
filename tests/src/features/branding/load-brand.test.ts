import { describe, expect, test } from 'vitest';
import { loadBrand } from '../../../../src/features/branding/load-brand.ts';

describe('loadBrand', () => {
  test('loads a brand by its service key, with its logo, favicon and legal links', async () => {
    const brand = await loadBrand('a-dok');
    expect(brand).toMatchObject({
      service: 'a-dok',
      name: 'A-Dok',
      logo: { width: expect.any(Number), height: 48 },
      links: { impressum: expect.stringMatching(/^https:\/\//) },
    });
    expect(brand?.logo.src).toMatch(/a-dok\/logo\.svg/);
    expect(brand?.favicon).toMatch(/a-dok\/icon\.svg/);
  });

  test.each([
    undefined,
    '',
    'A-DOK',
    'unknown',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '../../',
  ])('knows no brand %j', async (service) => {
    expect(await loadBrand(service)).toBeUndefined();
  });
});
