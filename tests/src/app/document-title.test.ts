// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { showDocumentTitle } from '../../../src/app/document-title.ts';
import type { View } from '../../../src/app/flow.ts';
import type { LoginMethod } from '../../../src/types/login-method.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

const SITE = 'A-Dok – Anmeldung';

beforeEach(() => {
  document.title = 'before';
});

describe('showDocumentTitle', () => {
  test.each<[View, LoginMethod | undefined, string]>([
    ['method', undefined, `${SPEC_TEXTS.chooseMethod} – A-Dok – Anmeldung`],
    ['send-code', 'mail', 'Mit E-Mail-Adresse anmelden – A-Dok – Anmeldung'],
    ['send-code', 'number', 'Mit Telefonnummer anmelden – A-Dok – Anmeldung'],
    ['send-code', 'edp', 'Mit EDP-Kennung anmelden – A-Dok – Anmeldung'],
    ['verify', 'mail', `${SPEC_TEXTS.enterCode} – A-Dok – Anmeldung`],
    ['payment', 'mail', `${SPEC_TEXTS.payTitle} – A-Dok – Anmeldung`],
    ['redirect', 'mail', `${SPEC_TEXTS.pleaseWait} – A-Dok – Anmeldung`],
  ])('names the view %s (%s) and the site', (view, method, title) => {
    showDocumentTitle(SITE, view, method);
    expect(document.title).toBe(title);
  });

  // GOV.UK's pattern: a screen reader says it first when the tab is found again.
  test('starts with „Fehler: “ while an error shows', () => {
    showDocumentTitle(SITE, 'verify', 'mail', true);
    expect(document.title).toBe(`Fehler: ${SPEC_TEXTS.enterCode} – A-Dok – Anmeldung`);
  });

  test.each<[string, View, LoginMethod | undefined]>([
    ['a stopped flow', 'stopped', 'mail'],
    ['view 1 without a method', 'send-code', undefined],
  ])('keeps the title it had for %s', (_case, view, method) => {
    showDocumentTitle(SITE, view, method, true);
    expect(document.title).toBe('before');
  });
});
