import { brandLoaders } from 'virtual:brands';
import type { Brand } from './brand.ts';

/**
 * The brand of a service, loaded on demand. Own keys only, so "__proto__", "constructor" and
 * the like are simply unknown.
 */
export async function loadBrand(service: string | undefined): Promise<Brand | undefined> {
  if (service === undefined || !Object.hasOwn(brandLoaders, service)) return undefined;
  const load = brandLoaders[service];
  return load ? (await load()).default : undefined;
}
