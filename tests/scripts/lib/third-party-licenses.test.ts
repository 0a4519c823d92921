import { describe, expect, test } from 'vitest';
import { renderThirdPartyLicenses, type BundledPackage } from '../../../scripts/lib/third-party-licenses.ts';

const META_MIT =
  'MIT License\n\nCopyright (c) Meta Platforms, Inc. and affiliates.\n\nPermission is hereby granted…';
const APACHE =
  '                                 Apache License\n                           Version 2.0, January 2004';
const STANDARD = { 'Apache-2.0': APACHE };

describe('the third-party licences file', () => {
  test('gives every package with its version and licence, and one copy of a text packages share', () => {
    const text = renderThirdPartyLicenses(
      [
        { name: 'react', version: '19.3.1', identifier: 'MIT', text: META_MIT },
        { name: 'react-dom', version: '19.3.1', identifier: 'MIT', text: META_MIT },
        {
          name: 'zod',
          version: '4.6.7',
          identifier: 'MIT',
          text: 'MIT License\n\nCopyright (c) 2025 Colin McDonnell',
        },
      ],
      STANDARD,
    );
    expect(text).toContain(
      'react 19.3.1 (MIT)\nreact-dom 19.3.1 (MIT)\n\nMIT License\n\nCopyright (c) Meta Platforms',
    );
    expect(text).toContain('zod 4.6.7 (MIT)\n\nMIT License\n\nCopyright (c) 2025 Colin McDonnell');
    expect(text.split('Copyright (c) Meta Platforms')).toHaveLength(2);
  });

  test("gives a package without a licence file its licence's standard text, and says so", () => {
    const text = renderThirdPartyLicenses(
      [
        { name: '@firebase/app', version: '0.16.2', identifier: 'Apache-2.0' },
        { name: 'firebase', version: '12.19.0', identifier: 'Apache-2.0' },
      ],
      STANDARD,
    );
    expect(text).toContain(
      `@firebase/app 0.16.2 (Apache-2.0)\nfirebase 12.19.0 (Apache-2.0)\n\nThese packages ship no licence file; their package.json names this licence, whose text follows.\n\n${APACHE.trim()}`,
    );
  });

  test('keeps a package that ships its own Apache text (with its copyright) apart from the standard text', () => {
    const text = renderThirdPartyLicenses(
      [
        {
          name: '@paypal/react-paypal-js',
          version: '10.5.2',
          identifier: 'Apache-2.0',
          text: `${APACHE}\n\nCopyright 2020 PayPal`,
        },
        { name: 'firebase', version: '12.19.0', identifier: 'Apache-2.0' },
      ],
      STANDARD,
    );
    expect(text).toContain('@paypal/react-paypal-js 10.5.2 (Apache-2.0)\n\n');
    expect(text).toContain('firebase 12.19.0 (Apache-2.0)\n\nThese packages ship no licence file');
    expect(text.split('Copyright 2020 PayPal')).toHaveLength(2);
  });

  test.each<[string, BundledPackage]>([
    [
      'an MIT package without its file (its copyright line is in that file)',
      { name: 'tiny', version: '1.0.0', identifier: 'MIT' },
    ],
    ['a package that names no licence', { name: 'unnamed', version: '1.0.0' }],
    [
      'a package whose file is empty',
      { name: 'blank', version: '1.0.0', identifier: 'Apache-2.0', text: ' \n' },
    ],
  ])('fails the build for %s, naming it', (_, bundled) => {
    expect(() => renderThirdPartyLicenses([bundled], STANDARD)).toThrow(
      new RegExp(`no licence text: ${bundled.name}@1\\.0\\.0`),
    );
  });
});
