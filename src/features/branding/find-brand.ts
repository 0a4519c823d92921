import { brands } from 'virtual:brands';
import type { Brand } from './brand.ts';

/** Own keys only, so "__proto__", "constructor" and the like are simply unknown. */
export function findBrand(service: string | undefined): Brand | undefined {
  return service !== undefined && Object.hasOwn(brands, service) ? brands[service] : undefined;
}
