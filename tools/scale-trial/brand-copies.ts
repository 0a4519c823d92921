import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A brands folder with every brand of `from` and `times - 1` copies of each under new names
 * (`<service><k>`, short, as Firebase Hosting's site ids are at most 30 characters), each copy on
 * domains of its own (`copy<k>.<domain>`), as a brand manager would add a new brand: to see how
 * the suite grows with the number of brands.
 */
export async function writeBrandCopies(from: string, into: string, times: number): Promise<string[]> {
  if (!Number.isInteger(times) || times < 1)
    throw new Error(`times must be a whole number ≥ 1, not ${times}`);
  const services = (await readdir(from, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const written: string[] = [];
  for (const service of services) {
    await cp(path.join(from, service), path.join(into, service), { recursive: true });
    written.push(service);
    for (let copy = 2; copy <= times; copy += 1) {
      const name = `${service}${copy}`;
      const folder = path.join(into, name);
      await cp(path.join(from, service), folder, { recursive: true });
      const file = path.join(folder, 'brand.json');
      const brand = JSON.parse(await readFile(file, 'utf8')) as { name: string; domains: string[] };
      brand.name = `${brand.name} ${copy}`;
      brand.domains = brand.domains.map((domain) => `copy${copy}.${domain}`);
      await writeFile(file, `${JSON.stringify(brand, null, 2)}\n`);
      written.push(name);
    }
  }
  return written;
}
