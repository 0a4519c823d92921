import type { BrowserName, Identifier, SimpleSupportStatement } from '@mdn/browser-compat-data';
import type { FeatureDecision } from './permissions-policy.ts';
import { compareVersions, oldestOfEach } from './versions.ts';

/** The data's browser for each browserslist family. */
const COMPAT_BROWSERS: Readonly<Record<string, BrowserName>> = {
  chrome: 'chrome',
  and_chr: 'chrome_android',
  android: 'webview_android',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox_android',
  safari: 'safari',
  ios_saf: 'safari_ios',
  samsung: 'samsunginternet_android',
  opera: 'opera',
  op_mob: 'opera_android',
};

/** Keys of the data that are not features: `wildcards` is the allowlist syntax `https://*.example`. */
const NOT_FEATURES = new Set(['__compat', 'wildcards']);

/**
 * The oldest version of each browser of a browserslist result (`chrome 132`, `ios_saf 18.5-18.7`),
 * by the compat data's browser names. A family the data has no name for is an error, so a change
 * of the range cannot silently leave a browser unchecked.
 */
export function oldestVersions(browsers: readonly string[]): Map<BrowserName, string> {
  return oldestOfEach(
    browsers.map((entry) => {
      const [family = '', versions = ''] = entry.split(' ');
      const browser = COMPAT_BROWSERS[family];
      if (browser === undefined)
        throw new Error(`No compat-data browser for "${entry}": add it to COMPAT_BROWSERS.`);
      return [browser, versions.split('-')[0] ?? ''] as const;
    }),
  );
}

/**
 * What is wrong with the decisions, as sentences that name the feature, the browser and the fix:
 * - a feature the header names that a browser of the range reading the header does not know from
 *   its oldest version on (no support, only behind a flag, added later), has removed, or that the
 *   data marks deprecated;
 * - a decision for a feature the data does not know at all;
 * - a feature every such browser knows that has no decision, so a new one is not left unread.
 * Browsers that ignore the header altogether (Firefox, Safari today) cannot warn and are skipped.
 */
export function permissionsPolicyProblems(
  decisions: Readonly<Record<string, FeatureDecision>>,
  compat: Identifier,
  range: ReadonlyMap<BrowserName, string>,
): string[] {
  const readers = [...range].filter(([browser, version]) => knows(compat, browser, version));
  const problems: string[] = [];
  for (const [feature, decision] of Object.entries(decisions)) {
    const entry = compat[feature]?.__compat;
    if (entry === undefined || NOT_FEATURES.has(feature)) {
      problems.push(`${feature}: the compat data has no such feature; remove its decision.`);
      continue;
    }
    if (decision.state !== 'off') continue;
    if (entry.status?.deprecated) {
      problems.push(`${feature}: deprecated in the compat data; stop naming it (state 'default').`);
    }
    for (const [browser, version] of readers) {
      if (!knows(compat[feature], browser, version)) {
        problems.push(
          `${feature}: ${browser} ${version} (${describe(compat[feature], browser)}) does not know it; stop naming it (state 'default').`,
        );
      }
    }
  }
  for (const feature of Object.keys(compat)) {
    const entry = compat[feature];
    if (NOT_FEATURES.has(feature) || feature in decisions || entry?.__compat?.status?.deprecated) continue;
    if (readers.length > 0 && readers.every(([browser, version]) => knows(entry, browser, version))) {
      problems.push(`${feature}: every browser of the range knows it; decide whether the page turns it off.`);
    }
  }
  return problems;
}

/** Whether a browser knows an entry from this version on, without a flag, and never dropped it. */
function knows(entry: Identifier | undefined, browser: BrowserName, version: string): boolean {
  const statements = statementsOf(entry, browser);
  if (statements.some((statement) => removed(statement))) return false;
  return statements.some(
    (statement) =>
      statement.flags === undefined &&
      statement.prefix === undefined &&
      statement.alternative_name === undefined &&
      addedBy(statement.version_added, version),
  );
}

function statementsOf(entry: Identifier | undefined, browser: BrowserName): SimpleSupportStatement[] {
  return [entry?.__compat?.support[browser] ?? []].flat();
}

function removed(statement: SimpleSupportStatement): boolean {
  return statement.version_removed !== undefined;
}

function addedBy(added: SimpleSupportStatement['version_added'], version: string): boolean {
  if (added === false || added === 'preview') return false;
  // "≤79": somewhere up to 79, so known by 79.
  return compareVersions(added.replace(/^≤/, ''), version) <= 0;
}

function describe(entry: Identifier | undefined, browser: BrowserName): string {
  const statement = statementsOf(entry, browser)[0];
  if (statement === undefined || statement.version_added === false) return 'not supported';
  if (removed(statement)) return `removed in ${statement.version_removed}`;
  if (statement.flags !== undefined) return 'only behind a flag';
  return `added in ${statement.version_added}`;
}
