import { describe, expect, test } from 'vitest';
import { formatBuildTable, formatInvalidBrands, formatWarnings } from '../../../scripts/lib/report.ts';

describe('formatBuildTable', () => {
  test('lines up brand, files and gzip size under a header', () => {
    expect(
      formatBuildTable([
        { service: 'a-dok', files: 26, gzipBytes: 90_214 },
        { service: 'wdmaps_local', files: 9, gzipBytes: 512 },
      ]),
    ).toBe(
      [
        'brand         files  total (gzip)',
        '────────────  ─────  ────────────',
        'a-dok            26       88.1 KB',
        'wdmaps_local      9        0.5 KB',
      ].join('\n'),
    );
  });
});

describe('formatInvalidBrands', () => {
  test('names every invalid brand first, then each with all of its problems', () => {
    expect(
      formatInvalidBrands([
        { service: 'caac', problems: ['logo.svg: missing'] },
        { service: 'wdwd', problems: ['brand.json → name: missing', 'icon.svg: is empty'] },
      ]),
    ).toBe(
      [
        '2 invalid brand folder(s): caac, wdwd',
        '',
        '  brands/caac/',
        '    ✗ logo.svg: missing',
        '',
        '  brands/wdwd/',
        '    ✗ brand.json → name: missing',
        '    ✗ icon.svg: is empty',
      ].join('\n'),
    );
  });
});

describe('formatWarnings', () => {
  test('lists each warned brand with its warnings, marked apart from problems', () => {
    expect(
      formatWarnings([{ service: 'wdeag', warnings: ['icon.svg: missing; the favicon will be …'] }]),
    ).toBe(
      [
        'Warnings for 1 brand folder(s): wdeag',
        '',
        '  brands/wdeag/',
        '    ⚠ icon.svg: missing; the favicon will be …',
      ].join('\n'),
    );
  });

  test('a heading of its own for invalid folders a build left out', () => {
    expect(
      formatInvalidBrands([{ service: 'wd news', problems: ['x'] }], 'invalid brand folder(s) not built'),
    ).toMatch(/^1 invalid brand folder\(s\) not built: wd news\n/);
  });
});
