// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configRoute, json, mailSent, mockBackend, renderApp, testConfig } from '../../app/flow-harness.tsx';
import { SPEC_TEXTS } from '../../../spec-texts.ts';

// The MWS answers a send over its limits, or to a locked value, with HTTP 429
// (docs/backend-contract.md#limits): the page says so instead of inviting another try at once.

const MAIL = '/api/users/auth/mail';
const TOO_MANY_CODES = 'Es wurden zu viele Codes angefordert. Bitte versuche es später erneut.';
const GENERIC = SPEC_TEXTS.tryAgain;
const limitReached = () => json({ status: 429, message: 'too many codes sent to this value' }, 429);

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

describe('a send the MWS refuses for its limits (HTTP 429)', () => {
  test.each([
    ['mail', 'E-Mail-Adresse', 'max@example.de'],
    ['edp', 'EDP-Kennung', 'EDP-4711'],
  ])('shows AL01 on view 1 for %s, announced, and keeps the value', async (method, label, value) => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: limitReached() });
    renderApp(`?service=a-dok&method=${method}`);
    const input = await screen.findByLabelText(label);
    await userEvent.type(input, `${value}{Enter}`);

    const error = await screen.findByText(TOO_MANY_CODES);
    expect(error).toHaveAttribute('data-error-code', 'AL01');
    expect(error.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(screen.queryByText(GENERIC)).toBeNull();
    expect(input).toHaveValue(value);
    // A limit of the server is not the value's fault (issue 34).
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeNull();
  });

  /** The clock time as the page shows it, in the zone the test runs in. */
  const clockOf = (time: number) =>
    new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' }).format(time);
  const refused = (reason: string) => () =>
    new Response(JSON.stringify({ status: 429, reason, message: reason }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '600' },
    });

  test.each([
    ['value-limit', 'AL01', 'Es wurden zu viele Codes angefordert. Ein neuer Code ist ab', 'möglich.'],
    ['locked', 'VL01', 'Zu viele falsche Codes. Aus Sicherheitsgründen ist die Anmeldung bis', 'gesperrt.'],
  ])(
    'a send refused with the reason %j shows %s with its end, and holds Anmelden until then',
    async (reason, code, start, end) => {
      const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: refused(reason) });
      renderApp('?service=a-dok&method=mail');
      const input = await screen.findByLabelText('E-Mail-Adresse');
      const before = Date.now();
      await userEvent.type(input, 'max@example.de{Enter}');
      const error = await screen.findByText(new RegExp(`^${start}`));
      const after = Date.now();

      expect(error).toHaveAttribute('data-error-code', code);
      const clock = / (\d{2}:\d{2}) Uhr \(in 10 Minuten\) /.exec(error.textContent)?.[1];
      expect([clockOf(before + 600_000), clockOf(after + 600_000)]).toContain(clock);
      expect(error).toHaveTextContent(`${start} ${clock} Uhr (in 10 Minuten) ${end}`);
      expect(input).not.toHaveAttribute('aria-invalid');

      await userEvent.click(screen.getByRole('button', { name: SPEC_TEXTS.signIn }));
      expect(backend.calls(MAIL)).toHaveLength(1);
      expect(error).toBeInTheDocument();
    },
  );

  test('shows AL01 on the code view when “Code erneut senden” is refused', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: [mailSent(), limitReached()] });
    renderApp('?service=a-dok&method=mail');
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
    await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode });
    // A reload after the cooldown: the resend button is ready at once.
    const key = 'login-gateway:progress:a-dok';
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(key, JSON.stringify({ ...stored, resendAt: Date.now() - 1 }));
    cleanup();
    renderApp('?service=a-dok');

    await userEvent.click(await screen.findByRole('button', { name: 'Code erneut senden' }));

    expect(await screen.findByText(TOO_MANY_CODES)).toHaveAttribute('data-error-code', 'AL01');
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
  });
});
