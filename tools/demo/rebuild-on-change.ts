import path from 'node:path';
import { watch } from 'chokidar';
import type { BuildResult } from '../../scripts/lib/build-brands.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { formatInvalidBrands } from '../../scripts/lib/report.ts';
import { fingerprintBrands } from '../../scripts/lib/demo-build.ts';
import type { DemoBrands } from './demo-server.ts';

export interface RebuildOnChangeOptions {
  brandsDir: string;
  /** Builds the demo of every valid brand and skips the invalid ones (buildBrands, skipInvalid). */
  build: () => Promise<BuildResult>;
  /** Hands the server the brands it now has folders for, and the folders that failed. */
  serve: (brands: DemoBrands) => void;
  /** Tells the server why a rebuild failed, while it goes on with the previous build. */
  failed: (message: string) => void;
  log: (line: string) => void;
  /** What brands/ held when the build now served was made (fingerprintBrands). */
  builtFrom: string;
  /** How long brands/ must be quiet before a rebuild: saving a brand touches several files. */
  debounceMs?: number;
  /** How often the watcher looks at each file and folder of brands/; shorter than debounceMs. */
  pollMs?: number;
  /** How often brands/ is compared with what the last rebuild read, for a change the watcher missed. */
  checkMs?: number;
}

export interface BrandWatcher {
  /** Resolves once no change is waiting and no rebuild runs. */
  settled(): Promise<void>;
  /** Stops watching; a rebuild that runs still finishes. */
  close(): Promise<void>;
}

/**
 * Rebuilds the demo when anything in brands/ changes, so `npm start` picks up an edited, added
 * or removed brand folder without a restart. Changes close together make one rebuild; a change
 * during a rebuild makes exactly one more after it, never a second build at the same time.
 * Resolves once brands/ is watched; a change made before, since the served build, rebuilds too.
 */
export async function rebuildOnChange(options: RebuildOnChangeOptions): Promise<BrandWatcher> {
  const { brandsDir, debounceMs = 300, pollMs = 100, checkMs = 2000 } = options;
  let builtFrom = options.builtFrom;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let checking = false;
  let closed = false;
  const waiting: (() => void)[] = [];

  const start = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      // Read before the build: a change during it shows as a difference at the next check.
      builtFrom = await fingerprintBrands(brandsDir).catch(() => '');
      await rebuild(options);
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start();
      } else if (!timer) {
        for (const resolve of waiting.splice(0)) resolve();
      }
    });
  };

  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  };

  // Polling: inotify, under fs.watch and chokidar alike, keeps watching the deleted folder when a
  // brand folder is deleted and copied back in one go (`rm -rf x && cp -r … x`), and no edit in
  // the copy is seen. A stat of brands/'s some 80 files every 100 ms costs about 1 % of a core.
  const watcher = watch(brandsDir, {
    usePolling: true,
    interval: pollMs,
    binaryInterval: pollMs,
    ignoreInitial: true,
    // Editors' swap and backup files, and hidden folders, which loadBrands skips too.
    ignored: (file) =>
      path
        .relative(brandsDir, file)
        .split(path.sep)
        .some((part) => part.startsWith('.')),
  });
  watcher.on('all', changed);
  watcher.on('error', (error) => options.log(`Watching brands/ failed: ${(error as Error).message}`));
  await new Promise<void>((resolve) => watcher.once('ready', resolve));

  // Chokidar drops a change it sees within milliseconds of another of the same file (a poll that
  // caught a write half done, then the rest of it): comparing the content catches that too.
  const check = async () => {
    if (timer || running || checking) return;
    checking = true;
    const now = await fingerprintBrands(brandsDir).catch(() => builtFrom);
    checking = false;
    if (now !== builtFrom && !timer && !running && !closed) changed();
  };
  const checks = setInterval(() => void check(), checkMs);
  await check();

  return {
    settled: () => (!timer && !running ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    async close() {
      closed = true;
      clearInterval(checks);
      clearTimeout(timer);
      timer = undefined;
      await watcher.close();
      if (!running) for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

async function rebuild({ brandsDir, build, serve, failed, log }: RebuildOnChangeOptions): Promise<void> {
  log('brands/ changed: rebuilding the demo…');
  const started = performance.now();
  try {
    const result = await build();
    if (!result.ok) throw new Error(result.message);
    // The folders just built, with what brands/ holds now; a change since has its own rebuild queued.
    const built = new Set(result.rows.map((row) => row.service));
    const { brands, invalid } = await loadBrands(brandsDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`Rebuilt ${built.size} brand(s) in ${seconds} s; the gallery shows them now.`);
    serve({ brands: brands.filter((brand) => built.has(brand.service)), invalid });
    if (invalid.length > 0) log(formatInvalidBrands(invalid, 'invalid brand folder(s), not served'));
    if (result.warnings.length > 0)
      log(`${result.warnings.length} brand(s) have warnings; the gallery shows them on their cards.`);
  } catch (error) {
    const { message } = error as Error;
    log(`The rebuild failed; the server goes on with the previous build.\n${message}`);
    failed(message);
  }
}
