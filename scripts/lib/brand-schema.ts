import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { isHexColour } from '../../src/lib/contrast.ts';

/**
 * What each brand.json field must hold, in the words a brand manager reads in a build error.
 * docs/brands.md explains the same fields at more length.
 */
export const fieldExpectations: Record<string, string> = {
  name: 'the display name shown to visitors, e.g. "A-Dok"',
  title: 'the browser tab title, e.g. "A-Dok – Anmeldung"',
  accentColor: 'a hex colour like "#0b5cad" (buttons and highlights)',
  accentTextColor: 'a hex colour like "#ffffff" for text drawn on the accent colour',
  themeColor: 'a hex colour like "#0b5cad" for the browser toolbar (optional; defaults to accentColor)',
  backgroundColor: 'a hex colour like "#f4f6f9" for the page background (optional)',
  domains:
    'a list of at least one host name the brand is served on, e.g. ["login.a-dok.de"]; letters, digits and "-" (umlauts allowed), no "_", no scheme, no port',
  links: 'an object with the footer link targets "impressum" and "datenschutz"',
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

const colour = z.string().refine(isHexColour, { error: 'is not a hex colour' });

const httpsUrl = z.string().refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
  error: 'is not an https:// address',
});

export const brandJsonSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'is empty' }).max(60, { error: 'is longer than 60 characters' }),
  title: z.string().trim().min(1, { error: 'is empty' }).max(80, { error: 'is longer than 80 characters' }),
  accentColor: colour,
  accentTextColor: colour,
  themeColor: colour.optional(),
  backgroundColor: colour.optional(),
  domains: z
    .array(hostName)
    .min(1, { error: 'is empty' })
    .refine((domains) => new Set(domains).size === domains.length, { error: 'names a host twice' }),
  links: z.strictObject({ impressum: httpsUrl, datenschutz: httpsUrl }),
});

/** brand.json after validation: domains in their ASCII form. */
export type BrandJson = z.output<typeof brandJsonSchema>;
