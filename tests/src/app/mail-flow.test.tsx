// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
  wrongCode,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const GENERIC = SPEC_TEXTS.tryAgain;
const WRONG_CODE = SPEC_TEXTS.wrongCode;
/** VL01 without an end the page can read (no Retry-After). */
const LOCKED_OUT = 'Zu viele Versuche. Bitte warte einige Minuten und versuche es dann erneut.';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';
const DRAFT_KEY = 'login-gateway:draft:a-dok';

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

async function enterMail(value = 'max@example.de', search = '?service=a-dok&method=mail') {
  const view = renderApp(search);
  const input = await screen.findByLabelText('E-Mail-Adresse');
  await userEvent.type(input, `${value}{Enter}`);
  return view;
}

const codeInput = () => screen.getByLabelText('Bestätigungscode');
/** Where view 2 says the code went: the value as the page sent it, in full. */
const sentTo = (value: string) => screen.getByText(value, { selector: 'strong.sent-to' });
const codeHint = () => document.getElementById('code-hint');

describe('signing in by e-mail', () => {
  test('sends the code, verifies it once on the sixth digit and redirects with the token', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified('tok-1'),
    });
    const { navigate } = await enterMail('  max@example.de ');

    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
    expect(backend.calls(MAIL)).toEqual([
      expect.objectContaining({
        url: 'https://mws.example/api/users/auth/mail',
        method: 'POST',
        form: { email: 'max@example.de', key: 'key-a-dok' },
      }),
    ]);
    expect(sentTo('max@example.de')).toBeInTheDocument();
    expect(codeHint()).toHaveTextContent(
      'Wir haben einen 6-stelligen Code an max@example.de gesendet. Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.',
    );
    expect(codeInput()).toHaveAttribute('aria-describedby', expect.stringContaining('code-hint') as string);

    await userEvent.type(codeInput(), '123456');
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(backend.calls(VERIFY_MAIL)).toEqual([
      expect.objectContaining({ form: { email: 'max@example.de', token: '123456' } }),
    ]);
    expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=tok-1');
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.pleaseWait })).toHaveFocus();
    expect(sessionStorage.length).toBe(0);
  });

  test('redirects to the service redirectUrl when it has one, keeping its query', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent(), [VERIFY_MAIL]: verified('tok-2') });
    const { navigate } = await enterMail('max@example.de', '?service=wdpall&method=mail');
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '654321');
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://wdpall.example/start?from=login&idtoken=tok-2'),
    );
  });

  test('an EDP-Kennung goes through the mail calls, in the email field', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified(),
    });
    renderApp('?service=a-dok&method=edp');
    await userEvent.type(await screen.findByLabelText('EDP-Kennung'), 'EDP123456{Enter}');
    await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
    expect(backend.calls(MAIL)[0]?.form).toEqual({ email: 'EDP123456', key: 'key-a-dok' });
    // The page does not know the address behind an EDP-Kennung: it says where the code went.
    expect(sentTo('EDP123456')).toBeInTheDocument();
    expect(codeHint()).toHaveTextContent(
      'Wir haben einen 6-stelligen Code an die E-Mail-Adresse gesendet, die für die EDP-Kennung EDP123456 hinterlegt ist. Der Code ist 10 Minuten gültig. Keine E-Mail erhalten? Sieh bitte auch im Spam-Ordner nach.',
    );
  });

  test('does nothing for a value of five characters or fewer', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail('a@b.d');
    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.signIn }));
    expect(backend.calls(MAIL)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Mit E-Mail-Adresse anmelden' })).toBeInTheDocument();
  });

  test('sends once for a double click and for Enter plus click, and shows it is busy', async () => {
    let release: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: () => pending });
    renderApp('?service=a-dok&method=mail');
    const input = await screen.findByLabelText('E-Mail-Adresse');
    await userEvent.type(input, 'max@example.de');
    const button = screen.getByRole('button', { name: SPEC_TEXTS.signIn });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    // Said once, politely, in the view's status region; the button keeps its name.
    expect(screen.getByRole('status')).toHaveTextContent('Bitte warten');
    expect(button).toHaveAccessibleName(SPEC_TEXTS.signIn);
    expect(screen.getByRole('button', { name: SPEC_TEXTS.otherMethod })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(backend.calls(MAIL)).toHaveLength(1);
    release(mailSent());
    await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
    expect(backend.calls(MAIL)).toHaveLength(1);
  });
});

