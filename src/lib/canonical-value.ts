/**
 * One form of a login value, for the page before it sends and for the MWS before it keys a limit,
 * a lock, a code or a token (docs/backend-contract.md, "One canonical value"). Two spellings of
 * one mailbox must not count as two: `Victim@Example.de.`, `victim@example.de` and
 * `victim@ｅｘａｍｐｌｅ.de` are one address.
 */

/** A canonical value, or why there is none. */
export type Canonical =
  { ok: true; value: string } | { ok: false; reason: 'invisible-character' | 'not-a-mailbox' };

/**
 * Characters a visitor cannot see and no address or identifier holds: format characters (U+200B,
 * U+200D, U+2060, the bidi controls, the BOM…), control characters, and the rest that Unicode says
 * to draw as nothing (variation selectors, the Hangul fillers), and the line and paragraph
 * separators, which end a header line in some mailers. A pasted value can carry them; they
 * are refused rather than removed, since what is removed is not what was typed.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Unicode's white space off both ends. Not String.prototype.trim, which also strips U+FEFF: that
 * one is invisible, and so refused rather than removed.
 */
const trimWhiteSpace = (value: string) => value.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');

/** NFKC, trimmed, without invisible characters: the form of an EDP-Kennung, and the start of every value. */
export function canonicalIdentifier(value: string): Canonical {
  const normalized = trimWhiteSpace(value.normalize('NFKC'));
  return INVISIBLE.test(normalized)
    ? { ok: false, reason: 'invisible-character' }
    : { ok: true, value: normalized };
}

/**
 * A local part in dot-atom form (RFC 5322 3.2.3, with RFC 6531's letters beyond ASCII): no quotes,
 * comments, brackets, commas or white space. A mailer takes `"a"@x`, `a(c)@x` or `a@x, b@y` as
 * other spellings of a mailbox, or as several, which would each get their own limit and lock.
 */
const DOT_ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;

/** A host name with a top-level domain, in ASCII; no IP literal, no single label. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * One e-mail address: canonicalIdentifier, then its domain (after the `@`) in lower case, in its
 * IDNA ASCII form and without a trailing dot, and no white space around the `@`. The local part is
 * kept as typed: only the mail server knows whether it tells case or `+tags` apart. Anything but
 * one mailbox, a dot-atom local part at a host name, is `not-a-mailbox`: a display name, a list,
 * a quoted or commented local part, an IP literal. A code goes to one mailbox, and `sub` names it.
 */
export function canonicalAddress(value: string): Canonical {
  const identifier = canonicalIdentifier(value);
  if (!identifier.ok) return identifier;
  const at = identifier.value.lastIndexOf('@');
  if (at < 0) return { ok: false, reason: 'not-a-mailbox' };
  const local = trimWhiteSpace(identifier.value.slice(0, at));
  // `example.de .` is no other host than `example.de`: dots and white space go from its end alike.
  const domain = identifier.value
    .slice(at + 1)
    .toLowerCase()
    .replace(/^\p{White_Space}+|[\p{White_Space}.]+$/gu, '');
  const ascii = asciiDomain(domain);
  return local.length <= 64 && DOT_ATOM.test(local) && HOST_NAME.test(ascii)
    ? { ok: true, value: `${local}@${ascii}` }
    : { ok: false, reason: 'not-a-mailbox' };
}

/**
 * The MWS's `email` field, which carries an address or an EDP-Kennung (resolved to its address by
 * the MWS): with an `@` it must be one mailbox, without one it is an identifier.
 */
export function canonicalMailField(value: string): Canonical {
  // After NFKC: a full-width `＠` or `﹫` is an `@` too, and must not make a list an identifier.
  const identifier = canonicalIdentifier(value);
  return identifier.ok && identifier.value.includes('@') ? canonicalAddress(value) : identifier;
}

/**
 * What a limit and a lock count by: a canonical value in lower case, and for an address its
 * mailbox, the local part without a `+tag`, so `victim+1@example.de` and `Victim@example.de`
 * share the limit of `victim@example.de`. Never what a code or token is issued for.
 */
export function limitKey(canonical: string): string {
  const lower = canonical.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}@${lower.slice(at + 1)}`;
}

/** The domain's IDNA ASCII form by the URL parser (UTS #46), which browsers and Node share. */
function asciiDomain(domain: string): string {
  if (domain === '' || /[\s/\\?#@:%[\]]/.test(domain)) return domain;
  try {
    // Its full stops (U+3002…) become dots here, so a trailing one goes only now.
    return new URL(`http://${domain}`).hostname.replace(/\.+$/, '');
  } catch {
    return domain;
  }
}
