import path from 'node:path';
import type { Plugin } from 'vite';
import type { Brand as RuntimeBrand } from '../../src/features/branding/brand.ts';
import { formatInvalidBrands } from '../lib/report.ts';
import { loadBrands, type Brand } from '../lib/load-brands.ts';
import { readViewBox } from '../lib/svg-check.ts';

const MODULE_ID = 'virtual:brands';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Serves `virtual:brands`: every valid brand with its logos imported as hashed assets, so the
 * one shared bundle can show any brand while the browser fetches only the logo it needs.
 */
export function brandsPlugin({ brandsDir }: { brandsDir: string }): Plugin {
  return {
    name: 'login-gateway:brands',
    resolveId(source) {
      return source === MODULE_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { brands, invalid } = await loadBrands(brandsDir);
      if (invalid.length > 0) this.error(formatInvalidBrands(invalid));
      return generateBrandsModule(brands);
    },
  };
}

function generateBrandsModule(brands: Brand[]): string {
  const imports: string[] = [];
  const importLogo = (brand: Brand, file: string, svg: string) => {
    const name = `logo${imports.length}`;
    imports.push(`import ${name} from ${JSON.stringify(`${path.join(brand.dir, file)}?url`)};`);
    const viewBox = readViewBox(svg);
    if (!viewBox) throw new Error(`${brand.service}/${file} lost its viewBox after validation`);
    const { width, height } = viewBox;
    return `{ src: ${name}, width: ${width}, height: ${height} }`;
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
    const logos = [`logo: ${importLogo(brand, 'logo.svg', brand.logoSvg)}`];
    if (brand.logoDarkSvg) logos.push(`logoDark: ${importLogo(brand, 'logo-dark.svg', brand.logoDarkSvg)}`);
    return `  ${JSON.stringify(brand.service)}: { ...${JSON.stringify(data)}, ${logos.join(', ')} },`;
  });
  return `${imports.join('\n')}\nexport const brands = {\n${entries.join('\n')}\n};\n`;
}
