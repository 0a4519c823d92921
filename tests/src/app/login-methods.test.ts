import { describe, expect, test } from 'vitest';
import { codeMethod, type CodeMethod, type LoadNeeded } from '../../../src/app/login-methods.ts';
import type { ServiceConfig } from '../../../src/features/config/api/get-config.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../../src/types/login-method.ts';

// What differs between the ways to sign in, read off the one table; the calls themselves are
// covered by the flow tests (mail-flow, phone-flow) and the request tests.

/** The spec's methods all send a code. */
function rulesOf(method: LoginMethod): CodeMethod {
  const rules = codeMethod(method);
  if (!rules) throw new Error(`${method} sends no code`);
  return rules;
}

describe('LOGIN_METHOD_RULES', () => {
  test.each<[LoginMethod, string, string, string]>([
    ['mail', ' max@example.de ', '+49', 'max@example.de'],
    ['mail', 'Max@MÜLLER.DE.', '+49', 'Max@xn--mller-kva.de'],
    ['mail', 'ｍａｘ@example.de', '+49', 'max@example.de'],
    ['edp', ' EDP-4711 ', '+49', 'EDP-4711'],
    ['edp', 'ＥＤＰ－４７１１', '+49', 'EDP-4711'],
    // An EDP-Kennung is no address: nothing after an `@` in it is taken for a domain.
    ['edp', 'EDP@4711.', '+49', 'EDP@4711.'],
    ['number', '0171 234 56 78', '+49', '+491712345678'],
    ['number', '0171 2345678', '+43', '+431712345678'],
  ])('%s: %j with the prefix %s goes to %j', (method, loginValue, countryPrefix, recipient) => {
    expect(rulesOf(method).recipient(loginValue, countryPrefix)).toBe(recipient);
  });

  test.each<[LoginMethod, boolean, string]>([
    ['mail', false, 'mws-mail'],
    ['edp', false, 'mws-mail'],
    ['number', true, 'firebase'],
    ['number', false, 'mws-sms'],
  ])('%s sent via Firebase: %s is verified by %s', (method, sentViaFirebase, channel) => {
    expect(rulesOf(method).channel(sentViaFirebase)).toBe(channel);
  });

  test.each<LoginMethod>(['mail', 'edp'])(
    '%s: a value with an invisible character is refused with AM03, before its chunk loads',
    async (method) => {
      const rules = rulesOf(method);
      const sentTo = rules.recipient('MAX\u200b@example.de', '+49');
      let loads = 0;
      const needed: LoadNeeded = () => {
        loads += 1;
        return Promise.reject(new Error('a chunk was loaded'));
      };
      const service = {} as ServiceConfig;
      await expect(rules.send({ service, sentTo, captchaContainer: null, needed })).resolves.toEqual({
        ok: false,
        code: 'AM03',
      });
      expect(loads).toBe(0);
    },
  );

  test('only the phone asks for a prefix and needs reCAPTCHA', () => {
    expect(LOGIN_METHODS.filter((method) => codeMethod(method)?.input.countryPrefix)).toEqual(['number']);
    expect(LOGIN_METHODS.filter((method) => codeMethod(method)?.captcha)).toEqual(['number']);
  });
});
