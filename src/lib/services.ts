/**
 * The one service whose sign-in runs the resolver after the code (spec §4), and whose flow can
 * therefore end in a PayPal payment.
 */
export const RESOLVER_SERVICE = 'a-ident';

/**
 * Whether a service's flow can reach PayPal. The build gives only these brands' pages a policy
 * that names PayPal, and a page without it refuses such a service (see startup.ts).
 */
export function takesPayments(service: string): boolean {
  return service === RESOLVER_SERVICE;
}
