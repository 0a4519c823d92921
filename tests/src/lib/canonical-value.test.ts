import { describe, expect, test } from 'vitest';
import {
  canonicalAddress,
  canonicalIdentifier,
  canonicalMailField,
  limitKey,
} from '../../../src/lib/canonical-value.ts';

/** The canonical value, or the reason there is none, as one string for the tables. */
const addressOf = (value: string) => {
  const canonical = canonicalAddress(value);
  return canonical.ok ? canonical.value : canonical.reason;
};

describe('canonicalAddress', () => {
  test.each([
    ['as typed', 'victim@example.de', 'victim@example.de'],
    ['fullwidth letters (NFKC)', 'ｖｉｃｔｉｍ@ｅｘａｍｐｌｅ.ｄｅ', 'victim@example.de'],
    ['a fullwidth at sign', 'victim＠example.de', 'victim@example.de'],
    ['a fullwidth dot', 'victim@example．de', 'victim@example.de'],
    ['an umlaut in the domain (IDNA)', 'erika@müller.de', 'erika@xn--mller-kva.de'],
    ['an upper-case umlaut domain', 'erika@MÜLLER.DE', 'erika@xn--mller-kva.de'],
    ['a domain already in its ASCII form', 'erika@xn--mller-kva.de', 'erika@xn--mller-kva.de'],
    ['an upper-case domain', 'victim@EXAMPLE.DE', 'victim@example.de'],
    ['a trailing dot', 'victim@example.de.', 'victim@example.de'],
    ['trailing dots', 'victim@example.de...', 'victim@example.de'],
    ['an ideographic full stop at the end', 'victim@example.de。', 'victim@example.de'],
    ['a trailing dot after a space', 'victim@example.de .', 'victim@example.de'],
    ['white space around the value', ' \tvictim@example.de \n', 'victim@example.de'],
    ['a no-break space before it', '\u00a0victim@example.de', 'victim@example.de'],
    ['white space around the at sign', 'victim @ example.de', 'victim@example.de'],
    ['an upper-case local part: kept, the mail server tells', 'Victim@example.de', 'Victim@example.de'],
    ['a +tag: kept, the mail server tells', 'victim+x@example.de', 'victim+x@example.de'],
    [
      'a decomposed umlaut in the local part (NFKC composes it)',
      'ju\u0308rgen@example.de',
      'jürgen@example.de',
    ],
    // Anything but one mailbox would reach another mailbox, or several, under keys of their own.
    ['a quoted local part', '"victim1"@example.de', 'not-a-mailbox'],
    ['two at signs, one quoted', '"a@b"@EXAMPLE.DE', 'not-a-mailbox'],
    ['a comment in the local part', 'victim1(c)@example.de', 'not-a-mailbox'],
    ['a display name', 'Victim <victim@example.de>', 'not-a-mailbox'],
    ['an address list', 'victim@example.de, attacker@evil.example', 'not-a-mailbox'],
    ['a list by semicolon', 'victim@example.de;attacker@evil.example', 'not-a-mailbox'],
    ['an IP literal', 'victim@[192.0.2.1]', 'not-a-mailbox'],
    ['an IP address as the domain', 'victim@192.0.2.1', 'not-a-mailbox'],
    ['a domain of one label', 'victim@localhost', 'not-a-mailbox'],
    ['two dots in the local part', 'vic..tim@example.de', 'not-a-mailbox'],
    ['a local part starting with a dot', '.victim@example.de', 'not-a-mailbox'],
    ['a local part of 65 characters', `${'v'.repeat(65)}@example.de`, 'not-a-mailbox'],
    ['a value without an at sign', 'Muster4711', 'not-a-mailbox'],
    ['a domain that is no host name', 'victim@Exa|mple.DE', 'not-a-mailbox'],
    ['a domain with a space inside', 'victim@exa mple.de', 'not-a-mailbox'],
    ['no domain at all', 'victim@', 'not-a-mailbox'],
    ['a local part of 64 characters', `${'v'.repeat(64)}@example.de`, `${'v'.repeat(64)}@example.de`],
    [
      "a local part with RFC 5322's other atom characters",
      "o'neil!#$%&*/=?^_`{|}~-@example.de",
      "o'neil!#$%&*/=?^_`{|}~-@example.de",
    ],
  ])('%s: %j → %j', (_case, value, expected) => {
    expect(addressOf(value)).toBe(expected);
  });

  test('gives the canonical value again for a canonical value', () => {
    for (const value of ['ｖｉｃｔｉｍ@ＥＸＡＭＰＬＥ.de.', 'erika@MÜLLER.DE', 'victim @ example.de .']) {
      const once = addressOf(value);
      expect(addressOf(once)).toBe(once);
    }
  });
});

