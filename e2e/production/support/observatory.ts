import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ObservatoryGrade, ObservatoryRequest } from './observatory-types.ts';

const SCANNER = fileURLToPath(new URL('./observatory-scan.ts', import.meta.url));

export interface Observatory {
  grade(request: ObservatoryRequest): Promise<ObservatoryGrade>;
  stop(): Promise<void>;
}

/**
 * The Observatory in a child process of this worker (observatory-scan.ts), which resolves `hosts`
 * to 127.0.0.1 and trusts `caFile` besides the public CAs (no extra CA without one). Stopped by
 * its own handle.
 */
export async function startObservatory({
  caFile,
  hosts,
}: {
  caFile?: string;
  hosts: string[];
}): Promise<Observatory> {
  // The child's own settings only: neither this worker's loader flags nor its NODE_OPTIONS.
  const { NODE_OPTIONS: _nodeOptions, NODE_EXTRA_CA_CERTS: _extraCas, ...env } = process.env;
  const child: ChildProcess = fork(SCANNER, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...env,
      ...(caFile ? { NODE_EXTRA_CA_CERTS: caFile } : {}),
      OBSERVATORY_LOOPBACK_HOSTS: JSON.stringify(hosts),
    },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<
    number,
    { resolve: (grade: ObservatoryGrade) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;

  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exited.then(() => reject(new Error(`the Observatory child exited before it was ready:\n${stderr}`)));
  });
  child.on('message', (message: { id: number; grade?: ObservatoryGrade; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.grade) waiting?.resolve(message.grade);
    else waiting?.reject(new Error(`Observatory: ${message.error}`));
  });
  void exited.then(() => {
    for (const waiting of pending.values())
      waiting.reject(new Error(`the Observatory child exited:\n${stderr}`));
    pending.clear();
  });

  return {
    grade: (request) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ id, ...request });
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
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
  await writeFile(
    path.join(folder, 'brands', `${entry.service}.json`),
    `${JSON.stringify(entry, null, 2)}\n`,
  );
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
