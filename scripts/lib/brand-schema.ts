import { domainToASCII } from 'node:url';
import { getPublicSuffix } from 'tldts';
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
  accentColorDark:
    'a hex color like "#2e76c8" for the accent in dark mode, when accentColor has less than 3:1 against the dark card (optional; defaults to accentColor)',
  accentTextColorDark:
    'a hex color like "#ffffff" for text drawn on the accent in dark mode (optional; defaults to accentTextColor)',
  themeColor: 'a hex color like "#0b5cad" for the browser toolbar (optional; defaults to accentColor)',
  backgroundColor: 'a hex color like "#f4f6f9" for the page background (optional)',
  domains:
    'a list of at least one host name the brand is served on, e.g. ["login.a-dok.de"]; letters, digits and "-" (umlauts allowed), no "_", no scheme, no port',
  links: 'an object with the footer link targets "impressum" and "datenschutz"',
  redirectHosts:
    'the list of the only hosts the page may send the visitor and their token to, each a host name like "login.a-ident.de" or "*.a-ident.de" for every host below a-ident.de, and ":8443" after it for a port other than 443; no scheme, no path, no public suffix (co.uk, web.app). Usually the brand\'s own domain: ["a-ident.de", "*.a-ident.de"]',
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
  // domainToASCII parses its input as a URL's host and drops what follows: "a.de/x" became "a.de".
  .refine((value) => !/[\s_/\\?#@:%]/.test(value) && !value.endsWith('.'), {
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

/**
 * The Public Suffix List's sections both count: anyone can register a name below web.app or
 * github.io (its private section) as below co.uk (ICANN's).
 */
const PUBLIC_SUFFIX_LIST = { allowPrivateDomains: true, extractHostname: false } as const;

/**
 * Why an entry of redirectHosts would let the page send the token to names that anyone can
 * register, by the Public Suffix List of the maintained tldts package, or undefined. `name` is
 * the entry's host in ASCII, without "*." and port. The parent of a wildcard rule counts as a
 * suffix too (tldts: sch.uk of *.sch.uk).
 */
function publicSuffixRefusal(name: string, wildcard: boolean): string | undefined {
  if (getPublicSuffix(name, PUBLIC_SUFFIX_LIST) !== name) return undefined;
  return wildcard
    ? `allows every host below ${name}, a public suffix (Public Suffix List) where anyone can register a name; name the service's own host instead, like "your-service.${name}", or "*.your-service.${name}" for the hosts below it`
    : `is a public suffix (Public Suffix List), where anyone can register a name, not a host of one service; name the service's own host instead, like "your-service.${name}"`;
}

/**
 * An entry of redirectHosts: a host name, or `*.` and a host name for every host below it, each
 * with `:port` when the target is not on 443, the default, which the page allows only when named.
 */
const redirectHost = z.string().transform((value, context) => {
  const [, name = '', port] = /^(.*?)(?::(\d+))?$/.exec(value) ?? [];
  const wildcard = name.startsWith('*.');
  const parsed = hostName.safeParse(wildcard ? name.slice(2) : name);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: 'is not a host name or "*." and a host name' });
    return z.NEVER;
  }
  const publicSuffix = publicSuffixRefusal(parsed.data, wildcard);
  if (publicSuffix) {
    context.addIssue({ code: 'custom', message: publicSuffix });
    return z.NEVER;
  }
  if (port === '443') {
    context.addIssue({ code: 'custom', message: 'names 443, the default port, which the host alone allows' });
    return z.NEVER;
  }
  if ((port !== undefined && !/^[1-9]\d{0,4}$/.test(port)) || Number(port) > 65_535) {
    context.addIssue({ code: 'custom', message: 'names no port from 1 to 65535' });
    return z.NEVER;
  }
  return `${wildcard ? '*.' : ''}${parsed.data}${port === undefined ? '' : `:${port}`}`;
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
  accentColorDark: color.optional(),
  accentTextColorDark: color.optional(),
  themeColor: color.optional(),
  backgroundColor: color.optional(),
  domains: z
    .array(hostName)
    .min(1, { error: 'is empty' })
    .refine((domains) => new Set(domains).size === domains.length, { error: 'names a host twice' }),
  links: z.strictObject({ impressum: httpsUrl, datenschutz: httpsUrl }),
  redirectHosts: z
    .array(redirectHost)
    .min(1, { error: 'is empty' })
    .refine((hosts) => new Set(hosts).size === hosts.length, { error: 'names a host twice' }),
});

/** brand.json after validation: domains in their ASCII form. */
export type BrandJson = z.output<typeof brandJsonSchema>;
