import { describe, expect, test } from 'vitest';
import { LOGIN_METHOD_RULES } from '../../../src/app/login-methods.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../../src/types/login-method.ts';

// What differs between the ways to sign in, read off the one table; the calls themselves are
// covered by the flow tests (mail-flow, phone-flow) and the request tests.

describe('LOGIN_METHOD_RULES', () => {
  test.each<[LoginMethod, string, string, string]>([
    ['mail', ' max@example.de ', '+49', 'max@example.de'],
    ['edp', ' EDP-4711 ', '+49', 'EDP-4711'],
    ['number', '0171 234 56 78', '+49', '+491712345678'],
    ['number', '0171 2345678', '+43', '+431712345678'],
  ])('%s: %j with the prefix %s goes to %j', (method, loginValue, countryPrefix, recipient) => {
    expect(LOGIN_METHOD_RULES[method].recipient(loginValue, countryPrefix)).toBe(recipient);
  });

  test.each<[LoginMethod, boolean, string]>([
    ['mail', false, 'mws-mail'],
    ['edp', false, 'mws-mail'],
    ['number', true, 'firebase'],
    ['number', false, 'mws-sms'],
  ])('%s sent via Firebase: %s is verified by %s', (method, sentViaFirebase, channel) => {
    expect(LOGIN_METHOD_RULES[method].channel(sentViaFirebase)).toBe(channel);
  });

  test('only the phone asks for a prefix and needs reCAPTCHA', () => {
    const needs = (field: 'countryPrefix' | 'captcha') =>
      LOGIN_METHODS.filter((method) => LOGIN_METHOD_RULES[method][field]);
    expect(needs('countryPrefix')).toEqual(['number']);
    expect(needs('captcha')).toEqual(['number']);
  });
});
