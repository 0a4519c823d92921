import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadBrands, type Brand, type InvalidBrand } from '../../../scripts/lib/load-brands.ts';
import {
  createDemoServer,
  type DemoBrands,
  type DemoServerOptions,
} from '../../../tools/demo/demo-server.ts';
import { freePort } from '../../../tools/demo/ports.ts';
import type { OutboxEntry } from '../../../tools/demo/reference-mws.ts';
import {
  makeTempDir,
  readJson,
  validBrandJson,
  validSvg,
  writeBrandFolder,
} from '../../scripts/brand-fixtures.ts';

/** The policy every fake page carries in its CSP <meta>. */
export const PAGE_POLICY = "default-src 'none'; script-src 'self'";
export const ASSET = 'assets/app-abc12345.js';
/** A file in dist/ but outside every brand folder, and one outside dist/: neither may be served. */
export const SECRET = 'secret-outside-the-brand-folders';

export const BRAND_NAMES: Record<string, string> = {
  'a-dok': 'A-Dok Testmarke',
  'a-ident': 'A-Ident Testmarke',
  wdmaps: 'WD Maps Testmarke',
};

export interface DemoWorld {
  root: string;
  distDir: string;
  brands: Brand[];
  invalid: InvalidBrand[];
  remove(): Promise<void>;
}

