import { describe, expect, test } from 'vitest';
import { countryOf, valueKey } from '../../../tools/demo/send-limits.ts';

describe('countryOf', () => {
  // What the per-country SMS budget counts by: the region, or the calling code when it is none.
  test.each([
    ['+491712345678', 'DE'],
    ['+436641234567', 'AT'],
    ['+14155552671', 'US'],
    // One calling code, many countries: Jamaica's numbers are not the US's budget.
    ['+18765551234', 'JM'],
    ['+2431234567', 'CD'],
    // International services, no country: their calling code.
    ['+80012345678', '+800'],
    ['+88212345678', '+882'],
  ])('puts %s in %s', (number, country) => {
    expect(countryOf(number)).toBe(country);
  });
});

describe('valueKey', () => {
  test.each([
    ['victim@example.de', 'Victim@example.de'],
    ['victim@example.de', 'victim+x@example.de'],
    ['victim@example.de', 'VICTIM+Y@example.de'],
    ['EDP-1234567', 'edp-1234567'],
  ])('keeps %s and %s together', (a, b) => {
    expect(valueKey('mail', a)).toBe(valueKey('mail', b));
  });

  test('keeps mail and SMS apart, and other mailboxes', () => {
    expect(valueKey('mail', '+491712345678')).not.toBe(valueKey('sms', '+491712345678'));
    expect(valueKey('mail', 'victim@example.de')).not.toBe(valueKey('mail', 'victim2@example.de'));
  });
});
