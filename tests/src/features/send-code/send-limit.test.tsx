// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configRoute, json, mailSent, mockBackend, renderApp, testConfig } from '../../app/flow-harness.tsx';

// The MWS answers a send over its limits, or to a locked value, with HTTP 429
// (docs/backend-contract.md#limits): the page says so instead of inviting another try at once.

const MAIL = '/api/users/auth/mail';
const TOO_MANY_CODES = 'Es wurden zu viele Codes angefordert. Bitte versuche es später erneut.';
const GENERIC = 'Es ist ein Fehler aufgetreten! Bitte versuche es erneut.';
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
    expect(screen.queryByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeNull();
  });

  test('shows AL01 on the code view when “Code erneut senden” is refused', async () => {
    const backend = mockBackend({ [configRoute]: json(testConfig), [MAIL]: [mailSent(), limitReached()] });
    renderApp('?service=a-dok&method=mail');
    await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), 'max@example.de{Enter}');
    await screen.findByRole('heading', { name: 'Bestätigungscode eingeben' });
    // A reload after the cooldown: the resend button is ready at once.
    const key = 'login-gateway:progress:a-dok';
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(key, JSON.stringify({ ...stored, resendAt: Date.now() - 1 }));
    cleanup();
    renderApp('?service=a-dok');

    await userEvent.click(await screen.findByRole('button', { name: 'Code erneut senden' }));

    expect(await screen.findByText(TOO_MANY_CODES)).toHaveAttribute('data-error-code', 'AL01');
    expect(screen.getByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls(MAIL)).toHaveLength(2));
  });
});
