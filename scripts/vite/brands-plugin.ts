import path from 'node:path';
import type { Plugin } from 'vite';
import type { Brand as RuntimeBrand } from '../../src/features/branding/brand.ts';
import type { BrandJson } from '../lib/brand-schema.ts';
import { loadBrands, type Brand, type SvgFile } from '../lib/load-brands.ts';
import { formatInvalidBrands } from '../lib/report.ts';

/** Brands a caller already loaded and validated, or the folder to load them from. */
export type BrandSource = { brands: Brand[] } | { brandsDir: string };

const MODULE_ID = 'virtual:brands';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** One module per brand, so a page downloads the data of the brand it shows and no other. */
const BRAND_PREFIX = 'virtual:brand/';

/**
 * Serves `virtual:brands`: every valid brand with its logos imported as hashed assets, so the
 * one shared bundle can show any brand while the browser fetches only the logo it needs.
 */
export function brandsPlugin(source: BrandSource): Plugin {
  let loaded: Promise<Brand[]> | undefined;
  const loadValidBrands = async () => {
    if ('brands' in source) return source.brands;
    const { brands, invalid } = await loadBrands(source.brandsDir);
    if (invalid.length > 0) throw new Error(formatInvalidBrands(invalid));
    return brands;
  };
  return {
    name: 'login-gateway:brands',
    resolveId(id) {
      return id === MODULE_ID || id.startsWith(BRAND_PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID && !id.startsWith(`\0${BRAND_PREFIX}`)) return undefined;
      loaded ??= loadValidBrands();
      const brands = await loaded;
      if (id === RESOLVED_ID) return generateLoadersModule(brands);
      const brand = brands.find((b) => `\0${BRAND_PREFIX}${b.service}` === id);
      return brand ? generateBrandModule(brand) : this.error(`no brand for ${id}`);
    },
  };
}

function generateLoadersModule(brands: Brand[]): string {
  const loaders = brands.map(
    ({ service }) => `  ${JSON.stringify(service)}: () => import(${JSON.stringify(BRAND_PREFIX + service)}),`,
  );
  return `export const brandLoaders = {\n${loaders.join('\n')}\n};\n`;
}

function generateBrandModule(brand: Brand): string {
  const imports: string[] = [];
  const marker = (index: number) => `\0asset${index}\0`;
  const data = runtimeBrand(brand, (file) => {
    imports.push(
      `import asset${imports.length} from ${JSON.stringify(`${path.join(brand.dir, file)}?url`)};`,
    );
    return marker(imports.length - 1);
  });
  // Each asset's URL is the import's value, not a string: the hashed name is Vite's to choose.
  const body = imports.reduce(
    (json, _, index) => json.replaceAll(JSON.stringify(marker(index)), `asset${index}`),
    JSON.stringify(data),
  );
  return `${imports.join('\n')}\nexport default ${body};\n`;
}

/** A brand's image files the app shows: the logos, and the icon a restyled page switches to. */
export type BrandAsset = 'logo.svg' | 'logo-dark.svg' | 'icon.svg';

/**
 * Where each field of brand.json goes: to the page, which runtimeBrand hands it in
 * `virtual:brands`, or only into the build (the hosts' config, the page's meta tags). A field
 * added to brand.json's schema makes tsc ask for it here, and a field for the page makes it ask
 * for the same field in the page's Brand type (src/features/branding/brand.ts): none is left
 * behind without a word.
 */
const BRAND_JSON_FIELDS = {
  name: 'page',
  title: 'page',
  accentColor: 'page',
  accentTextColor: 'page',
  accentColorDark: 'page',
  accentTextColorDark: 'page',
  themeColor: 'page',
  backgroundColor: 'page',
  links: 'page',
  domains: 'build',
  redirectHosts: 'build',
} as const satisfies Record<keyof BrandJson, 'page' | 'build'>;

type PageField = {
  [K in keyof typeof BRAND_JSON_FIELDS]: (typeof BRAND_JSON_FIELDS)[K] extends 'page' ? K : never;
}[keyof typeof BRAND_JSON_FIELDS];
/** A field for the page that the page's Brand type does not have: tsc names it here. */
type NotInPageBrand = Exclude<PageField, keyof RuntimeBrand>;
const everyPageFieldTyped: [NotInPageBrand] extends [never] ? true : NotInPageBrand = true;

const PAGE_FIELDS = (Object.keys(BRAND_JSON_FIELDS) as (keyof BrandJson)[]).filter(
  (field): field is PageField => BRAND_JSON_FIELDS[field] === 'page' && everyPageFieldTyped,
);

/**
 * A brand as the app sees it (src/features/branding/brand.ts), with `url` giving each file's
 * address: the brand's module imports them, and the build pre-renders the page with the same
 * names Vite gave them (scripts/lib/prerender.ts), so both draw the same markup.
 */
export function runtimeBrand(brand: Brand, url: (file: BrandAsset) => string): RuntimeBrand {
  const image = (file: BrandAsset, { viewBox }: SvgFile) => ({
    src: url(file),
    width: viewBox.width,
    height: viewBox.height,
  });
  const logo = image('logo.svg', brand.logo);
  // brand.json's fields for the page as they are, an optional one only where the brand has it.
  const fields = Object.fromEntries(
    PAGE_FIELDS.flatMap((field) => (brand[field] === undefined ? [] : [[field, brand[field]]])),
  ) as Pick<Brand, PageField>;
  return {
    service: brand.service,
    ...fields,
    logo,
    ...(brand.logoDark && { logoDark: image('logo-dark.svg', brand.logoDark) }),
    // Used only when the page follows another service at runtime; the baked page links the
    // favicons the build drew.
    favicon: brand.icon ? url('icon.svg') : logo.src,
  };
}
