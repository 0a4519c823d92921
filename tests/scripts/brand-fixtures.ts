import { createHash } from 'node:crypto';
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
  // #0b5cad has 2.2:1 on the dark card; the spinner and the card's border need 3:1 there.
  accentColorDark: '#2e76c8',
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

/**
 * The accents writeBrandFolder gives a folder: a blue like validBrandJson's and a lighter one for
 * dark mode, both from the same 12 bits of a hash of the folder's name, so that two folders share
 * the dark accent only when they share the accent. Each pair passes the accent rules with white
 * text.
 */
export function fixtureAccents(service: string): { accentColor: string; accentColorDark: string } {
  const [first = 0, second = 0] = createHash('sha256').update(service).digest();
  const [red, blue] = [first & 0x1f, second & 0x7f];
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  return {
    accentColor: `#${hex(red)}5c${hex(0x80 + blue)}`,
    accentColorDark: `#${hex(red)}${hex(0x80 + (blue & 3))}${hex(0x6a + (blue >> 2))}`,
  };
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
    // Each folder on its own domain, as two brands may not share one, and with its own logo and
    // accent, as two brands that share one are warned about.
    'brand.json': JSON.stringify({
      ...validBrandJson,
      ...fixtureAccents(service),
      domains: [`login.${hostLabel(service)}.example`],
    }),
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