describe('errors of the mail path', () => {
  test.each([
    ['AM01', 'a network failure', 'network-error' as const],
    ['AM02', 'a rejection', json({ status: 400, message: 'invalid email' }, 400)],
    ['AM02', 'an answer that is not "mail sent"', json({ status: 200, message: 'queued' })],
    ['AM02', 'a malformed answer', new Response('<html>oops</html>', { status: 200 })],
    ['AM02', 'a server error', json({ status: 500, message: 'mail sent' }, 500)],
  ])(
    '%s for %s: the generic text, announced, and the value kept, not marked wrong',
    async (code, _case, answer) => {
      mockBackend({ [configRoute]: json(testConfig), [MAIL]: answer });
      await enterMail();
      const error = await screen.findByText(GENERIC);
      expect(error).toHaveAttribute('data-error-code', code);
      expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
      expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('max@example.de');
      // A failure of the server or the network is not the address's fault (issue 34).
      expect(screen.getByLabelText('E-Mail-Adresse')).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-describedby', 'value-error');
    },
  );

  test('VM01 for a wrong code: the spec text, the code cleared, the address kept', async () => {
    mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: [wrongCode(), verified('t')],
    });
    const { navigate } = await enterMail();
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '111111');
    const error = await screen.findByText(WRONG_CODE);
    expect(error).toHaveAttribute('data-error-code', 'VM01');
    expect(codeInput()).toHaveValue('');
    // A wrong code is the one error that says the field's value is wrong.
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo('max@example.de')).toBeInTheDocument();
    await userEvent.type(codeInput(), '222222');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=t'));
  });

  test('VL01 for the backend’s lockout (HTTP 429) without Retry-After: its own text, not VM01’s, announced, the code cleared', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: json({ status: 'error', message: 'too many wrong attempts' }, 429),
    });
    const { navigate } = await enterMail();
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '111111');
    const error = await screen.findByText(LOCKED_OUT);
    expect(error).toHaveAttribute('data-error-code', 'VL01');
    expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    // Without an end the page can read, nothing is locked on the page: the MWS still refuses.
    expect(codeInput()).not.toHaveAttribute('aria-disabled');
    expect(sentTo('max@example.de')).toBeInTheDocument();
    expect(backend.calls(VERIFY_MAIL)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  test.each([
    ['a network failure', 'network-error' as const],
    ['a server error', json({}, 503)],
    ['an ok without token', json({ status: 'ok' })],
  ])('VM02 for %s while verifying', async (_case, answer) => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent(), [VERIFY_MAIL]: answer });
    await enterMail();
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '123456');
    expect(await screen.findByText(GENERIC)).toHaveAttribute('data-error-code', 'VM02');
  });

  test('an unsafe redirect address stops the flow without navigating', async () => {
    const unsafe = {
      services: {
        'a-dok': { ...testConfig.services['a-dok'], redirectUrl: 'https://user:pw@evil.example/' },
      },
    };
    mockBackend({ [configRoute]: json(unsafe), [MAIL]: mailSent(), [VERIFY_MAIL]: verified() });
    const { container, navigate } = renderApp('?service=a-dok&method=mail');
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('view 2', () => {
  test('goes back to change the address, keeping it in the field', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail();
    await userEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse ändern' }));
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('max@example.de');
    // The code view's progress is gone; what view 1 holds is kept for a reload of view 1.
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null')).toMatchObject({
      method: 'mail',
      loginValue: 'max@example.de',
    });
  });

  test('offers a new code only after the 30 s cooldown, which survives a reload', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    const first = await enterMail();
    const resend = await screen.findByRole('button', { name: /^Code erneut senden \((30|29) s\)$/ });
    // Unavailable but still in the Tab order, so a keyboard user finds it and hears the time left.
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    expect(resend).not.toBeDisabled();
    await userEvent.click(resend);
    expect(backend.calls(MAIL)).toHaveLength(1);

    first.unmount();
    renderApp('?service=a-dok&method=mail');
    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
    expect(sentTo('max@example.de')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Code erneut senden \(\d+ s\)$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    const stored = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored)).not.toContain('code');
    expect(Object.keys(stored)).not.toContain('token');
    sessionStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...stored, resendAt: Date.now() - 1 }));

    cleanup();
    renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'Code erneut senden' }));
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
    expect(backend.calls(MAIL)[1]?.form).toEqual({ email: 'max@example.de', key: 'key-a-dok' });
  });
});
