import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAYPAL_CLIENT_ID_META } from '../../src/lib/paypal-client-ids.ts';
import { REDIRECT_HOSTS_META } from '../../src/lib/redirect-hosts.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { PREVIEW_ROOT_ID } from '../../src/preview/preview-views.ts';
import { brandMarker, DEMO_BUILD_META } from './bake-html.ts';
import { buildContentSecurityPolicy } from './csp.ts';
import { z } from 'zod';
import { DEPLOY_FILES } from './deploy-configs.ts';
import type { ServedBrand } from './nginx-config.ts';
import { pagePolicy } from './host-headers.ts';
import { PAYPAL_ENV } from './deploy-settings.ts';
import { isPrecompressedTwin } from './precompress.ts';
import { writableEntries } from './file-modes.ts';
import { readReleaseManifest } from './release-manifest.ts';
import { LICENSES_FILE } from './third-party-licenses.ts';

/**
 * Text that only development code carries: the demo's switch names, its loopback exception,
 * the stand-in's client id, Firebase's connectAuthEmulator and the brand preview's page and
 * script. Firebase's own SDK keeps `http://localhost` for OAuth sign-ins the page never makes,
 * so that string is not a sign.
 */
export const DEVELOPMENT_MARKERS = [
  'authEmulatorUrl',
  'paymentSdkUrl',
  'emulator-config-failed',
  '127.0.0.1',
  '.localhost',
  'stand-in',
  'login-gateway-build',
  PREVIEW_ROOT_ID,
] as const;

const TEXT_FILE = /\.(html|js|css|webmanifest|json)$/;

/**
 * What makes a folder not a release: a demo page, a development string in any text file, a
 * policy that is not the strict release policy, a page without its redirect hosts, a paying
 * brand's page without PayPal's live client id, a brand without the bundled packages' licences
 * (MIT and Apache-2.0 ask for their text), a missing or wrong release.json, a host config missing
 * or with another policy.
 * An empty list means the folder may be deployed.
 */
