import type { BrandWarnings } from './build-brands.ts';
import type { InvalidBrand } from './load-brands.ts';

export interface BrandReportRow {
  service: string;
  files: number;
  gzipBytes: number;
}

/** Every invalid brand with all of its problems, ready for a brand manager to act on. */
export function formatInvalidBrands(invalid: InvalidBrand[], heading = 'invalid brand folder(s)'): string {
  const lines = [`${invalid.length} ${heading}: ${invalid.map((b) => b.service).join(', ')}`];
  for (const { service, problems } of invalid) {
    lines.push('', `  brands/${service}/`, ...problems.map((problem) => `    ✗ ${problem}`));
  }
  return lines.join('\n');
}

/** Warnings of brands that build, under the same folder headings as the problems. */
export function formatWarnings(warned: BrandWarnings[]): string {
  const lines = [`Warnings for ${warned.length} brand folder(s): ${warned.map((b) => b.service).join(', ')}`];
  for (const { service, warnings } of warned) {
    lines.push('', `  brands/${service}/`, ...warnings.map((warning) => `    ⚠ ${warning}`));
  }
  return lines.join('\n');
}

export function formatBuildTable(rows: BrandReportRow[]): string {
  type Line = [brand: string, files: string, size: string];
  const lines: Line[] = [
    ['brand', 'files', 'total (gzip)'],
    ...rows.map((row): Line => [row.service, String(row.files), formatBytes(row.gzipBytes)]),
  ];
  const brandWidth = Math.max(...lines.map(([brand]) => brand.length));
  const filesWidth = Math.max(...lines.map(([, files]) => files.length));
  const sizeWidth = Math.max(...lines.map(([, , size]) => size.length));
  const format = ([brand, files, size]: Line) =>
    `${brand.padEnd(brandWidth)}  ${files.padStart(filesWidth)}  ${size.padStart(sizeWidth)}`;
  const rule = ['─'.repeat(brandWidth), '─'.repeat(filesWidth), '─'.repeat(sizeWidth)].join('  ');
  const [header, ...body] = lines.map(format);
  return [header, rule, ...body].join('\n');
}

function formatBytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
