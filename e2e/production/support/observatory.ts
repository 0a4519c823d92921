import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startObservatoryProxy } from './observatory-proxy.ts';
import type { ObservatoryAnswer, ObservatoryGrade } from './observatory-types.ts';

const SCANNER = fileURLToPath(new URL('./observatory-scan.ts', import.meta.url));
const PACKAGE_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'),
);

export interface Observatory {
  grade(hostname: string): Promise<ObservatoryGrade>;
  stop(): Promise<void>;
}

/**
 * The Observatory's public scan() in a child process of this worker (observatory-scan.ts), which
 * reaches `hosts` on the gateway's ports through observatory-proxy.ts and trusts `caFile` besides
 * the public CAs (no extra CA without one). One host at a time; stopped by its own handle.
 */
export async function startObservatory({
  caFile,
  hosts,
  httpPort,
  httpsPort,
}: {
  caFile?: string;
  hosts: readonly string[];
  httpPort: number;
  httpsPort: number;
}): Promise<Observatory> {
  await provideHstsPreloadList();
  const proxy = await startObservatoryProxy({ hosts, httpPort, httpsPort });
  // The child's own settings only: neither this worker's loader flags nor anyone's proxy or CA.
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/proxy|^NODE_OPTIONS$|^NODE_EXTRA_CA_CERTS$/i.test(name),
  );
  const env = {
    ...Object.fromEntries(inherited),
    http_proxy: proxy.url,
    https_proxy: proxy.url,
    ...(caFile ? { NODE_EXTRA_CA_CERTS: caFile } : {}),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SCANNER], { env });
  // A scanner that died is reported by the answer that never comes, not by a broken pipe.
  child.stdin.on('error', () => undefined);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let previous: Promise<unknown> = Promise.resolve();

  return {
    grade: (hostname) => {
      const graded = previous.then(async () => {
        child.stdin.write(`${hostname}\n`);
        const { value, done } = await answers.next();
        if (done) throw new Error(`the Observatory's scanner exited:\n${stderr}`);
        const answer = JSON.parse(value) as ObservatoryAnswer;
        if ('error' in answer) throw new Error(`Observatory on ${hostname}: ${answer.error}`);
        return answer.grade;
      });
      previous = graded.catch(() => undefined);
      return graded;
    },
    stop: async () => {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await proxy.stop();
    },
  };
}

/**
 * The package reads Chromium's HSTS preload list from its conf/hsts-preload.json, which only its
 * postinstall downloads, and .npmrc skips install scripts (decisions 008 and 018). The list only
 * ever raises the grade of a preloaded host, and no brand domain is on it, so an empty one says
 * the same for them. A list that is there is left as it is.
 */
async function provideHstsPreloadList(): Promise<void> {
  await writeFile(path.join(PACKAGE_DIR, 'conf', 'hsts-preload.json'), '{}\n', { flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
}

/** The names of the Observatory tests a grade failed, with what the Observatory said of each. */
export function failedTests(grade: ObservatoryGrade): string[] {
  return Object.entries(grade.tests)
    .filter(([, test]) => !test.pass || test.scoreModifier < 0)
    .map(([name, test]) => `${name}: ${test.result} (${test.scoreModifier}) – ${test.scoreDescription}`);
}

export interface ReportEntry {
  service: string;
  grade: ObservatoryGrade;
}

/**
 * Adds one brand's grade to `<dir>/observatory/` and rewrites the run's report there
 * (observatory.json, observatory.md) from every brand graded so far. Workers write in turn,
 * under a lock directory, so the last one leaves the whole run.
 */
export async function recordGrade(dir: string, entry: ReportEntry): Promise<void> {
  const folder = path.join(dir, 'observatory');
  await mkdir(path.join(folder, 'brands'), { recursive: true });
  // Whole or not at all (a rename): the worker holding the lock reads every brand's file.
  await replace(path.join(folder, 'brands', `${entry.service}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  const lock = path.join(folder, '.lock');
  for (let attempt = 0; ; attempt += 1) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    const files = (await readdir(path.join(folder, 'brands')))
      .filter((name) => name.endsWith('.json'))
      .sort();
    const entries = (
      await Promise.all(
        files.map(
          async (name) =>
            JSON.parse(await readFile(path.join(folder, 'brands', name), 'utf8')) as ReportEntry,
        ),
      )
    ).sort((a, b) => a.service.localeCompare(b.service));
    await replace(path.join(folder, 'observatory.json'), `${JSON.stringify(entries, null, 2)}\n`);
    await replace(path.join(folder, 'observatory.md'), renderMarkdown(entries));
  } finally {
    await rmdir(lock);
  }
}

async function replace(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

/** One line per brand, as a closing note quotes it. */
export function summaryLine({ service, grade }: ReportEntry): string {
  const failed = failedTests(grade);
  return (
    `Observatory ${service.padEnd(16)} ${grade.hostname.padEnd(32)} ${grade.grade.padEnd(2)} score ${String(grade.score).padStart(3)} ` +
    `(${grade.testsPassed}/${grade.testsQuantity} tests passed${failed.length > 0 ? `; ${failed.join('; ')}` : ''})`
  );
}

function renderMarkdown(entries: ReportEntry[]): string {
  const names = [...new Set(entries.flatMap(({ grade }) => Object.keys(grade.tests)))];
  const rows = entries.map(({ service, grade }) =>
    [
      service,
      grade.hostname,
      grade.grade,
      String(grade.score),
      `${grade.testsPassed}/${grade.testsQuantity}`,
      ...names.map((name) => {
        const test = grade.tests[name];
        if (!test) return '–';
        return `${test.pass ? 'pass' : 'FAIL'} ${test.scoreModifier > 0 ? '+' : ''}${test.scoreModifier}`;
      }),
    ].join(' | '),
  );
  const header = ['Brand', 'Host', 'Grade', 'Score', 'Passed', ...names];
  return [
    '# Mozilla HTTP Observatory on the release nginx',
    '',
    `Graded by @mdn/mdn-http-observatory (algorithm ${entries[0]?.grade.algorithmVersion ?? '?'}) against the`,
    'generated nginx config over dist/, with certificates from a throwaway CA the grader trusts.',
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row} |`),
    '',
    '## Where a brand scored below the best',
    '',
    ...belowBest(entries),
    '',
  ].join('\n');
}

/** Each test in which a brand got less than the best modifier of the run, with its result. */
function belowBest(entries: ReportEntry[]): string[] {
  const best = new Map<string, number>();
  for (const { grade } of entries) {
    for (const [name, test] of Object.entries(grade.tests)) {
      best.set(name, Math.max(best.get(name) ?? -Infinity, test.scoreModifier));
    }
  }
  const lines = entries.flatMap(({ service, grade }) =>
    Object.entries(grade.tests)
      .filter(([name, test]) => !test.pass || test.scoreModifier < (best.get(name) ?? 0))
      .map(
        ([name, test]) =>
          `- ${service}: ${name} \`${test.result}\` (${test.scoreModifier}): ${test.scoreDescription}`,
      ),
  );
  return lines.length > 0 ? lines : ['None: every brand got the best result of the run in every test.'];
}
