import path from 'node:path';
import type { Plugin } from 'vite';
import type { Brand as RuntimeBrand } from '../../src/features/branding/brand.ts';
import { loadBrands, type Brand, type SvgFile } from '../lib/load-brands.ts';
import { formatInvalidBrands } from '../lib/report.ts';

/** Brands a caller already loaded and validated, or the folder to load them from. */
export type BrandSource = { brands: Brand[] } | { brandsDir: string };

const MODULE_ID = 'virtual:brands';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Serves `virtual:brands`: every valid brand with its logos imported as hashed assets, so the
 * one shared bundle can show any brand while the browser fetches only the logo it needs.
 */
export function brandsPlugin(source: BrandSource): Plugin {
  return {
    name: 'login-gateway:brands',
    resolveId(source) {
      return source === MODULE_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if ('brands' in source) return generateBrandsModule(source.brands);
      const { brands, invalid } = await loadBrands(source.brandsDir);
      if (invalid.length > 0) this.error(formatInvalidBrands(invalid));
      return generateBrandsModule(brands);
    },
  };
}

function generateBrandsModule(brands: Brand[]): string {
  const imports: string[] = [];
  const importLogo = (brand: Brand, file: string, { viewBox }: SvgFile) => {
    const name = `logo${imports.length}`;
    imports.push(`import ${name} from ${JSON.stringify(`${path.join(brand.dir, file)}?url`)};`);
    return `{ src: ${name}, width: ${viewBox.width}, height: ${viewBox.height} }`;
  };
  const entries = brands.map((brand) => {
    const data: Omit<RuntimeBrand, 'logo' | 'logoDark'> = {
      service: brand.service,
      name: brand.name,
      title: brand.title,
      accentColor: brand.accentColor,
      accentTextColor: brand.accentTextColor,
      themeColor: brand.themeColor,
      backgroundColor: brand.backgroundColor,
      links: brand.links,
    };
    const logos = [`logo: ${importLogo(brand, 'logo.svg', brand.logo)}`];
    if (brand.logoDark) logos.push(`logoDark: ${importLogo(brand, 'logo-dark.svg', brand.logoDark)}`);
    return `  ${JSON.stringify(brand.service)}: { ...${JSON.stringify(data)}, ${logos.join(', ')} },`;
  });
  return `${imports.join('\n')}\nexport const brands = {\n${entries.join('\n')}\n};\n`;
}
