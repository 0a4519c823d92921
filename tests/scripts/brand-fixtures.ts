import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultBrandsDir } from '../../scripts/vite/app-config.ts';

/** The fifteen service keys of the spec (sorted), a fixture: brands/ may hold more or fewer. */
export const SPEC_SERVICES = [
  'a-dok',
  'a-ident',
  'caac',
  'cdap',
  'identity',
  'identity-cert',
  'rapidoc',
  'wdeag',
  'wdmakrolog',
  'wdmaps',
  'wdmaps_local',
  'wdmessenger',
  'wdpall',
  'wdwd',
  'webwhatsdown',
];

export const validBrandJson = {
  name: 'Test Brand',
  title: 'Test Brand – Anmeldung',
  accentColor: '#0b5cad',
  accentTextColor: '#ffffff',
  domains: ['login.test-brand.example'],
  links: {
    impressum: 'https://www.test-brand.example/impressum',
    datenschutz: 'https://www.test-brand.example/datenschutz',
  },
  redirectHosts: ['test-brand.example', '*.test-brand.example'],
};

export const validSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><rect width="48" height="48" fill="#0f766e"/></svg>';

/** The logo writeBrandFolder gives a folder: validSvg, titled with the folder's name. */
export function fixtureLogo(service: string): string {
  return validSvg.replace('><rect', `><title>${service}</title><rect`);
}

function hostLabel(service: string): string {
  return (
    service
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'brand'
  );
}

/** A square drawing, as icon.svg must be. */
export const validIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#0f766e"/></svg>';

export async function makeTempDir(prefix = 'brands-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `login-gateway-test-${prefix}`));
}

/** A copy of the real brands/ folder, to break one brand in without touching the others. */
export async function copyRealBrands(): Promise<string> {
  const dir = await makeTempDir();
  await cp(defaultBrandsDir, dir, { recursive: true });
  return dir;
}

/** Writes a brand folder; `files` adds or replaces files, `undefined` leaves one out. */
export async function writeBrandFolder(
  brandsDir: string,
  service: string,
  files: Record<string, string | undefined> = {},
): Promise<string> {
  const dir = path.join(brandsDir, service);
  await rm(dir, { recursive: true, force: true });
  const all: Record<string, string | undefined> = {
    // Each folder on its own domain, as two brands may not share one, and with its own logo.
    'brand.json': JSON.stringify({ ...validBrandJson, domains: [`login.${hostLabel(service)}.example`] }),
    'logo.svg': fixtureLogo(service),
    ...files,
  };
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(all)) {
    if (content !== undefined) await writeFile(path.join(dir, name), content);
  }
  return dir;
}

export async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}
