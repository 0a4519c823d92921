/**
 * `npm run backend`: the reference backend (tools/demo/reference-backend.ts) on a port of this
 * host, for an operator's trial of a release behind nginx: `/api/config` for every brand domain,
 * the reference MWS, the resolver and a landing page, as the release's nginx config expects
 * behind `nginx.backend`. Not for production: codes go nowhere but its outbox.
 */
import path from 'node:path';
import { parseCommandLine, refuseCommandLine } from '../scripts/lib/command-line.ts';

const command = 'npm run backend --';
const { values } = parseCommandLine({
  command,
  summary:
    "Runs the reference backend behind a trial's nginx: every brand's /api/config, the reference MWS, the resolver and a landing page. For a trial, not for production.",
  options: {
    port: {
      type: 'string',
      valueName: '<n>',
      description: "The port on 127.0.0.1 (default: nginx.backend's port in the settings)",
    },
    settings: {
      type: 'string',
      valueName: '<file>',
      description: 'The deployment settings: nginx.backend and publicHttpsPort (default: deploy.config.json)',
    },
    'brands-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'The brands it answers for, by their domains (default: brands/)',
    },
  },
  notes: [
    'Codes are sent nowhere: they are in http://127.0.0.1:<port>/dev/outbox. Ctrl-C stops it.',
    'docs/deploy.md, "A reference backend for a trial".',
  ],
});

const portText = values.port;
if (portText !== undefined && !/^\d{1,5}$/.test(portText))
  refuseCommandLine(command, `--port ${portText}: a port number, such as 8081.`);

// Loaded once the command line holds, so that --help and a wrong option answer at once.
const { defaultBrandsDir, projectRoot } = await import('../scripts/vite/app-config.ts');
const { DEFAULT_SETTINGS_FILE, loadDeploySettings } = await import('../scripts/lib/deploy-settings.ts');
const { loadBrands } = await import('../scripts/lib/load-brands.ts');
const { formatInvalidBrands } = await import('../scripts/lib/report.ts');
const { createReferenceBackend, OUTBOX_PATH } = await import('./demo/reference-backend.ts');

let port: number | undefined;
try {
  const settingsFile = path.resolve(values.settings ?? path.join(projectRoot, DEFAULT_SETTINGS_FILE));
  const { nginx } = (await loadDeploySettings(settingsFile)).settings;
  port = Number(portText ?? /:(\d+)$/.exec(nginx.backend)?.[1] ?? Number.NaN);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `nginx.backend is "${nginx.backend}" in ${settingsFile}, which names no port here: give one with --port.`,
    );
  }
  const { brands, invalid } = await loadBrands(path.resolve(values['brands-dir'] ?? defaultBrandsDir));
  if (invalid.length > 0) throw new Error(formatInvalidBrands(invalid, 'invalid brand folder(s)'));
  if (brands.length === 0)
    throw new Error(`${values['brands-dir'] ?? defaultBrandsDir} holds no brand to answer for.`);
  const backend = createReferenceBackend({ brands, publicHttpsPort: nginx.publicHttpsPort });
  await new Promise<void>((resolve, reject) => {
    backend.server.once('error', reject);
    backend.server.listen(port, '127.0.0.1', () => resolve());
  });
  const width = Math.max(...brands.map((brand) => brand.service.length));
  const pointed = nginx.backend === `127.0.0.1:${port}` || nginx.backend === `localhost:${port}`;
  console.log(
    [
      `The reference backend answers on http://127.0.0.1:${port}/ for ${brands.length} brands, by the Host nginx passes on:`,
      ...brands.map((brand) => `  ${brand.service.padEnd(width)} ${brand.domains.join(', ')}`),
      '⚠ For a trial, not for production: no code is sent; each is in',
      `  http://127.0.0.1:${port}${OUTBOX_PATH} (from this host only).`,
      pointed
        ? `nginx.backend in ${path.relative(process.cwd(), settingsFile) || settingsFile} points here.`
        : `⚠ nginx.backend in ${settingsFile} is "${nginx.backend}": set it to "127.0.0.1:${port}" and run \`npm run deploy -- nginx\` again.`,
      'Ctrl-C stops it.',
    ].join('\n'),
  );
  const stop = () => {
    backend.server.closeAllConnections();
    backend.server.close(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is taken on 127.0.0.1 by another process: stop it, or give another with --port (and set nginx.backend to match).`
      : error instanceof Error
        ? error.message
        : String(error),
  );
  process.exitCode = 1;
}
