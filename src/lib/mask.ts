import { isPlausibleE164 } from './phone-number.ts';

const HIDDEN = '•••';

/**
 * What the mail route sent to, an e-mail address or an EDP-Kennung: "max@example.de" →
 * "m•••@example.de"; anything without an "@" keeps only its ends.
 */
export function maskIdentifier(value: string): string {
  const at = value.lastIndexOf('@');
  if (at >= 0) return `${firstCharacters(value.slice(0, at), 1)}${HIDDEN}${value.slice(at)}`;

  // Code points, not UTF-16 units, so an emoji is never cut in half.
  const characters = Array.from(value);
  if (characters.length <= 6) return `${firstCharacters(value, 1)}${HIDDEN}`;
  return `${characters.slice(0, 2).join('')}${HIDDEN}${characters.slice(-2).join('')}`;
}

/** "+491712345678" → "+49 ••• •••78". */
export function maskPhone(e164: string): string {
  // Anything but a full E.164 number is hidden completely: on a short value the visible
  // head and tail would reveal most of it.
  if (!isPlausibleE164(e164)) return `${HIDDEN} ${HIDDEN}`;
  // The country code is 1 to 3 digits and cannot be told apart without a table, so the head is
  // always "+" and two digits: exactly "+49" for Germany, one national digit more for +1 or +7.
  return `${e164.slice(0, 3)} ${HIDDEN} ${HIDDEN}${e164.slice(-2)}`;
}

function firstCharacters(value: string, count: number): string {
  return Array.from(value).slice(0, count).join('');
}

/** How view 2 shows where a code went, by the kind of value it went to (login-methods.ts). */
export const MASKS = { identifier: maskIdentifier, phone: maskPhone } as const;

export type MaskKind = keyof typeof MASKS;
