/**
 * Splits the browser suite over shards by time, not by count. Playwright's own `--shard` cuts the
 * ordered list of tests into runs of equal length: with the production project's hundreds of
 * sub-second tests at the end and the engines' slow ones before them, its last shard would finish
 * in a minute and its first take most of the suite. Here every test weighs what its spec file's
 * tests took on average (e2e/spec-weights.json), and each test goes to the shard that is lightest
 * so far, heaviest tests first, so every brand's project and the production project spread.
 */

/** One test as `playwright test --list --reporter=json` names it, and `--test-list` reads it. */
export interface ListedTest {
  project: string;
  /** Relative to the config's folder (e2e/), with forward slashes. */
  file: string;
  /** The describe blocks' titles and the test's own. */
  titles: string[];
}

export interface Shard {
  current: number;
  total: number;
}

/** The least a test weighs, whatever its file's mean. */
export const LEAST_SECONDS = 0.05;

/** Seconds a test of each spec file takes, on average, by file relative to e2e/. */
export type SpecWeights = Readonly<Record<string, number>>;

/** What the suite's JSON list holds, as far as the plan reads it. */
interface JsonSuite {
  title: string;
  file: string;
  specs?: { title: string; tests: { projectName: string }[] }[];
  suites?: JsonSuite[];
}

/** Reads `--shard=2/3` or `--shard 2/3` out of the arguments; the rest go to Playwright as given. */
export function takeShard(args: readonly string[]): { shard?: Shard; rest: string[] } {
  const rest: string[] = [];
  let value: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--shard') {
      value = args[index + 1] ?? '';
      index += 1;
    } else if (arg.startsWith('--shard=')) {
      value = arg.slice('--shard='.length);
    } else {
      rest.push(arg);
    }
  }
  if (value === undefined) return { rest };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const current = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || current < 1 || total < 1 || current > total) {
    throw new Error(
      `--shard takes <current>/<total>, such as 2/3, with 1 ≤ current ≤ total; not "${value}".`,
    );
  }
  return { shard: { current, total }, rest };
}

/** Every test of a JSON list, in the list's order. */
export function listedTests(report: { suites: JsonSuite[] }): ListedTest[] {
  const tests: ListedTest[] = [];
  const walk = (suite: JsonSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const { projectName } of spec.tests) {
        tests.push({ project: projectName, file: suite.file, titles: [...titles, spec.title] });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files; their title is the file's path, not a describe block.
  for (const file of report.suites) walk(file, []);
  return tests;
}

/** A test's line in a `--test-list` file: `[project] › file › describe › title`. */
export function testListLine(test: ListedTest): string {
  for (const title of test.titles) {
    // Playwright splits the line at "›" and trims each part: such a title could not be named.
    if (title.includes('›') || title !== title.trim() || title.length === 0) {
      throw new Error(`A test title cannot go into a test list: "${title}" (${test.file}).`);
    }
  }
  return [`[${test.project}]`, test.file, ...test.titles].join(' › ');
}

/** The weight of a spec file without a measurement: the median of those measured. */
export function fallbackWeight(weights: SpecWeights): number {
  const values = Object.values(weights).sort((a, b) => a - b);
  if (values.length === 0) return 1;
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1
    ? (values[middle] ?? 1)
    : ((values[middle - 1] ?? 1) + (values[middle] ?? 1)) / 2;
}

/**
 * The tests of each shard, each shard's in the list's order, with the seconds they should take.
 * The same list and weights give every shard the same plan, so the shards never overlap and
 * leave no test out.
 */
export function planShards(
  tests: readonly ListedTest[],
  weights: SpecWeights,
  total: number,
): { tests: ListedTest[]; seconds: number }[] {
  const fallback = fallbackWeight(weights);
  // No test is free (a file's mean rounds to 0 s): a weight of nothing would send all of its
  // tests to whichever shard is lightest at that moment.
  const weighed = tests.map((test, index) => ({
    test,
    index,
    seconds: Math.max(weights[test.file] ?? fallback, LEAST_SECONDS),
  }));
  // Heaviest first, each to the lightest shard so far (the lowest number on a tie): within a
  // test's weight of an even split.
  const byWeight = [...weighed].sort((a, b) => b.seconds - a.seconds || a.index - b.index);
  const shards = Array.from({ length: total }, () => ({ members: [] as typeof weighed, seconds: 0 }));
  for (const entry of byWeight) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.members.push(entry);
    lightest.seconds += entry.seconds;
  }
  return shards.map((shard) => ({
    tests: shard.members.sort((a, b) => a.index - b.index).map((entry) => entry.test),
    seconds: shard.seconds,
  }));
}

/** Mean seconds per test of each spec file, from finished tests, for e2e/spec-weights.json. */
export function measuredWeights(
  results: readonly { file: string; milliseconds: number }[],
): Record<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const { file, milliseconds } of results) {
    const entry = sums.get(file) ?? { total: 0, count: 0 };
    entry.total += milliseconds;
    entry.count += 1;
    sums.set(file, entry);
  }
  return Object.fromEntries(
    [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, { total, count }]) => [file, Math.round(total / count / 100) / 10]),
  );
}
