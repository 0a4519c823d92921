import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { CompatData, Identifier } from '@mdn/browser-compat-data';
import browserslist from 'browserslist';
import { describe, expect, test } from 'vitest';
import { oldestVersions, permissionsPolicyProblems } from '../../../scripts/lib/permissions-policy-compat.ts';
import {
  PERMISSIONS,
  PERMISSIONS_POLICY,
  renderPermissionsPolicy,
  type FeatureDecision,
} from '../../../scripts/lib/permissions-policy.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';

// Read by Node rather than through Vite, which would turn 15 MB of JSON into a module first.
const bcd = createRequire(import.meta.url)('@mdn/browser-compat-data') as CompatData;
const compat = bcd.http.headers?.['Permissions-Policy'];
if (compat === undefined) throw new Error('@mdn/browser-compat-data has no http.headers.Permissions-Policy');

test('the header names only what every browser of the range knows, and every such feature is decided', () => {
  const range = oldestVersions(browserslist(undefined, { path: projectRoot }));
  const problems = permissionsPolicyProblems(PERMISSIONS, compat, range);
  expect(
    problems,
    `scripts/lib/permissions-policy.ts against @mdn/browser-compat-data ${bcd.__meta.version}`,
  ).toEqual([]);
});

test('otp-credentials and the passkey features are decided explicitly', () => {
  // A WebOTP or passkey step changes these on purpose; none may fall out of the table unseen.
  expect(PERMISSIONS['otp-credentials']?.state).toBe('default');
  expect(PERMISSIONS['publickey-credentials-get']?.state).toBe('off');
  expect(PERMISSIONS['publickey-credentials-create']?.state).toBe('off');
  for (const decision of Object.values(PERMISSIONS)) expect(decision.why.length).toBeGreaterThan(10);
});

test('the header turns off each feature decided off, and names no other', () => {
  expect(PERMISSIONS_POLICY.split(', ')).toEqual(
    Object.entries(PERMISSIONS)
      .filter(([, decision]) => decision.state === 'off')
      .map(([feature]) => `${feature}=()`),
  );
  expect(PERMISSIONS_POLICY).toContain('camera=()');
  expect(PERMISSIONS_POLICY).not.toMatch(/attribution-reporting|browsing-topics|otp-credentials/);
  expect(renderPermissionsPolicy({ a: { state: 'off', why: '' }, b: { state: 'default', why: '' } })).toBe(
    'a=()',
  );
});

test("docs/deploy.md's Permissions-Policy table is the decisions table", async () => {
  const doc = await readFile(path.join(projectRoot, 'docs', 'deploy.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Permissions-Policy'));
  const rows = section
    .slice(0, section.indexOf('\n#', 1) === -1 ? undefined : section.indexOf('\n#', 1))
    .split('\n')
    .map((line) => /^\| `([a-z-]+)` +\| (.+?) +\| (.+?) +\|$/.exec(line))
    .filter((match) => match !== null)
    .map(([, feature = '', header = '', why = '']) => [feature, header, why]);
  expect(rows).toEqual(
    Object.entries(PERMISSIONS).map(([feature, { state, why }]) => [
      feature,
      state === 'off' ? `\`${feature}=()\`` : 'not named',
      why,
    ]),
  );
});

describe('checking decisions against the compat data', () => {
  const supported = (version: string) => ({ version_added: version });
  /** A header Chrome reads from 85 on and Firefox ignores, with the given features. */
  const data = (features: Record<string, { chrome: object; deprecated?: boolean }>): Identifier =>
    ({
      __compat: { support: { chrome: supported('85'), firefox: { version_added: false } } },
      ...Object.fromEntries(
        Object.entries(features).map(([name, { chrome, deprecated = false }]) => [
          name,
          { __compat: { status: { deprecated }, support: { chrome, firefox: { version_added: false } } } },
        ]),
      ),
    }) as unknown as Identifier;
  const range = new Map([
    ['chrome', '132'],
    ['firefox', '133'],
  ] as const);
  const off = (why = 'unused'): FeatureDecision => ({ state: 'off', why });

  test.each([
    ['a feature a browser removed', { version_added: '117', version_removed: '152' }, 'removed in 152'],
    ['a feature only behind a flag', { version_added: '66', flags: [{}] }, 'only behind a flag'],
    ['a feature added after the oldest browser', supported('141'), 'added in 141'],
    ['a feature a browser lacks', { version_added: false }, 'not supported'],
  ])('naming %s is a problem that says which browser and what to do', (_, chrome, reason) => {
    expect(permissionsPolicyProblems({ x: off() }, data({ x: { chrome } }), range)).toEqual([
      `x: chrome 132 (${reason}) does not know it; stop naming it (state 'default').`,
    ]);
  });

  test('naming a deprecated feature is a problem, leaving it unnamed is not', () => {
    const deprecated = data({ topics: { chrome: supported('115'), deprecated: true } });
    expect(permissionsPolicyProblems({ topics: off() }, deprecated, range)).toEqual([
      "topics: deprecated in the compat data; stop naming it (state 'default').",
    ]);
    expect(
      permissionsPolicyProblems({ topics: { state: 'default', why: 'retired' } }, deprecated, range),
    ).toEqual([]);
  });

  test('a decision for a feature the data does not know is stale', () => {
    expect(permissionsPolicyProblems({ 'run-ad-auction': off() }, data({}), range)).toEqual([
      'run-ad-auction: the compat data has no such feature; remove its decision.',
    ]);
  });

  test('a feature every browser knows needs a decision; one some browser lacks does not', () => {
    const features = data({ camera: { chrome: supported('88') }, hid: { chrome: { version_added: false } } });
    expect(permissionsPolicyProblems({}, features, range)).toEqual([
      'camera: every browser of the range knows it; decide whether the page turns it off.',
    ]);
  });

  test('a browser that ignores the header is not asked about its features', () => {
    expect(
      permissionsPolicyProblems({ camera: off() }, data({ camera: { chrome: supported('88') } }), range),
    ).toEqual([]);
  });

  test('the oldest version of each browser in the range, by the data’s names', () => {
    expect(
      oldestVersions([
        'chrome 156',
        'chrome 132',
        'ios_saf 18.5-18.7',
        'ios_saf 18.2',
        'samsung 28',
        'android 157',
      ]),
    ).toEqual(
      new Map([
        ['chrome', '132'],
        ['safari_ios', '18.2'],
        ['samsunginternet_android', '28'],
        ['webview_android', '157'],
      ]),
    );
    expect(() => oldestVersions(['kaios 3.1'])).toThrow(/No compat-data browser for "kaios 3.1"/);
  });
});
