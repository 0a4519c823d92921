import browserslist from 'browserslist';
import { describe, expect, test } from 'vitest';
import { browserTargets, createAppConfig, projectRoot } from '../../../scripts/vite/app-config.ts';

/** The browsers docs/decisions/012-browser-range.md promises, by browserslist's names. */
const STATED_FAMILIES = [
  'and_chr',
  'and_ff',
  'android',
  'chrome',
  'edge',
  'firefox',
  'ios_saf',
  'safari',
  'samsung',
];

const range = browserslist(undefined, { path: projectRoot });
const familiesOf = (browsers: readonly string[]) => new Set(browsers.map((entry) => entry.split(' ')[0]));

describe('the browser range in package.json', () => {
  test('names only the stated browsers, none of the others caniuse knows', () => {
    expect([...familiesOf(range)].filter((family) => !STATED_FAMILIES.includes(family ?? ''))).toEqual([]);
  });

  test('holds Safari on iOS and the Mac, Chrome, Edge, Firefox and Samsung Internet', () => {
    expect([...familiesOf(range)]).toEqual(
      expect.arrayContaining(['ios_saf', 'safari', 'chrome', 'edge', 'firefox', 'samsung']),
    );
  });
});

describe('browserTargets', () => {
  test('is the build target, for JS and (by default) CSS', () => {
    const { build } = createAppConfig();
    expect(build?.target).toEqual(browserTargets(range));
    expect(build?.cssTarget).toBeUndefined();
  });

  test('takes the oldest version of each browser, by the name Oxc and Lightning CSS know', () => {
    expect(
      browserTargets([
        'chrome 157',
        'chrome 132',
        'edge 132',
        'firefox 160',
        'firefox 133',
        'ios_saf 26.0',
        'ios_saf 18.5-18.7',
        'ios_saf 18.2',
        'safari 18.2',
      ]),
    ).toEqual(['chrome132', 'edge132', 'firefox133', 'ios18.2', 'safari18.2']);
  });

  test('counts mobile Chrome, mobile Firefox and the WebView as their desktop twins', () => {
    expect(browserTargets(['and_chr 120', 'android 121', 'and_ff 115'])).toEqual(['chrome120', 'firefox115']);
  });

  // browserslist-to-esbuild drops Samsung Internet, and with it the oldest Chromium in the range.
  test('counts Samsung Internet as the Chromium it is built on', () => {
    expect(browserTargets(['chrome 132', 'samsung 28'])).toEqual(['chrome130']);
  });

  test.each(['kaios 3.0-3.1', 'op_mini all', 'samsung 999'])('refuses %j instead of dropping it', (entry) => {
    expect(() => browserTargets(['chrome 132', entry])).toThrow(`No build target for "${entry}"`);
  });
});
