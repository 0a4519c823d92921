import type { HeaderMap } from '../../../scripts/lib/host-headers.ts';

/**
 * What a host may send besides the headers host-headers.ts prescribes: the transport's own,
 * nginx's, and a redirect's Location. Anything else would be a header nobody decided on.
 */
const TRANSPORT_HEADERS = new Set([
  'accept-ranges',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'location',
  'server',
  'transfer-encoding',
  'vary',
]);

/**
 * The differences between the headers an answer carried and `expected` (host-headers.ts, the
 * single source): each expected header exactly once with exactly its value, and nothing else but
 * transport headers. Empty when they agree; the lines name each difference.
 */
export function headerDifferences(
  received: readonly (readonly [string, string])[],
  expected: HeaderMap,
): string[] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of received) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  const differences: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const values = byName.get(name.toLowerCase()) ?? [];
    if (values.length !== 1 || values[0] !== value) {
      differences.push(
        `${name}: expected "${value}", got ${values.length === 0 ? 'none' : JSON.stringify(values)}`,
      );
    }
    byName.delete(name.toLowerCase());
  }
  for (const [name, values] of byName) {
    if (!TRANSPORT_HEADERS.has(name)) differences.push(`unexpected ${name}: ${JSON.stringify(values)}`);
  }
  return differences;
}
