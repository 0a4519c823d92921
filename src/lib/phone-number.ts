export const DEFAULT_COUNTRY_PREFIX = '+49';

const SEPARATORS = /[\s\-/.()]/g;
// "+49 (0) 171 …" is the usual German way to write a number; the bracketed trunk zero is
// never dialled after the country code.
const BRACKETED_TRUNK_ZERO = /\(\s*0\s*\)/g;
const E164 = /^\+[1-9]\d{6,14}$/;

/** The number to send: country prefix and national number without separators or trunk zero. */
export function toE164(countryPrefix: string, nationalNumber: string): string {
  const national = nationalNumber.replace(BRACKETED_TRUNK_ZERO, '').replace(SEPARATORS, '');
  if (national.startsWith('+') || national.startsWith('00')) return `+${stripInternationalMark(national)}`;
  return `${normalisePrefix(countryPrefix)}${national.replace(/^0/, '')}`;
}

export function isPlausibleE164(value: string): boolean {
  return E164.test(value);
}

function normalisePrefix(countryPrefix: string): string {
  const digits = stripInternationalMark(countryPrefix.replace(SEPARATORS, ''));
  // A lone "+" would turn the national number into a plausible but wrong foreign number;
  // without it the result stays implausible and is refused.
  return digits === '' ? '' : `+${digits}`;
}

function stripInternationalMark(value: string): string {
  if (value.startsWith('+')) return value.slice(1);
  if (value.startsWith('00')) return value.slice(2);
  return value;
}
