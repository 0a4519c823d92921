import { describe, expect, test } from 'vitest';
import { forcedMediaText } from '../../../src/preview/force-color-scheme.ts';

const ALWAYS = '(min-width: 0)';
const NEVER = '(not (min-width: 0))';

describe('forcedMediaText', () => {
  test.each([
    ['dark', '(prefers-color-scheme: dark)', ALWAYS],
    ['light', '(prefers-color-scheme: dark)', NEVER],
    ['light', '(prefers-color-scheme: light)', ALWAYS],
    ['dark', '(prefers-color-scheme: light)', NEVER],
    ['dark', 'not all and (prefers-color-scheme: dark)', `not all and ${ALWAYS}`],
    ['dark', 'screen and (prefers-color-scheme: dark), print', `screen and ${ALWAYS}, print`],
    ['light', '( Prefers-Color-Scheme : DARK )', NEVER],
    ['dark', '(min-width: 40rem) and (prefers-color-scheme:dark)', `(min-width: 40rem) and ${ALWAYS}`],
  ] as const)('under %s turns %j into %j', (scheme, media, expected) => {
    expect(forcedMediaText(media, scheme)).toBe(expected);
  });

  test.each(['(min-width: 40rem)', 'print', '(prefers-reduced-motion: reduce)', ''])(
    'leaves %j alone',
    (media) => {
      expect(forcedMediaText(media, 'dark')).toBe(media);
    },
  );

  test('changes nothing the second time', () => {
    const once = forcedMediaText('(prefers-color-scheme: dark)', 'dark');
    expect(forcedMediaText(once, 'light')).toBe(once);
  });
});
