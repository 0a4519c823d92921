// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { answer } from '../fetch-stub.ts';
import {
  configRoute,
  json,
  mailSent,
  mockBackend,
  renderApp,
  testConfig,
  verified,
  wrongCode,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// Issue 34: the code view says what happened and what to do next, and offers nothing that fails.

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const ADDRESS = 'max@example.de';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';
const SITE = 'A-Dok – Anmeldung';
const CODE_RESENT = 'Neuer Code gesendet. Ältere Codes gelten nicht mehr.';
const WAIT_OVER = 'Du kannst jetzt einen neuen Code anfordern.';
const EXPIRED =
  'Dieser Code ist nicht mehr gültig. Bitte fordere mit „Code erneut senden“ einen neuen Code an.';
const REPLACED =
  'Dieser Code wurde durch einen neueren ersetzt. Bitte gib den Code aus der zuletzt gesendeten Nachricht ein.';
const WRONG_CODE = SPEC_TEXTS.wrongCode;

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

/** The MWS's answer to a refused check (docs/backend-contract.md, refused codes). */
const refusedCode = (reason: string) => json({ status: 'error', reason, message: reason }, 400);

/** The MWS's lock: HTTP 429 on a check, with the seconds it lasts in Retry-After. */
const lockedFor = (seconds: number) => () =>
  new Response(JSON.stringify({ status: 'error', reason: 'locked', message: 'locked' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
  });

/** The clock time as the page shows it, in the zone the test runs in. */
const clockOf = (time: number) =>
  new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }).format(time);

const codeInput = () => screen.getByLabelText('Bestätigungscode');
const verifyButton = () => screen.getByRole('button', { name: SPEC_TEXTS.verify });
const statusRegion = () => screen.getByRole('status');

async function enterMail(search = '?service=a-dok&method=mail') {
  const view = renderApp(search);
  await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
  await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
  return view;
}

/** View 2 after a reload past the cooldown, so „Code erneut senden“ is ready at once. */
async function codeViewReadyToResend() {
  await enterMail();
  const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? '{}') as Record<string, unknown>;
  sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...stored, resendAt: Date.now() - 1 }));
  cleanup();
  renderApp('?service=a-dok');
  return screen.findByRole('button', { name: 'Code erneut senden' });
}

describe('a resend', () => {
  test('keeps focus on its button and announces the new code politely', async () => {
    let release: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (release = resolve));
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: [mailSent(), () => held] });
    const resend = await codeViewReadyToResend();
    expect(statusRegion()).toBeEmptyDOMElement();

    await userEvent.click(resend);
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
    // While it is on its way: busy, said once in the status region, and the button stays put.
    expect(statusRegion()).toHaveTextContent('Bitte warten');
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    expect(resend).toHaveFocus();
    await userEvent.click(resend);
    expect(backend.calls(MAIL)).toHaveLength(2);

    release(mailSent());
    await waitFor(() => expect(statusRegion()).toHaveTextContent(CODE_RESENT));
    expect(statusRegion()).toHaveAttribute('role', 'status');
    // The same button, never disabled or remounted: focus has not fallen to the page.
    expect(resend).toBeInTheDocument();
    expect(resend).toHaveFocus();
    expect(resend).not.toBeDisabled();
    await waitFor(() => expect(resend).toHaveAccessibleName(/^Code erneut senden \((30|29) s\)$/));
    expect(resend).toHaveAttribute('aria-disabled', 'true');
  });

  test('is ignored during the cooldown, which a keyboard user still finds by Tab', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail();
    const resend = screen.getByRole('button', { name: /^Code erneut senden \(\d+ s\)$/ });
    await userEvent.click(resend);
    await userEvent.keyboard('{Enter}');
    expect(backend.calls(MAIL)).toHaveLength(1);
    expect(statusRegion()).toBeEmptyDOMElement();

    verifyButton().focus();
    await userEvent.tab();
    expect(resend).toHaveFocus();
  });
});

