import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { breaks } from './breaks.ts';

const root = path.join(import.meta.dirname, '../..');

describe('the deliberate breaks of npm run breaks', () => {
  // A rename or a reformat of the code a break edits would otherwise surface only when someone
  // runs the slow breaks tool.
  test.each(breaks.flatMap((brk) => brk.edits.map((edit) => [brk.name, edit.file, edit.find] as const)))(
    '"%s" still finds its text exactly once in %s',
    (_, file, find) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      expect(text.split(find).length - 1).toBe(1);
    },
  );
});