/** Characters nobody sees, each at the places a paste or a crafted request puts them. */
const INVISIBLE = [
  ['U+200B zero width space', '\u200b'],
  ['U+200C zero width non-joiner', '\u200c'],
  ['U+200D zero width joiner', '\u200d'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF byte order mark', '\ufeff'],
  ['U+00AD soft hyphen', '\u00ad'],
  ['U+200E left-to-right mark', '\u200e'],
  ['U+200F right-to-left mark', '\u200f'],
  ['U+061C Arabic letter mark', '\u061c'],
  ['U+202A left-to-right embedding', '\u202a'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+0007 a control character', '\u0007'],
  ['U+FE0F a variation selector', '\ufe0f'],
  ['U+3164 the Hangul filler', '\u3164'],
  ['U+FFA0 the halfwidth Hangul filler', '\uffa0'],
  ['U+E0041 a tag character', '\u{e0041}'],
] as const;

const PLACES = [
  ['at the start', (c: string) => `${c}victim@example.de`],
  ['in the local part', (c: string) => `vic${c}tim@example.de`],
  ['before the at sign', (c: string) => `victim${c}@example.de`],
  ['in the domain', (c: string) => `victim@exam${c}ple.de`],
  ['at the end', (c: string) => `victim@example.de${c}`],
] as const;

describe("canonicalMailField, the MWS's email field", () => {
  test.each([
    ['an address', 'Victim@EXAMPLE.de.', 'Victim@example.de'],
    ['an EDP-Kennung', ' ＭＵＳＴＥＲ４７１１ ', 'MUSTER4711'],
    ['with an at sign, one mailbox or nothing', 'Victim <victim@example.de>', 'not-a-mailbox'],
    [
      'a list by full-width at signs, which NFKC makes @',
      'victim1＠example.de, attacker＠evil.example',
      'not-a-mailbox',
    ],
    ['a quoted local part at a small at sign', '"victim1"﹫example.de', 'not-a-mailbox'],
    ['one mailbox at a full-width at sign', 'victim1＠example.de.', 'victim1@example.de'],
    ['an EDP-Kennung with a line separator', 'EDP\u2028Bcc: x', 'invisible-character'],
    ['an EDP-Kennung with an invisible character', 'MUSTER\u200b4711', 'invisible-character'],
  ])('%s: %j → %j', (_case, value, expected) => {
    const canonical = canonicalMailField(value);
    expect(canonical.ok ? canonical.value : canonical.reason).toBe(expected);
  });
});

describe('invisible characters', () => {
  test.each(INVISIBLE.flatMap(([name, c]) => PLACES.map(([place, put]) => [name, place, put(c)] as const)))(
    'an address with %s %s is refused, not cleaned',
    (_name, _place, value) => {
      expect(canonicalAddress(value)).toEqual({ ok: false, reason: 'invisible-character' });
    },
  );

  test.each(INVISIBLE)('an EDP-Kennung with %s is refused', (_name, c) => {
    expect(canonicalIdentifier(`MUSTER${c}4711`)).toEqual({ ok: false, reason: 'invisible-character' });
    expect(canonicalIdentifier(`${c}MUSTER4711`)).toEqual({ ok: false, reason: 'invisible-character' });
  });
});

describe('canonicalIdentifier', () => {
  test.each([
    ['an EDP-Kennung as typed', 'MUSTER4711', 'MUSTER4711'],
    ['in fullwidth letters and digits', 'ＭＵＳＴＥＲ４７１１', 'MUSTER4711'],
    ['with white space around it', '  MUSTER4711\t', 'MUSTER4711'],
    // Its case is the MWS's to judge; only the limit key folds it (limitKey).
    ['in lower case: kept', 'muster4711', 'muster4711'],
    ['an address: NFKC only, the domain as typed', 'Victim@EXAMPLE.DE.', 'Victim@EXAMPLE.DE.'],
  ])('%s: %j → %j', (_case, value, expected) => {
    expect(canonicalIdentifier(value)).toEqual({ ok: true, value: expected });
  });
});

describe('limitKey', () => {
  test.each([
    ['a +tag is dropped', 'victim+x@example.de', 'victim@example.de'],
    ['everything after the first plus', 'victim+a+b@example.de', 'victim@example.de'],
    ['the local part in lower case', 'Victim@example.de', 'victim@example.de'],
    ['a local part that starts with a plus keeps it', '+x@example.de', '+x@example.de'],
    ['an EDP-Kennung in lower case', 'MUSTER4711', 'muster4711'],
    ['a plus in an EDP-Kennung stays', 'MUSTER+4711', 'muster+4711'],
  ])('%s: %j → %j', (_case, canonical, expected) => {
    expect(limitKey(canonical)).toBe(expected);
  });

  // The review's probe (issue 36): after 7 sends to victim1@example.de these sent again.
  test.each([
    'victim1@example.de.',
    'victim1@example.de..',
    'victim1+x@example.de',
    'Victim1@EXAMPLE.DE',
    'victim1@ｅｘａｍｐｌｅ.de',
    ' victim1@example.de ',
    'victim1 @example.de .',
  ])('%j counts as victim1@example.de', (value) => {
    expect(limitKey(addressOf(value))).toBe('victim1@example.de');
  });

  test('a +tag stays in what the code goes to, only the limit drops it', () => {
    const canonical = addressOf('Victim1+Shop@Example.de.');
    expect(canonical).toBe('Victim1+Shop@example.de');
    expect(limitKey(canonical)).toBe('victim1@example.de');
  });
});
