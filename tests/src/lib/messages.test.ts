import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { errorText, errorTexts, messages, VALUE_ERRORS } from '../../../src/lib/messages.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

const src = path.join(import.meta.dirname, '../../../src');
/** Words a German sentence of the page hardly does without, and no English identifier has. */
const GERMAN =
  /[äöüÄÖÜß„“]|\b(?:bitte|keine?|nicht|erhalten|versuche|erneut|zahlung\w*|anmeld\w*|fehler|betrag|warten|senden|ändern|wählen)\b/i;

/** Every string literal, template text and JSX text of a file, comments left out. */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/**
 * Where the page's texts live: messages.ts, which includes the first view's own module, and a
 * login method's own texts in its unit (its row and its name).
 */
const TEXT_FILES = [
  'lib/messages.ts',
  'lib/first-view-messages.ts',
  'app/login-methods.ts',
  'types/login-method.ts',
].map((file) => path.normalize(file));

// The preview is a development tool with its own German captions.
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('preview') && !TEXT_FILES.includes(file))
  .map((file) => path.join(src, file));

describe('messages.ts', () => {
  test('holds every German text of the page, with the first view’s and the login methods’ own: no other file of src/ has one', () => {
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) =>
      textsOf(file)
        .filter((text) => GERMAN.test(text))
        .map((text) => `${path.relative(src, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  test('the check would see one: its own texts are German', () => {
    expect(Object.values(errorTexts).every((text) => GERMAN.test(text))).toBe(true);
    expect(GERMAN.test(messages.paymentWithoutId)).toBe(true);
    expect(messages.chooseMethod).toBe(SPEC_TEXTS.chooseMethod);
  });
});

describe('errorText', () => {
  const NOW = Date.UTC(2026, 4, 12, 10, 0, 0);
  const MINUTE = 60_000;
  /** The clock time as the page shows it, in the zone the test runs in. */
  const clockOf = (time: number) =>
    new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }).format(time);

  test.each(['VL01', 'AL01', 'VM01', 'AM01'] as const)(
    'gives the fixed text of %s without an end',
    (code) => {
      expect(errorText(code, undefined, NOW)).toBe(errorTexts[code]);
    },
  );

  test('says when a lock ends, by the clock and in minutes', () => {
    const until = NOW + 15 * MINUTE;
    expect(errorText('VL01', until, NOW)).toBe(
      `Zu viele falsche Codes. Aus Sicherheitsgründen ist die Anmeldung bis ${clockOf(until)} Uhr (in 15 Minuten) gesperrt.`,
    );
    expect(errorText('VL01', until, NOW)).toMatch(/ bis \d{2}:\d{2} Uhr /);
  });

  test('says from when a new code may be asked for after a send limit', () => {
    const until = NOW + 15 * MINUTE;
    expect(errorText('AL01', until, NOW)).toBe(
      `Es wurden zu viele Codes angefordert. Ein neuer Code ist ab ${clockOf(until)} Uhr (in 15 Minuten) möglich.`,
    );
  });

  test.each([
    ['a minute and a second', MINUTE + 1_000, '2 Minuten'],
    ['exactly a minute', MINUTE, 'einer Minute'],
    ['a few seconds', 5_000, 'einer Minute'],
    ['an end already passed', -5_000, 'einer Minute'],
    ['an hour', 60 * MINUTE, '60 Minuten'],
  ])('rounds %s up to whole minutes: "in %s"', (_case, wait, minutes) => {
    expect(errorText('VL01', NOW + wait, NOW)).toContain(`(in ${minutes})`);
  });

  test.each(['VM01', 'VE01', 'AM01'] as const)('gives %s its fixed text even with an end', (code) => {
    expect(errorText(code, NOW + 15 * MINUTE, NOW)).toBe(errorTexts[code]);
  });

  // The spec's texts stay exactly as written; the page's own codes say what happened.
  test.each([
    ['VM01', SPEC_TEXTS.wrongCode],
    ['AN05', 'Diese Telefonnummer ist ungültig. Bitte prüfe die Ländervorwahl und die Nummer.'],
    [
      'AM03',
      'Die Eingabe enthält unsichtbare Zeichen, etwa aus einer kopierten Adresse. Bitte gib sie noch einmal von Hand ein.',
    ],
  ] as const)('%s reads %j', (code, text) => {
    expect(errorTexts[code]).toBe(text);
  });
});

describe('messages.resendIn', () => {
  // Seconds for the cooldown; minutes for a wait as long as a lock's.
  test.each([
    [30, 'Code erneut senden (30 s)'],
    [1, 'Code erneut senden (1 s)'],
    [90, 'Code erneut senden (90 s)'],
    [91, 'Code erneut senden (in 2 min)'],
    [900, 'Code erneut senden (in 15 min)'],
    [841, 'Code erneut senden (in 15 min)'],
  ])('names a wait of %i s as %j', (seconds, text) => {
    expect(messages.resendIn(seconds)).toBe(text);
  });
});

describe('VALUE_ERRORS', () => {
  // Only these say the value typed is wrong; a failure of the server or the network is not its fault.
  test('are the wrong code, the replaced code, the impossible phone number, invisible characters and no mailbox', () => {
    expect([...VALUE_ERRORS].sort()).toEqual(['AM03', 'AM04', 'AN05', 'VM01', 'VR01']);
  });
});