/** A brands folder with three valid brands and one broken one, and a small dist/ for the valid ones. */
export async function makeDemoWorld(): Promise<DemoWorld> {
  const root = await makeTempDir('demo-');
  const brandsDir = path.join(root, 'brands');
  const distDir = path.join(root, 'dist');
  for (const [service, name] of Object.entries(BRAND_NAMES)) {
    // The folder's own accent and domain, as brands that share one are warned about or refused.
    const brandJson = path.join(await writeBrandFolder(brandsDir, service), 'brand.json');
    const settings = z.record(z.string(), z.unknown()).parse(await readJson(brandJson));
    await writeFile(brandJson, JSON.stringify({ ...settings, name }));
    await writePage(distDir, service);
  }
  await writeBrandFolder(brandsDir, 'broken', {
    'brand.json': JSON.stringify({ ...validBrandJson, accentColor: '#12' }),
    'logo.svg': undefined,
  });
  await writeFile(path.join(distDir, 'secret.html'), `<p>${SECRET}</p>`);
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: SECRET }));
  const { brands, invalid } = await loadBrands(brandsDir);
  return { root, distDir, brands, invalid, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A fake brand page with one script and a favicon, as the build leaves them in dist/<service>/. */
export async function writePage(distDir: string, service: string): Promise<void> {
  const dir = path.join(distDir, service);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="de" data-brand="${service}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}">
<title>${service} page</title>
</head>
<body><script type="module" src="./${ASSET}"></script></body>
</html>
`,
  );
  await writeFile(path.join(dir, ASSET), `console.log(${JSON.stringify(service)});\n`);
  await writeFile(path.join(dir, 'favicon.svg'), validSvg);
}

export interface RunningDemo {
  port: number;
  server: Server;
  /** Every code the MWS reported, instead of printing it. */
  sent: OutboxEntry[];
  /** The server's clock; move it to age codes. */
  clock: { now: number };
  /** Swaps the brands served, as `npm start` does after a rebuild. */
  setBrands(brands: DemoBrands): void;
  /** Says a rebuild failed, as `npm start` does. */
  showRebuildFailure(message: string): void;
  stop(): Promise<void>;
}

/** The demo server of `world` on a free port, with a controllable clock. */
export async function startDemo(
  world: DemoWorld,
  options: Partial<DemoServerOptions> = {},
): Promise<RunningDemo> {
  const port = await freePort();
  const sent: OutboxEntry[] = [];
  const clock = { now: Date.UTC(2025, 0, 6, 9, 0, 0) };
  const { server, setBrands, showRebuildFailure } = createDemoServer({
    distDir: world.distDir,
    brands: world.brands,
    invalid: world.invalid,
    port,
    authEmulatorUrl: undefined,
    now: () => clock.now,
    onCodeSent: (entry) => sent.push(entry),
    ...options,
  });
  await listen(server, port);
  return { port, server, sent, clock, setBrands, showRebuildFailure, stop: () => close(server) };
}

/** Listens on 127.0.0.1:`port`, failing when the port is taken. */
export async function listen(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

/** Closes a server and the connections it still holds. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A second demo server of `world` with other options, for one test; stopped after `use`. */
export async function withDemo<T>(
  world: DemoWorld,
  options: Partial<DemoServerOptions>,
  use: (demo: RunningDemo) => Promise<T>,
): Promise<T> {
  const demo = await startDemo(world, options);
  try {
    return await use(demo);
  } finally {
    await demo.stop();
  }
}

export interface DemoSetup {
  options?: Partial<DemoServerOptions>;
  /** Changes the world before the server starts and answers the world to serve. */
  prepare?: (world: DemoWorld) => Promise<DemoWorld>;
  /** A new server (fresh codes, limits and clock) for every test instead of one for the file. */
  perTest?: boolean;
}

/**
 * The demo world and its server for the tests of a file: made in beforeAll (the server in
 * beforeEach with perTest), removed afterwards. Its fields read the running demo.
 */
export function useDemo({ options, prepare, perTest = false }: DemoSetup = {}): RunningDemo & {
  readonly world: DemoWorld;
} {
  let world: DemoWorld | undefined;
  let demo: RunningDemo | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the demo starts before the tests');
    return value;
  };
  const start = async () => void (demo = await startDemo(ready(world), options));
  const stop = async () => void (await demo?.stop());
  beforeAll(async () => {
    const made = await makeDemoWorld();
    world = prepare ? await prepare(made) : made;
    if (!perTest) await start();
  });
  if (perTest) {
    beforeEach(start);
    afterEach(stop);
  }
  afterAll(async () => {
    if (!perTest) await stop();
    await world?.remove();
  });
  return {
    get world() {
      return ready(world);
    },
    get port() {
      return ready(demo).port;
    },
    get server() {
      return ready(demo).server;
    },
    get sent() {
      return ready(demo).sent;
    },
    get clock() {
      return ready(demo).clock;
    },
    setBrands: (brands) => ready(demo).setBrands(brands),
    showRebuildFailure: (message) => ready(demo).showRebuildFailure(message),
    stop: () => ready(demo).stop(),
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as it went over the wire, for answers that are compressed. */
  bytes: Buffer;
}

export interface RequestOptions {
  method?: string;
  /** The Host header; node sets 127.0.0.1:<port> when absent. */
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sends the body in pieces with `transfer-encoding: chunked` and no content-length. */
  chunked?: boolean;
}

/** One request over real HTTP to 127.0.0.1, with any Host header (fetch cannot set one). */
export function send(port: number, target: string, options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', host, headers = {}, body, chunked = false } = options;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method,
        agent: false,
        headers: { ...(host && { host }), ...(chunked && { 'transfer-encoding': 'chunked' }), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    if (body !== undefined && chunked) {
      const bytes = Buffer.from(body);
      for (let start = 0; start < bytes.length; start += 4096)
        outgoing.write(bytes.subarray(start, start + 4096));
      outgoing.end();
    } else {
      outgoing.end(body);
    }
  });
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A brand page's origin on the demo server: the only kind the MWS answers CORS for. */
export const pageOrigin = (port: number) => `http://a-dok.localhost:${port}`;

/** A form POST as the page sends it: a CORS simple request from the brand's origin. */
export function postForm(
  port: number,
  target: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
): Promise<Answer> {
  return send(port, target, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    ...options,
    headers: { 'content-type': FORM_TYPE, origin: pageOrigin(port), ...options.headers },
  });
}

export function json(answer: Answer): unknown {
  expectJsonType(answer);
  return JSON.parse(answer.body);
}

function expectJsonType(answer: Answer): void {
  if (!answer.headers['content-type']?.startsWith('application/json')) {
    throw new Error(`expected a JSON answer, got ${answer.headers['content-type']}: ${answer.body}`);
  }
}
