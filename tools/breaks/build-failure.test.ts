import { describe, expect, test } from 'vitest';
import { buildFailureMessage } from './copy.ts';

describe('buildFailureMessage', () => {
  test("is the build's own message after 'Build failed.'", () => {
    const output = 'vite v8 building…\nBuild failed.\n1 invalid brand folder(s): caac\n\n  brands/caac/\n';
    expect(buildFailureMessage(output)).toBe('1 invalid brand folder(s): caac\n\n  brands/caac/');
  });

  test('is the last 15 lines of a build that crashed without one', () => {
    const output = Array.from({ length: 40 }, (_, line) => `line ${line}`).join('\n');
    expect(buildFailureMessage(output).split('\n')).toEqual(
      Array.from({ length: 15 }, (_, line) => `line ${line + 25}`),
    );
  });
});
