/**
 * The rules on the page's query that hold before the config is read (spec §2, §5). A leaf module:
 * the page's first script checks them too (src/app/first-view.ts), and it imports nothing else.
 */
export interface QueryParams {
  service: string | undefined;
  qrid: string | undefined;
  method: string | undefined;
}

/** The parameters the page uses; others, such as the appid links carry, are ignored (spec §2). */
export function readQuery(search: string): QueryParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name) ?? undefined;
  return { service: read('service'), qrid: read('qrid'), method: read('method') };
}

/**
 * A QR id the payment can carry: PayPal's custom_id takes at most 127 characters, and the id also
 * travels in a path segment and a form field, so printable ASCII without spaces.
 */
export const QRID_PATTERN = /^[\x21-\x7e]{1,127}$/;

/** Spec §5: the service parameter must be longer than 2 characters, before anything is fetched. */
export function isPlausibleService(service: string | undefined): service is string {
  return service !== undefined && service.length > 2;
}
