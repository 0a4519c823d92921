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
  domains: 'a list of at least one host name the brand is served on, e.g. ["login.a-dok.de"]',
  links: 'an object with the footer link targets "impressum" and "datenschutz"',
  'links.impressum': 'an https:// address of the Impressum page',
  'links.datenschutz': 'an https:// address of the Datenschutz (privacy) page',
};

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

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
    .array(z.string().regex(HOST_NAME, { error: 'is not a lower-case host name' }))
    .min(1, { error: 'is empty' }),
  links: z.strictObject({ impressum: httpsUrl, datenschutz: httpsUrl }),
});

export type BrandJson = z.infer<typeof brandJsonSchema>;
