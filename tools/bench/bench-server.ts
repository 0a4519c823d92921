import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RESOLVER_SERVICE } from '../../src/lib/services.ts';
import { buildBrands } from '../../scripts/lib/build-brands.ts';
import { linkTree } from '../../scripts/lib/link-tree.ts';
import { isPrecompressedTwin } from '../../scripts/lib/precompress.ts';
import { loadBrands } from '../../scripts/lib/load-brands.ts';
import { createDemoServer } from '../demo/demo-server.ts';
import { freePort } from '../demo/ports.ts';
import type { OutboxEntry } from '../demo/reference-mws.ts';
import { RESOLVER_TABLE } from '../demo/resolver-table.ts';

export interface BenchServer {
  /** The folder served: the bench may add pages to a brand's folder in it. */
  distDir: string;
  /** Served without the precompressed twins (`--plain`). */
  plain: boolean;
  /** Every code the reference MWS sent, newest last. */
  codes: OutboxEntry[];
  services: string[];
  /** A brand's first view on its own host, as a visitor opens it. */
  pageUrl(service: string): string;
  /** Another file of a brand's folder on the same host. */
  fileUrl(service: string, file: string): string;
  stop(): Promise<void>;
}

/**
 * A demo build of every brand in a temporary folder, served by the demo server (precompressed
 * answers, production headers, the config) on a free port, without the Firebase emulator: the
 * first view needs neither Firebase nor the MWS. The build is fresh, or a linked copy of an
 * existing one (`npm run bench -- --quick` takes dist-demo/).
 */
export async function startBenchServer(options: {
  brandsDir: string;
  cacheDir: string;
  /** Without the .br/.gz twins: every file goes out uncompressed, to see what they are worth. */
  plain?: boolean;
  /** A demo build of every brand to serve instead of building one; it is left as it is. */
  existingBuild?: string;
}): Promise<BenchServer> {
  const { brandsDir, cacheDir, plain = false, existingBuild } = options;
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'login-gateway-bench-dist-'));
  if (existingBuild) {
    // Links, not copies: the pages the bench adds and the twins --plain removes are entries of
    // this folder only.
    await linkTree(existingBuild, distDir);
  } else {
    // The demo build: the bench drives the offline backend and the PayPal stand-in.
    const built = await buildBrands({ brandsDir, cacheDir, outDir: distDir, build: 'demo' });
    if (!built.ok) throw new Error(`the build failed:\n${built.message}`);
  }
  if (plain) await removePrecompressedTwins(distDir);
  const { brands, invalid } = await loadBrands(brandsDir);
  const port = await freePort();
  const codes: OutboxEntry[] = [];
  const { server } = createDemoServer({
    distDir,
    brands,
    invalid,
    port,
    authEmulatorUrl: undefined,
    onCodeSent: (entry) => codes.push(entry),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = (service: string) => `http://${service}.localhost:${port}/`;
  const existingQr = Object.keys(RESOLVER_TABLE)[0] ?? 'qr-exists';
  return {
    distDir,
    plain,
    codes,
    services: brands.map((brand) => brand.service),
    pageUrl(service) {
      const url = new URL(origin(service));
      url.searchParams.set('service', service);
      if (service === RESOLVER_SERVICE) url.searchParams.set('qrid', existingQr);
      return url.href;
    },
    fileUrl: (service, file) => new URL(file, origin(service)).href,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(distDir, { recursive: true, force: true });
    },
  };
}

async function removePrecompressedTwins(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const twins = entries.filter((entry) => entry.isFile() && isPrecompressedTwin(entry.name));
  await Promise.all(twins.map((entry) => rm(path.join(entry.parentPath, entry.name))));
}
