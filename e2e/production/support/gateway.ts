import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployNginx } from '../../../scripts/deploy/nginx-target.ts';
import { buildContentSecurityPolicy } from '../../../scripts/lib/csp.ts';
import { DEPLOY_FILES } from '../../../scripts/lib/deploy-configs.ts';
import { parseDeploySettings, type DeploySettings } from '../../../scripts/lib/deploy-settings.ts';
import { escapeHtml } from '../../../scripts/lib/escape-html.ts';
import { hostHeaders, type HeaderMap, type PathKind } from '../../../scripts/lib/host-headers.ts';
import { loadBrands, type Brand } from '../../../scripts/lib/load-brands.ts';
import { readReleaseManifest, RELEASE_HEADER } from '../../../scripts/lib/release-manifest.ts';
import { freePortForChild } from '../../../tools/demo/ports.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
import { createReferenceBackend, OUTBOX_PATH } from '../../../tools/demo/reference-backend.ts';
import type { OutboxEntry } from '../../../tools/demo/reference-mws.ts';
import { makeTestCertificates, type TestCertificates } from './certificates.ts';
import {
  nginxArgs,
  NGINX_PATH,
  requireNginx,
  startNginx,
  writeNginxWrapper,
  type NginxFiles,
} from './nginx.ts';

// Not from scripts/vite/app-config.ts, which would load Vite into every worker.
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const brandsDir = defaultBrandsDir;
/** The committed settings, which the gateway takes and changes only where a test machine differs. */
export const settingsFile = path.join(projectRoot, 'deploy.config.json');

/**
 * The release build the project serves, and the nginx config the build shipped with it: dist/,
 * or E2E_RELEASE_DIR (a release of another brand set, as docs/testing.md's scale trial builds).
 */
export const distDir = path.resolve(process.env.E2E_RELEASE_DIR ?? path.join(projectRoot, 'dist'));
export const shippedNginxConfig = path.join(distDir, DEPLOY_FILES.nginx);

/** Every brand folder; the specs make their tests from this list, so a new brand is covered. */
export const { brands } = await loadBrands(brandsDir);

/** A host of another site, which tries to frame the login page. */
export const OTHER_SITE = 'attacker.test';

/**
 * The report collector the gateway's settings name, so the pages carry the headers of a host
 * that has one. Chromium sends no report here: it takes no reporting headers from an answer whose
 * certificate it accepts only by --ignore-certificate-errors-spki-list.
 */
export const REPORTING_ENDPOINT = 'https://reports.login-gateway.test/csp';

/** Chromium's rules that send every brand domain, and the other site, to this machine. */
export function hostResolverRules(): string {
  const hosts = [...brands.flatMap((brand) => brand.domains), OTHER_SITE];
  return hosts.map((host) => `MAP ${host} 127.0.0.1`).join(',');
}

export function domainOf(brand: Brand): string {
  const [domain] = brand.domains;
  if (domain === undefined) throw new Error(`brand ${brand.service} has no domain`);
  return domain;
}

