import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** How the Hosting emulator (superstatic) matches a header rule's source against a path. */
const { configMatcher } = require('superstatic/lib/utils/patterns') as {
  configMatcher(pathname: string, rule: { source: string }): boolean;
};
const slasher = require('glob-slasher') as (glob: string) => string;

interface HeaderRules {
  headers: readonly { source: string; headers: readonly { key: string; value: string }[] }[];
}

/**
 * Headers as Hosting sends them for a path of a firebase.json site: every matching rule in order,
 * a later value winning. Names as the rules write them.
 */
export function hostingHeadersFor(site: HeaderRules, pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of site.headers) {
    if (!configMatcher(slasher(pathname), { source: slasher(rule.source) })) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}
