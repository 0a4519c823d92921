import { describe, expect, test } from 'vitest';
import { findBrand } from '../../../../src/features/branding/find-brand.ts';

describe('findBrand', () => {
  test('finds a brand by its service key, with its logo and legal links', () => {
    expect(findBrand('a-dok')).toMatchObject({
      service: 'a-dok',
      name: 'A-Dok',
      logo: { width: expect.any(Number), height: 48 },
      links: { impressum: expect.stringMatching(/^https:\/\//) },
    });
    expect(findBrand('a-dok')?.logo.src).toMatch(/logo\.svg/);
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
  ])('knows no brand %j', (service) => {
    expect(findBrand(service)).toBeUndefined();
  });
});
