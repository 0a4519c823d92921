// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  configRoute,
  json,
  mailSent,
  mockBackend,
  renderApp,
  testConfig,
  verified,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const INVISIBLE =
  'Die Eingabe enthält unsichtbare Zeichen, etwa aus einer kopierten Adresse. Bitte gib sie noch einmal von Hand ein.';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-dok';
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIELD = { mail: 'E-Mail-Adresse', edp: 'EDP-Kennung' } as const;

/** Types the value into view 1 and presses Enter, as a visitor does (or pastes: same events). */
async function submitValue(method: keyof typeof FIELD, value: string) {
  const view = renderApp(`?service=a-dok&method=${method}`);
  const input = await screen.findByLabelText(FIELD[method]);
  await userEvent.type(input, `${value}{Enter}`);
  return { ...view, input };
}

const codeView = () => screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
const shownSentTo = () => document.querySelector('strong.sent-to')?.textContent;

describe('the mail route sends the canonical value, checks the code for it and names it', () => {
  test.each([
    [
      'mail',
      'an umlaut domain in upper case with a trailing dot',
      '  Erika@MÜLLER.DE. ',
      'Erika@xn--mller-kva.de',
    ],
    ['mail', 'fullwidth letters', 'ｅｒｉｋａ@ｅｘａｍｐｌｅ.de', 'erika@example.de'],
    ['mail', 'a +tag, kept', 'erika+shop@Example.de', 'erika+shop@example.de'],
    ['edp', 'an EDP-Kennung in fullwidth', 'ＭＵＳＴＥＲ４７１１', 'MUSTER4711'],
  ] as const)(
    '%s, %s: the send and the check both get its canonical form',
    async (method, _case, typed, wire) => {
      const backend = mockBackend({
        [configRoute]: json(testConfig),
        [MAIL]: mailSent(),
        [VERIFY_MAIL]: verified('tok-1'),
      });
      const { navigate } = await submitValue(method, typed);

      await codeView();
      expect(backend.calls(MAIL).map((call) => call.form)).toEqual([{ email: wire, key: 'key-a-dok' }]);
      // View 2 names where the code went as the visitor typed it, not in punycode.
      expect(shownSentTo()).toBe(typed.trim());

      await userEvent.type(screen.getByLabelText('Bestätigungscode'), '123456');
      await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
      expect(backend.calls(VERIFY_MAIL).map((call) => call.form)).toEqual([{ email: wire, token: '123456' }]);
    },
  );

  test('after a reload on the code view the check still gets the canonical value', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified('tok-2'),
    });
    const first = await submitValue('mail', 'Erika@Müller.de.');
    await codeView();
    first.unmount();

    const { navigate } = renderApp('?service=a-dok&method=mail');
    await codeView();
    expect(shownSentTo()).toBe('Erika@Müller.de.');
    await userEvent.type(screen.getByLabelText('Bestätigungscode'), '654321');
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(MAIL)).toHaveLength(1);
    expect(backend.calls(VERIFY_MAIL).map((call) => call.form)).toEqual([
      { email: 'Erika@xn--mller-kva.de', token: '654321' },
    ]);
  });

  test('another spelling of the address within the cooldown returns to its code, sending none', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await submitValue('mail', 'erika@example.de');
    await codeView();
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    const input = await screen.findByLabelText('E-Mail-Adresse');
    await userEvent.clear(input);
    await userEvent.type(input, 'erika@EXAMPLE.de.{Enter}');

    await codeView();
    expect(shownSentTo()).toBe('erika@EXAMPLE.de.');
    expect(backend.calls(MAIL)).toHaveLength(1);
  });

  test('a resend from the code view goes to the canonical value, too', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    const first = await submitValue('mail', 'erika@MÜLLER.de');
    await codeView();
    first.unmount();
    // The cooldown has run out meanwhile.
    const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...stored, resendAt: Date.now() - 1 }));

    renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'Code erneut senden' }));
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
    expect(backend.calls(MAIL).map((call) => call.form.email)).toEqual([
      'erika@xn--mller-kva.de',
      'erika@xn--mller-kva.de',
    ]);
  });
});

describe('a value with characters nobody sees', () => {
  test.each([
    ['mail', 'a zero width space', 'victim\u200b@example.de'],
    ['mail', 'a zero width joiner', 'victim@exa\u200dmple.de'],
    ['mail', 'a byte order mark before it', '\ufeffvictim@example.de'],
    ['mail', 'a right-to-left override', 'victim@example.de\u202e'],
    ['edp', 'a zero width space', 'MUSTER\u200b4711'],
    ['edp', 'a left-to-right mark', 'MUSTER4711\u200e'],
  ] as const)(
    '%s with %s: AM03, said at once, the field marked, focus kept, nothing sent',
    async (method, _case, typed) => {
      const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
      const { input } = await submitValue(method, typed);

      const error = await screen.findByText(INVISIBLE);
      expect(error).toHaveAttribute('data-error-code', 'AM03');
      expect(error.closest('[aria-live="assertive"]')).toHaveAttribute('id', 'value-error');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAttribute('aria-describedby', 'value-error');
      expect(input).toHaveValue(typed);
      expect(input).toHaveFocus();
      expect(screen.getByRole('heading', { name: `Mit ${FIELD[method]} anmelden` })).toBeInTheDocument();
      expect(backend.calls(MAIL)).toEqual([]);
    },
  );

  test.each([
    ['a display name', 'Victim <victim@example.de>'],
    ['a list', 'victim@example.de, attacker@evil.example'],
    ['a quoted local part', '"victim"@example.de'],
    ['no domain', 'victim@example'],
    ['no at sign', 'victim.example.de'],
  ])('an address with %s: AM04, the field marked, focus kept, nothing sent', async (_case, typed) => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    const { input } = await submitValue('mail', typed);

    const error = await screen.findByText(
      'Bitte gib eine vollständige E-Mail-Adresse ein, etwa name@beispiel.de.',
    );
    expect(error).toHaveAttribute('data-error-code', 'AM04');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue(typed);
    expect(input).toHaveFocus();
    expect(backend.calls(MAIL)).toEqual([]);
  });

  test('typed again by hand, the value goes out and the error is gone', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    const { input } = await submitValue('mail', 'victim\u200b@example.de');
    await screen.findByText(INVISIBLE);

    await userEvent.clear(input);
    await userEvent.type(input, 'victim@example.de{Enter}');
    await codeView();
    expect(backend.calls(MAIL).map((call) => call.form.email)).toEqual(['victim@example.de']);
    expect(screen.queryByText(INVISIBLE)).not.toBeInTheDocument();
  });
});
