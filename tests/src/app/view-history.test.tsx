// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configRoute, json, mailSent, mockBackend, renderApp, testConfig } from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// Issue 34: each view is an entry of the browser's history, on the page's one URL, so Back
// returns to the view before and Forward follows; a reload of view 1 keeps what was typed.

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const ADDRESS = 'max@example.de';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';
const DRAFT_KEY = 'login-gateway:draft:a-dok';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-dok';
  // jsdom keeps one history for the file: each test starts from an entry of no view.
  history.replaceState(null, '');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const heading = (name: string) => screen.findByRole('heading', { name });
const entry = () => (history.state as { loginGateway?: unknown } | null)?.loginGateway;

async function enterMail(search = '?service=a-dok&method=mail') {
  const view = renderApp(search);
  await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
  await heading(SPEC_TEXTS.enterCode);
  return view;
}

describe('Back and Forward', () => {
  test('Back on view 2 returns to view 1 with the address; Forward returns to its code, sending none', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail();
    expect(entry()).toEqual({ view: 'verify', method: 'mail' });
    const at = window.location.href;

    history.back();
    expect(await heading('Mit E-Mail-Adresse anmelden')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue(ADDRESS);
    expect(entry()).toEqual({ view: 'send-code', method: 'mail' });
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();

    history.forward();
    expect(await heading(SPEC_TEXTS.enterCode)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS, { selector: 'strong.sent-to' })).toBeInTheDocument();
    expect(backend.calls(MAIL)).toHaveLength(1);
    // A reload here returns to this code view again.
    expect(JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null')).toMatchObject({ sentTo: ADDRESS });
    expect(window.location.href).toBe(at);
  });

  test('Back on view 1 returns to view 0 when the method was chosen there; Forward brings view 1 back', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse' }));
    expect(await heading('Mit E-Mail-Adresse anmelden')).toBeInTheDocument();

    history.back();
    expect(await heading(SPEC_TEXTS.chooseMethod)).toBeInTheDocument();
    expect(entry()).toEqual({ view: 'method', method: undefined });

    history.forward();
    expect(await heading('Mit E-Mail-Adresse anmelden')).toBeInTheDocument();
    expect(entry()).toEqual({ view: 'send-code', method: 'mail' });
  });

  test('a link that names the method starts the history with view 1, adding no entry for it', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const before = history.length;
    renderApp('?service=a-dok&method=mail');
    await heading('Mit E-Mail-Adresse anmelden');
    await waitFor(() => expect(entry()).toEqual({ view: 'send-code', method: 'mail' }));
    expect(history.length).toBe(before);
  });

  test('Back while a code is being sent keeps the view and its entry, and the code view follows', async () => {
    let release: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (release = resolve));
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: () => held });
    renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse' }));
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Bitte warten'));

    history.back();
    await waitFor(() => expect(entry()).toEqual({ view: 'send-code', method: 'mail' }));
    expect(screen.getByRole('heading', { name: 'Mit E-Mail-Adresse anmelden' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SPEC_TEXTS.chooseMethod })).toBeNull();

    release(mailSent());
    expect(await heading(SPEC_TEXTS.enterCode)).toBeInTheDocument();
  });

  test('Back to the code view while the value is locked keeps the lock in force', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: () =>
        new Response(JSON.stringify({ status: 'error', reason: 'locked', message: 'locked' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '900' },
        }),
    });
    await enterMail();
    await userEvent.type(screen.getByLabelText('Bestätigungscode'), '111111');
    await screen.findByText(/gesperrt\.$/);
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    await heading('Mit E-Mail-Adresse anmelden');

    history.back();
    expect(await heading(SPEC_TEXTS.enterCode)).toBeInTheDocument();
    expect(screen.getByText(/gesperrt\.$/)).toHaveAttribute('data-error-code', 'VL01');
    expect(screen.getByLabelText('Bestätigungscode')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: SPEC_TEXTS.verify })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(screen.getByLabelText('Bestätigungscode'), '123456');
    expect(backend.calls(VERIFY_MAIL)).toHaveLength(1);
  });

  test('an entry holds the view and method only, never a value, code or token', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    await enterMail();
    await userEvent.type(screen.getByLabelText('Bestätigungscode'), '123');
    expect(JSON.stringify(history.state)).not.toContain(ADDRESS);
    expect(JSON.stringify(history.state)).not.toContain('123');
    expect(history.state).toEqual({ loginGateway: { view: 'verify', method: 'mail' } });
  });
});

describe('a reload of view 1', () => {
  test('keeps the method chosen on view 0 and what was typed, the prefix too', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const first = renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'Telefonnummer' }));
    const prefix = await screen.findByLabelText('Ländervorwahl');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, '+43');
    await userEvent.type(screen.getByLabelText('Telefonnummer'), '0664 1234567');
    first.unmount();

    renderApp('?service=a-dok');
    expect(await screen.findByLabelText('Telefonnummer')).toHaveValue('0664 1234567');
    expect(screen.getByLabelText('Ländervorwahl')).toHaveValue('+43');
    expect(screen.getByRole('heading', { name: 'Mit Telefonnummer anmelden' })).toBeInTheDocument();
  });

  test('keeps the value over the method of the link', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const first = renderApp('?service=a-dok&method=edp');
    await userEvent.type(await screen.findByLabelText('EDP-Kennung'), 'MUSTER4711');
    first.unmount();

    renderApp('?service=a-dok&method=edp');
    expect(await screen.findByLabelText('EDP-Kennung')).toHaveValue('MUSTER4711');
  });

  test(`after „${SPEC_TEXTS.otherMethod}“ starts on view 0 again, with nothing kept`, async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    const first = renderApp('?service=a-dok');
    await userEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse' }));
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.otherMethod }));
    await heading(SPEC_TEXTS.chooseMethod);
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    first.unmount();

    renderApp('?service=a-dok');
    expect(await heading(SPEC_TEXTS.chooseMethod)).toBeInTheDocument();
  });
});
