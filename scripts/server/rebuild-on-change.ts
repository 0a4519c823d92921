import { watch } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../lib/build-brands.ts';
import { loadBrands } from '../lib/load-brands.ts';
import { formatInvalidBrands } from '../lib/report.ts';
import type { DemoBrands } from './demo-server.ts';

export interface RebuildOnChangeOptions {
  brandsDir: string;
  /** Builds the demo of every valid brand and skips the invalid ones (buildBrands, skipInvalid). */
  build: () => Promise<BuildResult>;
  /** Hands the server the brands it now has folders for, and the folders that failed. */
  serve: (brands: DemoBrands) => void;
  log: (line: string) => void;
  /** How long brands/ must be quiet before a rebuild: saving a brand touches several files. */
  debounceMs?: number;
}

export interface BrandWatcher {
  /** Resolves once no change is waiting and no rebuild runs. */
  settled(): Promise<void>;
  close(): void;
}

/**
 * Rebuilds the demo when anything in brands/ changes, so `npm start` picks up an edited, added
 * or removed brand folder without a restart. Changes close together make one rebuild; a change
 * during a rebuild makes exactly one more after it, never a second build at the same time.
 */
export function rebuildOnChange(options: RebuildOnChangeOptions): BrandWatcher {
  const { brandsDir, debounceMs = 300 } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const waiting: (() => void)[] = [];

  const start = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = rebuild(options).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start();
      } else if (!timer) {
        for (const resolve of waiting.splice(0)) resolve();
      }
    });
  };

  // Recursive watching works on Linux from Node 20; editors' hidden swap files are no change.
  const watcher = watch(brandsDir, { recursive: true }, (_event, file) => {
    if (file && path.basename(file).startsWith('.')) return;
    clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  });
  // brands/ itself renamed or removed: the demo goes on, without rebuilds.
  watcher.on('error', (error) => options.log(`Stopped watching brands/: ${error.message}`));

  return {
    settled: () => (!timer && !running ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    close() {
      clearTimeout(timer);
      timer = undefined;
      watcher.close();
      if (!running) for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

async function rebuild({ brandsDir, build, serve, log }: RebuildOnChangeOptions): Promise<void> {
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
    log(`The rebuild failed; the server goes on with the previous build.\n${(error as Error).message}`);
  }
}
