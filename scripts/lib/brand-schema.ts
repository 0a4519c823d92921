import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { isHexColor } from '../../src/lib/contrast.ts';

/**
 * What each brand.json field must hold, in the words a brand manager reads in a build error.
 * docs/brands.md explains the same fields at more length.
 */
export const fieldExpectations: Record<string, string> = {
  name: 'the display name shown to visitors, e.g. "A-Dok"',
  title: 'the browser tab title, e.g. "A-Dok – Anmeldung"',
  accentColor: 'a hex color like "#0b5cad" (buttons and highlights)',
  accentTextColor: 'a hex color like "#ffffff" for text drawn on the accent color',
  themeColor: 'a hex color like "#0b5cad" for the browser toolbar (optional; defaults to accentColor)',
  backgroundColor: 'a hex color like "#f4f6f9" for the page background (optional)',
  domains:
    'a list of at least one host name the brand is served on, e.g. ["login.a-dok.de"]; letters, digits and "-" (umlauts allowed), no "_", no scheme, no port',
  links: 'an object with the footer link targets "impressum" and "datenschutz"',
  redirectHosts:
    'an optional list of the only hosts the page may send the visitor and their token to, each a host name like "login.a-ident.de" or "*.a-ident.de" for every host below a-ident.de; no scheme, no port',
  'links.impressum': 'an https:// address of the Impressum page',
  'links.datenschutz': 'an https:// address of the Datenschutz (privacy) page',
};

/** An ASCII host name with a top-level domain; a label of an IDN is its xn-- form. */
const ASCII_HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * A host name as a brand manager writes it, umlauts allowed, in the ASCII form a server config
 * and a certificate name it by ("login.müller.de" becomes "login.xn--mller-kva.de").
 */
const hostName = z
  .string()
  .refine((value) => value === value.trim() && !value.includes('_') && !value.endsWith('.'), {
    error: 'is not a host name',
  })
  .transform((value, context) => {
    const ascii = domainToASCII(value);
    if (!ASCII_HOST_NAME.test(ascii)) {
      context.addIssue({ code: 'custom', message: 'is not a host name' });
      return z.NEVER;
    }
    return ascii;
  });

/** An entry of redirectHosts: a host name, or `*.` and a host name for every host below it. */
const redirectHost = z.string().transform((value, context) => {
  const wildcard = value.startsWith('*.');
  const parsed = hostName.safeParse(wildcard ? value.slice(2) : value);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: 'is not a host name or "*." and a host name' });
    return z.NEVER;
  }
  return wildcard ? `*.${parsed.data}` : parsed.data;
});

const color = z.string().refine(isHexColor, { error: 'is not a hex color' });

const httpsUrl = z.string().refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
  error: 'is not an https:// address',
});

export const brandJsonSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'is empty' }).max(60, { error: 'is longer than 60 characters' }),
  title: z.string().trim().min(1, { error: 'is empty' }).max(80, { error: 'is longer than 80 characters' }),
  accentColor: color,
  accentTextColor: color,
  themeColor: color.optional(),
  backgroundColor: color.optional(),
  domains: z
    .array(hostName)
    .min(1, { error: 'is empty' })
    .refine((domains) => new Set(domains).size === domains.length, { error: 'names a host twice' }),
  links: z.strictObject({ impressum: httpsUrl, datenschutz: httpsUrl }),
  redirectHosts: z
    .array(redirectHost)
    .min(1, { error: 'is empty; leave the field out to allow every host' })
    .refine((hosts) => new Set(hosts).size === hosts.length, { error: 'names a host twice' })
    .optional(),
});

/** brand.json after validation: domains in their ASCII form. */
export type BrandJson = z.output<typeof brandJsonSchema>;