describe('a lock the MWS says the end of (HTTP 429 with Retry-After)', () => {
  test('makes the code field and Verifizieren unavailable and says until when', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: lockedFor(900),
    });
    await enterMail();
    const before = Date.now();
    await userEvent.type(codeInput(), '111111');
    const error = await screen.findByText(/gesperrt\.$/);
    const after = Date.now();

    expect(error).toHaveAttribute('data-error-code', 'VL01');
    expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
    const clock = /bis (\d{2}:\d{2}) Uhr \(in 15 Minuten\) gesperrt\.$/.exec(error.textContent)?.[1];
    expect([clockOf(before + 900_000), clockOf(after + 900_000)]).toContain(clock);
    expect(error).toHaveTextContent(
      `Zu viele falsche Codes. Aus Sicherheitsgründen ist die Anmeldung bis ${clock} Uhr (in 15 Minuten) gesperrt.`,
    );

    // Unavailable, not disabled: still found and read, and nothing is checked or sent.
    expect(codeInput()).toHaveAttribute('aria-disabled', 'true');
    expect(codeInput()).toHaveAttribute('readonly');
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    expect(verifyButton()).toHaveAttribute('aria-disabled', 'true');
    // A send to a locked value would fail too: the resend waits for the lock, and says how long.
    expect(screen.getByRole('button', { name: /^Code erneut senden/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: /^Code erneut senden/ })).toHaveAccessibleName(
      'Code erneut senden (in 15 min)',
    );
    await userEvent.type(codeInput(), '123456');
    await userEvent.click(verifyButton());
    await userEvent.click(screen.getByRole('button', { name: /^Code erneut senden/ }));
    expect(backend.calls(VERIFY_MAIL)).toHaveLength(1);
    expect(backend.calls(MAIL)).toHaveLength(1);
  });

  test('holds a send to the value on view 1 too, and leaves another value free', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: lockedFor(900),
    });
    await enterMail();
    await userEvent.type(codeInput(), '111111');
    await screen.findByText(/gesperrt\.$/);

    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    const input = await screen.findByLabelText('E-Mail-Adresse');
    // The lock is still said where a send to the value waits for it.
    expect(screen.getByText(/gesperrt\.$/)).toHaveAttribute('data-error-code', 'VL01');
    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.signIn }));
    expect(backend.calls(MAIL)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, 'erika@example.de{Enter}');
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
    expect(backend.calls(MAIL)[1]?.form).toMatchObject({ email: 'erika@example.de' });
  });

  // Timers run on a clock of their own; Date.now() is the wall clock, which the system may set a
  // moment forward or back (NTP) during a 15-minute wait, and which Node already reads a
  // millisecond behind a timer now and then. The lock must end either way.
  test.each([
    ['set a moment forward', 50],
    ['set a moment back', -50],
  ])(
    'when it ends (the wall clock %s meanwhile), the view says a new code may be asked for, and the field takes a code again',
    async (_case, offset) => {
      const backend = mockBackend({
        [configRoute]: json(testConfig),
        [MAIL]: mailSent(),
        [VERIFY_MAIL]: [lockedFor(1), verified('tok-1')],
      });
      const { navigate } = await enterMail();
      await userEvent.type(codeInput(), '111111');
      await screen.findByText(/gesperrt\.$/);
      const wallClock = Date.now.bind(Date);
      vi.spyOn(Date, 'now').mockImplementation(() => wallClock() + offset);

      await waitFor(() => expect(statusRegion()).toHaveTextContent(WAIT_OVER), { timeout: 10_000 });
      expect(screen.queryByText(/gesperrt\.$/)).toBeNull();
      expect(codeInput()).not.toHaveAttribute('aria-disabled');
      expect(codeInput()).not.toHaveAttribute('readonly');
      expect(verifyButton()).not.toHaveAttribute('aria-disabled');
      await userEvent.type(codeInput(), '222222');
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=tok-1'));
      expect(backend.calls(VERIFY_MAIL)).toHaveLength(2);
    },
  );
});

describe('a refused code says why', () => {
  test.each([
    ['expired', 'VE01', false, EXPIRED],
    ['used', 'VE01', false, EXPIRED],
    ['unknown', 'VE01', false, EXPIRED],
    ['replaced', 'VR01', true, REPLACED],
    ['wrong', 'VM01', true, WRONG_CODE],
  ])(
    'reason %j shows %s, clears the code, marks the field wrong: %s',
    async (reason, code, invalid, text) => {
      mockBackend({
        [configRoute]: json(testConfig),
        [MAIL]: mailSent(),
        [VERIFY_MAIL]: refusedCode(reason),
      });
      await enterMail();
      await userEvent.type(codeInput(), '123456');

      const error = await screen.findByText(text);
      expect(error).toHaveAttribute('data-error-code', code);
      expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
      expect(codeInput()).toHaveValue('');
      if (invalid) expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
      else expect(codeInput()).not.toHaveAttribute('aria-invalid');
      // None of these locks anything: the next code can be typed and checked.
      expect(codeInput()).not.toHaveAttribute('aria-disabled');
    },
  );
});

