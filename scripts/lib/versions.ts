/** Orders dotted version numbers (`18.2` < `18.10` < `132`); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The oldest version of each name, from `[name, version]` pairs such as a browser range gives. */
export function oldestOfEach<Name extends string>(
  pairs: Iterable<readonly [Name, string]>,
): Map<Name, string> {
  const oldest = new Map<Name, string>();
  for (const [name, version] of pairs) {
    const known = oldest.get(name);
    if (known === undefined || compareVersions(version, known) < 0) oldest.set(name, version);
  }
  return oldest;
}
