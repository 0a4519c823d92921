import { describe, expect, test } from 'vitest';
import { groupByFile } from '../../../tools/demo/tryout-verdict.ts';

describe('the build’s messages, grouped by the file they are about', () => {
  test.each<[string, string[], string[], ReturnType<typeof groupByFile>]>([
    ['none', [], ['brand.json'], []],
    [
      'a brand file’s, after the folder’s own, in the order of the brand files',
      [
        'logo.svg: missing; expected the wordmark above the form as an SVG file',
        'brand.json → accentColor: "#12" is not a color',
        'folder name "My Brand" is not a service key',
        'brand.json: missing; every brand needs one',
      ],
      [],
      [
        { file: null, messages: ['folder name "My Brand" is not a service key'] },
        {
          file: 'brand.json',
          messages: [
            'brand.json → accentColor: "#12" is not a color',
            'brand.json: missing; every brand needs one',
          ],
        },
        {
          file: 'logo.svg',
          messages: ['logo.svg: missing; expected the wordmark above the form as an SVG file'],
        },
      ],
    ],
    [
      'a file sent that the folder should not hold, by its name, spaces and all',
      ['Logo final.png: unexpected file; a brand folder holds only brand.json, …'],
      ['brand.json', 'Logo final.png'],
      [
        {
          file: 'Logo final.png',
          messages: ['Logo final.png: unexpected file; a brand folder holds only brand.json, …'],
        },
      ],
    ],
    [
      'the longest name that fits: logo-dark.svg is no message of a file "logo-dark"',
      ['logo-dark.svg: has too little contrast', 'logo-dark: unexpected file'],
      ['logo-dark', 'logo-dark.svg'],
      [
        { file: 'logo-dark.svg', messages: ['logo-dark.svg: has too little contrast'] },
        { file: 'logo-dark', messages: ['logo-dark: unexpected file'] },
      ],
    ],
    [
      'a name that only begins a message, without ":" or " →" after it, as the folder’s',
      ['brand.jsonx is odd', 'icon.svg is here'],
      [],
      [{ file: null, messages: ['brand.jsonx is odd', 'icon.svg is here'] }],
    ],
  ])('%s', (_, messages, sent, expected) => {
    expect(groupByFile(messages, sent)).toEqual(expected);
  });
});