describe('a check in flight', () => {
  test('is announced as „Bitte warten“, with Verifizieren and „ändern“ unavailable', async () => {
    let release: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (release = resolve));
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent(), [VERIFY_MAIL]: () => held });
    await enterMail();
    await userEvent.type(codeInput(), '123456');

    await waitFor(() => expect(statusRegion()).toHaveTextContent('Bitte warten'));
    expect(verifyButton()).toHaveAttribute('aria-disabled', 'true');
    expect(verifyButton()).toHaveAccessibleName(SPEC_TEXTS.verify);
    const change = screen.getByRole('button', { name: 'E-Mail-Adresse ändern' });
    expect(change).toHaveAttribute('aria-disabled', 'true');
    expect(change).not.toBeDisabled();
    await userEvent.click(change);
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();

    release(wrongCode());
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    expect(statusRegion()).toBeEmptyDOMElement();
    expect(verifyButton()).not.toHaveAttribute('aria-disabled');
  });
});

describe('the document title', () => {
  test('names the view and the brand, and starts with „Fehler: “ while an error shows', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent(), [VERIFY_MAIL]: wrongCode() });
    renderApp('?service=a-dok&method=mail');
    await screen.findByLabelText('E-Mail-Adresse');
    await waitFor(() => expect(document.title).toBe(`Mit E-Mail-Adresse anmelden – ${SITE}`));

    await userEvent.type(screen.getByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
    await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
    await waitFor(() => expect(document.title).toBe(`${SPEC_TEXTS.enterCode} – ${SITE}`));

    await userEvent.type(codeInput(), '111111');
    await screen.findByText(WRONG_CODE);
    await waitFor(() => expect(document.title).toBe(`Fehler: ${SPEC_TEXTS.enterCode} – ${SITE}`));

    await userEvent.type(codeInput(), '2');
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    await waitFor(() => expect(document.title).toBe(`Mit E-Mail-Adresse anmelden – ${SITE}`));
  });

  test('says „Fehler: “ on view 1 for a failed send', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: answer('', 503) });
    renderApp('?service=a-dok&method=mail');
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
    await screen.findByText(SPEC_TEXTS.tryAgain);
    await waitFor(() => expect(document.title).toBe(`Fehler: Mit E-Mail-Adresse anmelden – ${SITE}`));
  });
});

describe('Anmelden again on view 1', () => {
  test('for the value whose code was just sent returns to that code, sending none', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail();
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    await userEvent.click(await screen.findByRole('button', { name: SPEC_TEXTS.signIn }));

    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
    expect(screen.getByText(ADDRESS, { selector: 'strong.sent-to' })).toBeInTheDocument();
    expect(backend.calls(MAIL)).toHaveLength(1);
    // A reload from here returns to this code view.
    expect(JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null')).toMatchObject({ sentTo: ADDRESS });
  });

  // A code went to max@…; the send to erika@… failed, and „Bitte versuche es erneut“ says to try
  // again. Anmelden must try again, not show a code view for erika@…, which got no code.
  test('after a failed send to another value tries that send again, and never says a code went there', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: [mailSent(), 'network-error'],
    });
    await enterMail();
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    const input = await screen.findByLabelText('E-Mail-Adresse');
    await userEvent.clear(input);
    await userEvent.type(input, 'erika@example.de{Enter}');
    await screen.findByText(SPEC_TEXTS.tryAgain);

    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.signIn }));
    expect(screen.queryByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeNull();
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(3));
    expect(backend.calls(MAIL)[2]?.form).toMatchObject({ email: 'erika@example.de' });
    expect(await screen.findByText(SPEC_TEXTS.tryAgain)).toBeInTheDocument();
    expect(screen.queryByText('erika@example.de', { selector: 'strong.sent-to' })).toBeNull();
  });
});
