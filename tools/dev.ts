import path from 'node:path';
import type { Plugin } from 'vite';
import { parseCommandLine } from '../scripts/lib/command-line.ts';
import type { Brand } from '../scripts/lib/load-brands.ts';

const { values } = parseCommandLine({
  command: 'npm run dev --',
  summary:
    "Starts Vite's dev server for work on the page; it answers api/config with the development config, with no MWS behind it.",
  options: {
    brand: {
      type: 'string',
      valueName: '<service>',
      description: 'Bakes that brand into the page (without it the page is neutral)',
    },
    port: { type: 'string', valueName: '<n>', description: 'The port (default: PORT, else 5173)' },
    host: {
      type: 'string',
      valueName: '<address>',
      description: 'The address to listen on (default: 127.0.0.1)',
    },
  },
});

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { createServer } = await import('vite');
const { createDevConfig } = await import('./demo/dev-config.ts');
const { bakeIndexHtml, brandStylesheet } = await import('../scripts/lib/bake-html.ts');
const { loadBrands } = await import('../scripts/lib/load-brands.ts');
const { formatInvalidBrands } = await import('../scripts/lib/report.ts');
const { createAppConfig, defaultBrandsDir } = await import('../scripts/vite/app-config.ts');

const { brands, invalid } = await loadBrands(defaultBrandsDir);
// Another folder's problems do not stop work on this one; the dev server leaves those brands out.
const ownInvalid = invalid.filter((b) => b.service === values.brand);
if (ownInvalid.length > 0) {
  console.error(formatInvalidBrands(ownInvalid));
  process.exit(1);
}
if (invalid.length > 0)
  console.warn(`⚠ ${formatInvalidBrands(invalid, 'invalid brand folder(s) left out')}\n`);
const brand = values.brand === undefined ? undefined : brands.find((b) => b.service === values.brand);
if (values.brand !== undefined && !brand) {
  console.error(
    `Unknown brand "${values.brand}"; the brands are: ${brands.map((b) => b.service).join(', ')}`,
  );
  process.exit(1);
}

const config = createAppConfig({ brands });
const server = await createServer({
  ...config,
  configFile: false,
  plugins: [...(config.plugins ?? []), serveDevConfig(), ...(brand ? [bakeBrandInDev(brand)] : [])],
  server: {
    port: Number(values.port ?? process.env.PORT ?? 5173),
    host: values.host ?? '127.0.0.1',
  },
});
await server.listen();
server.printUrls();
const local = server.resolvedUrls?.local[0];
if (brand && local) {
  const url = new URL(local);
  url.searchParams.set('service', brand.service);
  console.log(`  ➜  ${brand.name}: ${url.href}`);
} else if (!brand) {
  console.log('  ➜  No --brand given: the page is neutral and unbranded.');
}

/**
 * Answers api/config with the development config, so the page starts. No MWS runs behind it
 * yet: sending a code fails with the spec's error until the local backend exists.
 */
function serveDevConfig(): Plugin {
  return {
    name: 'login-gateway:dev-config',
    configureServer(devServer) {
      devServer.middlewares.use((request, response, next) => {
        if (!request.url || new URL(request.url, 'http://localhost').pathname !== '/api/config')
          return next();
        const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
        const body = createDevConfig(brands, {
          mwsTargetUrl: `${origin}/mws`,
          authEmulatorUrl: 'http://127.0.0.1:9099',
        });
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(body));
      });
    },
  };
}

/**
 * The build's baking, with the brand's own SVGs served by Vite instead of generated icons and
 * the brand stylesheet answered here.
 */
function bakeBrandInDev(brand: Brand): Plugin {
  const fsUrl = (file: string) => `/@fs${path.join(brand.dir, file)}`;
  const stylesheetPath = '/@login-gateway/brand.css';
  return {
    name: 'login-gateway:dev-brand',
    configureServer(devServer) {
      devServer.middlewares.use((request, response, next) => {
        if (request.url !== stylesheetPath) return next();
        response.setHeader('content-type', 'text/css');
        response.end(brandStylesheet(brand));
      });
    },
    transformIndexHtml(html) {
      return bakeIndexHtml(html, {
        ...brand,
        brandStylesheetHref: stylesheetPath,
        logoHref: fsUrl('logo.svg'),
        logoDarkHref: brand.logoDark ? fsUrl('logo-dark.svg') : undefined,
        icons: { svg: fsUrl(brand.icon ? 'icon.svg' : 'logo.svg') },
        withContentSecurityPolicy: false,
        build: 'demo',
      });
    },
  };
}
