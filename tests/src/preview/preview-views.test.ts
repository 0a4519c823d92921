import { describe, expect, test } from 'vitest';
import { previewFrameUrl, previewViews, readPreviewQuery } from '../../../src/preview/preview-views.ts';
import { LOGIN_METHODS } from '../../../src/types/login-method.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

/** The views of the spec's methods, and those that depend on none. */
const specViews = (service: string) =>
  previewViews(service).filter((view) => view.method === undefined || view.method in SPEC_TEXTS.methods);

describe('previewViews', () => {
  test('lists every view of a brand that cannot pay, each method where the view depends on it', () => {
    expect(specViews('a-dok').map((view) => view.key)).toEqual([
      'method',
      'send-code-mail',
      'send-code-number',
      'send-code-edp',
      'verify-mail',
      'verify-number',
      'verify-edp',
      'redirect',
    ]);
  });

  test("shows view 1 of every method of the product's list", () => {
    const keys = previewViews('a-dok').map((view) => view.key);
    for (const method of LOGIN_METHODS) expect(keys).toContain(`send-code-${method}`);
  });

  test('adds the payment for a brand that takes payments', () => {
    expect(previewViews('a-ident').map((view) => view.key)).toContain('payment');
  });

  test('names each view with its number from the spec, in German', () => {
    expect(specViews('a-ident').map((view) => view.label)).toEqual([
      `Ansicht 0: ${SPEC_TEXTS.chooseMethod}`,
      'Ansicht 1: Mit E-Mail-Adresse anmelden',
      'Ansicht 1: Mit Telefonnummer anmelden',
      'Ansicht 1: Mit EDP-Kennung anmelden',
      `Ansicht 2: ${SPEC_TEXTS.enterCode} (E-Mail-Adresse), mit Wartezeit und Fehler`,
      `Ansicht 2: ${SPEC_TEXTS.enterCode} (Telefonnummer), mit Wartezeit und Fehler`,
      `Ansicht 2: ${SPEC_TEXTS.enterCode} (EDP-Kennung), mit Wartezeit und Fehler`,
      'Ansicht 3: Zahlung',
      `Ansicht 4: ${SPEC_TEXTS.pleaseWait}`,
    ]);
  });
});

describe('readPreviewQuery', () => {
  test('without a view is the page of every view', () => {
    expect(readPreviewQuery('?service=a-dok')).toEqual({ page: 'sheet', service: 'a-dok' });
  });

  test('with a view and a scheme is one frame', () => {
    const query = readPreviewQuery('?service=a-dok&view=verify-number&scheme=dark');
    expect(query).toMatchObject({ page: 'frame', service: 'a-dok', scheme: 'dark' });
    expect(query.page === 'frame' && query.view).toMatchObject({ view: 'verify', method: 'number' });
  });

  test.each([
    ['no service', '', 'Die Adresse nennt keinen Dienst (?service=…).'],
    ['an empty service', '?service=', 'Die Adresse nennt keinen Dienst (?service=…).'],
    ['an unknown view', '?service=a-dok&view=admin&scheme=dark', 'Dieser Dienst hat keine Ansicht „admin“.'],
    [
      'the payment of a brand that cannot pay',
      '?service=a-dok&view=payment&scheme=light',
      'Dieser Dienst hat keine Ansicht „payment“.',
    ],
    [
      'a view without a scheme',
      '?service=a-dok&view=redirect',
      'Das Farbschema ist „light“ oder „dark“ (&scheme=…).',
    ],
    [
      'another scheme',
      '?service=a-dok&view=redirect&scheme=sepia',
      'Das Farbschema ist „light“ oder „dark“ (&scheme=…).',
    ],
    [
      'a prototype key as view',
      '?service=a-dok&view=__proto__&scheme=dark',
      'Dieser Dienst hat keine Ansicht „__proto__“.',
    ],
  ])('shows a message for %s', (_, search, problem) => {
    expect(readPreviewQuery(search)).toEqual({ page: 'unknown', problem });
  });
});

describe('previewFrameUrl', () => {
  test('is the page itself with the frame in the query, whatever query and hash the page had', () => {
    expect(
      previewFrameUrl(
        'http://a-dok.localhost:8080/preview.html?service=a-dok&x=1#top',
        'a-dok',
        'redirect',
        'dark',
      ),
    ).toBe('http://a-dok.localhost:8080/preview.html?service=a-dok&view=redirect&scheme=dark');
  });

  test('encodes what it is given', () => {
    expect(previewFrameUrl('http://localhost:8080/a-dok/preview.html', 'a&b', 'x y', 'light')).toBe(
      'http://localhost:8080/a-dok/preview.html?service=a%26b&view=x+y&scheme=light',
    );
  });
});