export async function checkRelease(dir: string, brands: readonly ReleaseBrand[]): Promise<string[]> {
  const services = brands.map((brand) => brand.service);
  const problems: string[] = [];
  try {
    const manifest = await readReleaseManifest(dir);
    const missing = services.filter((service) => !manifest.brands.includes(service));
    if (missing.length > 0) problems.push(`release.json: does not list ${missing.join(', ')}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  // A file its group or everyone may write can be changed by another account before it is served.
  for (const entry of await writableEntries(dir).catch((): string[] => []))
    problems.push(
      `${entry}: its group or everyone may write it; \`npm run build\` writes files 0644 and folders 0755`,
    );
  for (const service of services) {
    const folder = path.join(dir, service);
    const html = await readFile(path.join(folder, 'index.html'), 'utf8').catch(() => undefined);
    if (html === undefined) {
      problems.push(`${service}: no index.html; build the release with \`npm run build\``);
      continue;
    }
    if (!html.includes(brandMarker(service)))
      problems.push(`${service}/index.html: is not this brand's page`);
    if (html.includes(DEMO_BUILD_META)) {
      problems.push(
        `${service}/index.html: is a demo build (npm start); build the release with \`npm run build\``,
      );
    }
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    if (policy?.replaceAll('&amp;', '&') !== buildContentSecurityPolicy(service, 'release')) {
      problems.push(`${service}/index.html: its policy is not the release policy`);
    }
    // A page without its list allows no host (src/lib/redirect-hosts.ts): the sign-in would lead nowhere.
    const redirectHosts = new RegExp(`<meta name="${REDIRECT_HOSTS_META}" content="([^"]*)">`).exec(
      html,
    )?.[1];
    if (!redirectHosts?.trim()) {
      problems.push(
        `${service}/index.html: has ${redirectHosts === undefined ? 'no' : 'an empty'} <meta name="${REDIRECT_HOSTS_META}">, so it would send no one to the service after the sign-in; build the release with \`npm run build\``,
      );
    }
    if (
      takesPayments(service) &&
      !new RegExp(`<meta name="${PAYPAL_CLIENT_ID_META.live}" content="[^"]+">`).test(html)
    ) {
      problems.push(
        `${service}/index.html: takes payments but carries no PayPal live client id; set paypal.clientIdLive in deploy.config.json or ${PAYPAL_ENV.live} and build again`,
      );
    }
    const licenses = await readFile(path.join(folder, LICENSES_FILE), 'utf8').catch(() => '');
    if (licenses.trim() === '') {
      problems.push(
        `${service}/${LICENSES_FILE}: missing or empty; the bundled packages' licences must ship with it, build the release with \`npm run build\``,
      );
    }
    for (const file of await textFiles(folder)) {
      const text = await readFile(file, 'utf8');
      for (const marker of DEVELOPMENT_MARKERS) {
        if (text.includes(marker)) {
          problems.push(`${service}/${path.relative(folder, file)}: contains development code ("${marker}")`);
        }
      }
    }
  }

  for (const file of Object.values(DEPLOY_FILES)) {
    const text = await readFile(path.join(dir, file), 'utf8').catch(() => undefined);
    if (text === undefined) {
      problems.push(`${file}: missing; \`npm run build\` writes it`);
      continue;
    }
    problems.push(...servedNames(file, text, brands).problems);
    if (file === DEPLOY_FILES.firebaserc) continue;
    if (text.includes('http://localhost:*')) problems.push(`${file}: sends a demo build's policy`);
    for (const service of services) {
      if (!text.includes(pagePolicy(service)))
        problems.push(`${file}: does not send ${service}'s page policy`);
    }
  }
  return problems;
}

/** What a release must serve: each brand folder, on the domains of its brand.json. */
export type ReleaseBrand = Pick<ServedBrand, 'service' | 'domains'>;

/**
 * What `npm run release-check` and `npm run deploy` both say of a release's host configs and the
 * brands of brands/ now, the one rule for a domain changed since the build: the configs in the
 * release are for review, and the deploy renders them anew from brands/, so such a change is a
 * note (the deploy applies it), not a problem. Empty when the configs serve these domains.
 */
export async function domainNotes(dir: string, brands: readonly ReleaseBrand[]): Promise<string[]> {
  const text = await readFile(path.join(dir, DEPLOY_FILES.nginx), 'utf8').catch(() => undefined);
  return text === undefined ? [] : servedNames(DEPLOY_FILES.nginx, text, brands).notes;
}

/**
 * A host config of another build (one that failed half-way, or an older one) serves other
 * brands than the brand folders beside it: that is a problem. nginx's server names that differ
 * from the brands' domains now are a note (domainNotes).
 */
function servedNames(
  file: string,
  text: string,
  brands: readonly ReleaseBrand[],
): { problems: string[]; notes: string[] } {
  const services = brands.map((brand) => brand.service);
  let served: Map<string, string[]>;
  if (file === DEPLOY_FILES.nginx) {
    served = nginxServers(text);
  } else {
    const sites = firebaseSitesSchema.safeParse(parseJson(text));
    if (!sites.success) return { problems: [`${file}: is not a config \`npm run build\` writes`], notes: [] };
    const targets =
      'hosting' in sites.data
        ? sites.data.hosting.map((site) => site.target)
        : Object.values(sites.data.targets).flatMap((each) => Object.keys(each.hosting));
    served = new Map(targets.map((target) => [target, []]));
  }
  const unknown = [...served.keys()].filter((service) => !services.includes(service));
  const missing = services.filter((service) => !served.has(service));
  const problems = [
    ...unknown.map(
      (service) =>
        `${file}: serves ${service}, which no brand folder of the release names; it is a config of another build: build the release again with \`npm run build\``,
    ),
    ...missing.map(
      (service) => `${file}: does not serve ${service}; build the release again with \`npm run build\``,
    ),
  ];
  const notes =
    file !== DEPLOY_FILES.nginx
      ? []
      : brands.flatMap(({ service, domains }) => {
          const names = served.get(service);
          if (names === undefined || sameNames(names, domains)) return [];
          return [
            `${service}: ${file} serves ${names.join(' ')}, brands/ now says ${domains.join(' ')}; \`npm run deploy\` renders the config from brands/, so the deploy applies it`,
          ];
        });
  return { problems, notes };
}

/** Each brand's HTTPS server in a config renderNginxConfig wrote (`# <service>` above it), with its names. */
function nginxServers(text: string): Map<string, string[]> {
  const servers = new Map<string, string[]>();
  for (const [, service = '', body = ''] of text.matchAll(
    /^# ([A-Za-z0-9_-]+)\nserver \{\n([\s\S]*?)^\}/gm,
  )) {
    servers.set(service, /^\s*server_name\s+([^;]+);/m.exec(body)?.[1]?.split(/\s+/) ?? []);
  }
  return servers;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().every((name, index) => name === [...b].sort()[index]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const firebaseSitesSchema = z.union([
  z.object({ hosting: z.array(z.object({ target: z.string() })) }),
  z.object({ targets: z.record(z.string(), z.object({ hosting: z.record(z.string(), z.unknown()) })) }),
]);

async function textFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && !isPrecompressedTwin(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