export interface Gateway {
  httpPort: number;
  httpsPort: number;
  backendPort: number;
  otherSitePort: number;
  certificates: TestCertificates;
  nginx: NginxFiles;
  /** The settings file `npm run deploy -- nginx --settings` takes for this gateway. */
  settingsFile: string;
  /** Its nginx settings: the web root, the config file npm run deploy installs, the access log. */
  parameters: DeploySettings['nginx'];
  /** The release it served when it started (dist/'s). */
  release: string;
  /** What host-headers.ts prescribes for an answer of that kind, and the release header. */
  headers(service: string, kind: PathKind, options?: { svg?: boolean }, release?: string): HeaderMap;
  /** `https://<first domain>:<https port>`, where visitors of the brand arrive. */
  httpsOrigin(brand: Brand): string;
  httpOrigin(brand: Brand): string;
  /** A page of another site that frames `url`. */
  framingPage(url: string): string;
  /** The newest code the reference MWS sent to `to`, read on the backend's own port. */
  codeFor(to: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * One worker's production stack, all on free loopback ports: the reference backend, a throwaway
 * CA with a certificate per brand, and a real nginx serving a web root into which the release in
 * `releaseDir` (dist/) was deployed by `npm run deploy -- nginx`'s own code, with the committed
 * settings changed only in paths, ports and commands and given a report collector (REPORTING_ENDPOINT);
 * plus a page of another site. Everything stops, by its own PID or handle, in `stop`.
 */
export async function startGateway({ releaseDir = distDir } = {}): Promise<Gateway> {
  await requireRelease(releaseDir);
  requireNginx();
  const [httpPort, httpsPort, backendPort, otherSitePort] = await fourFreePorts();
  const dir = await mkdtemp(path.join(tmpdir(), 'login-gateway-nginx-'));
  // nginx's workers drop root for nobody when the master runs as root; they must reach their temp dirs.
  await chmod(dir, 0o755);
  const stops: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const backend = createReferenceBackend({ brands, publicHttpsPort: httpsPort });
    // As many backends answer (Express's default, a session cookie): nginx must drop both.
    backend.server.prependListener('request', (_request, response) => {
      response.setHeader('X-Powered-By', 'Express');
      response.setHeader('Set-Cookie', 'backend-session=1; Path=/; HttpOnly');
    });
    await listen(backend.server, backendPort);
    stops.push(() => close(backend.server));

    const otherSite = createServer((request, response) => {
      const frame = new URL(request.url ?? '/', 'http://other.invalid').searchParams.get('frame') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>` +
          `<body><h1>Another site</h1><iframe title="login" src="${escapeHtml(frame)}" width="600" height="600"></iframe></body></html>`,
      );
    });
    await listen(otherSite, otherSitePort);
    stops.push(() => close(otherSite));

    const certificates = await makeTestCertificates(path.join(dir, 'certificates'), brands);
    const configFile = path.join(dir, 'gateway.conf');
    const nginx = await writeNginxWrapper(dir, configFile);
    const pidFile = path.join(dir, 'nginx.pid');
    const committed = parseDeploySettings(await readFile(settingsFile, 'utf8'), settingsFile);
    const settings: DeploySettings = {
      ...committed,
      nginx: {
        ...committed.nginx,
        webRoot: path.join(dir, 'www'),
        certificateDir: path.join(dir, 'certificates'),
        backend: `127.0.0.1:${backendPort}`,
        acmeRoot: path.join(dir, 'acme'),
        httpListen: [`127.0.0.1:${httpPort}`],
        httpsListen: [`127.0.0.1:${httpsPort}`],
        publicHttpsPort: httpsPort,
        accessLog: path.join(dir, 'access.log'),
        reportingEndpoint: REPORTING_ENDPOINT,
        configFile,
        testCommand: [NGINX_PATH, '-t', ...nginxArgs(nginx)],
        // nginx's own reload (SIGHUP to its master), once it runs; the first deploy comes before.
        reloadCommand: ['sh', '-c', `if [ -s ${pidFile} ]; then kill -HUP "$(cat ${pidFile})"; fi`],
      },
    };
    const gatewaySettings = path.join(dir, 'deploy.config.json');
    await writeFile(gatewaySettings, JSON.stringify(settings, null, 2));
    const { release } = await deployNginx({ releaseDir, settingsFile: gatewaySettings, brandsDir });
    const running = await startNginx(nginx, [httpPort, httpsPort]);
    stops.push(() => running.stop());

    const httpsOrigin = (brand: Brand) => `https://${domainOf(brand)}:${httpsPort}`;
    return {
      httpPort,
      httpsPort,
      backendPort,
      otherSitePort,
      certificates,
      nginx,
      settingsFile: gatewaySettings,
      parameters: settings.nginx,
      release,
      headers: (service, kind, options, served = release) => ({
        ...hostHeaders(service, kind, { ...options, reportTo: settings.nginx.reportingEndpoint }),
        [RELEASE_HEADER]: served,
      }),
      httpsOrigin,
      httpOrigin: (brand) => `http://${domainOf(brand)}:${httpPort}`,
      framingPage: (url) => `http://${OTHER_SITE}:${otherSitePort}/?${new URLSearchParams({ frame: url })}`,
      codeFor: (to) => codeFor(backendPort, to),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** dist/ must hold a release of every brand: the demo build's page would accept what a release refuses. */
async function requireRelease(releaseDir: string): Promise<void> {
  const missing = [
    releaseDir,
    path.join(releaseDir, DEPLOY_FILES.nginx),
    ...brands.map((b) => path.join(releaseDir, b.service, 'index.html')),
  ]
    .filter((file) => !existsSync(file))
    .map((file) => path.relative(projectRoot, file));
  if (missing.length > 0) {
    throw new Error(`No release to serve (${missing.join(', ')} missing): run \`npm run build\` first.`);
  }
  for (const brand of brands) {
    const html = await readFile(path.join(releaseDir, brand.service, 'index.html'), 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    if (policy !== buildContentSecurityPolicy(brand.service, 'release')) {
      throw new Error(
        `dist/${brand.service}/index.html does not carry the release policy (a demo or stale build?): run \`npm run build\` first.`,
      );
    }
  }
}

async function codeFor(backendPort: number, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${backendPort}${OUTBOX_PATH}`);
    const entries = (await response.json()) as OutboxEntry[];
    const match = entries.filter((entry) => entry.to === to).at(-1);
    if (match) return match.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to} in the reference backend's outbox`);
}

async function fourFreePorts(): Promise<[number, number, number, number]> {
  const ports = new Set<number>();
  while (ports.size < 4) ports.add(await freePortForChild());
  const [a = 0, b = 0, c = 0, d = 0] = ports;
  return [a, b, c, d];
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The release id of dist/, which the shipped host configs name. */
export async function shippedRelease(): Promise<string> {
  return (await readReleaseManifest(distDir)).release;
}
