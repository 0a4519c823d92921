// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RELOAD_KEY } from '../../../src/app/chunk-recovery.ts';
import {
  PAGE,
  configRoute,
  handedOverNothing,
  json,
  mailSent,
  mockBackend,
  testConfig,
  verified,
} from './flow-harness.tsx';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// jsdom cannot reload a page, and its location cannot be replaced: the page's recovery reloads
// through this stand-in, with its guard, storage and callbacks as the page has them.
const reload = vi.hoisted(() => vi.fn<() => void>());
vi.mock('../../../src/app/chunk-recovery.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/app/chunk-recovery.ts')>();
  return { ...actual, chunkRecovery: actual.createChunkRecovery({ sessionStorage, location: { reload } }) };
});

const MAIL = '/api/users/auth/mail';
const VERIFY_MAIL = '/api/users/verify/mail';
const ADDRESS = 'max@example.de';
const LOAD_FAILED = 'Die Seite konnte nicht vollständig geladen werden. Bitte lade die Seite neu.';
const PROGRESS_KEY = 'login-gateway:progress:a-dok';
const DRAFT_KEY = 'login-gateway:draft:a-dok';
/** What the browser says when a chunk of the release before is gone from the host. */
const missing = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/verify-view-Old1.js');

let lazySteps: typeof import('../../../src/app/lazy-steps.ts');
let App: typeof import('../../../src/app/app.tsx').App;

/**
 * The page's modules anew, as a new document gets them: React.lazy keeps a view whose load never
 * settled (the recovery's reload) pending for good, in this test and the next.
 */
async function loadPage() {
  vi.resetModules();
  lazySteps = await import('../../../src/app/lazy-steps.ts');
  ({ App } = await import('../../../src/app/app.tsx'));
}

function renderApp(search: string) {
  const navigate = vi.fn<(url: string) => void>();
  render(<App pageUrl={new URL(search, PAGE)} navigate={navigate} handedOver={handedOverNothing} />);
  return { navigate };
}

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.documentElement.dataset.brand = 'a-dok';
  await loadPage();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  reload.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stored = (key: string): unknown => JSON.parse(sessionStorage.getItem(key) ?? 'null');

/** Signs in by e-mail up to the moment the code has gone out. */
async function sendMailCode(search = '?service=a-dok&method=mail') {
  const view = renderApp(search);
  await userEvent.type(await screen.findByLabelText('E-Mail-Adresse'), `${ADDRESS}{Enter}`);
  return view;
}

/** As after a reload the recovery made: the reload is noted, so the page may not make another. */
const justReloaded = () => sessionStorage.setItem(RELOAD_KEY, String(Date.now()));

describe('the code view’s chunk is gone from the host (a page opened before a release)', () => {
  test('the page reloads once, with the sent code’s progress and the typed value kept, and shows the spinner meanwhile', async () => {
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    // The browser keeps the failure: the prefetch and the load the view needs fail alike.
    vi.spyOn(lazySteps, 'loadVerifyView').mockRejectedValue(missing());
    await sendMailCode();

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(stored(PROGRESS_KEY)).toMatchObject({ method: 'mail', sentTo: ADDRESS });
    expect(stored(DRAFT_KEY)).toMatchObject({ method: 'mail', loginValue: ADDRESS, countryPrefix: '+49' });
    expect(Number(sessionStorage.getItem(RELOAD_KEY))).toBeGreaterThan(0);
    expect(screen.getByRole('status')).toHaveTextContent('Bitte warten');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('after that reload the visitor is on the code view, and the code sent before signs them in', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified('tok-1'),
    });
    vi.spyOn(lazySteps, 'loadVerifyView').mockRejectedValue(missing());
    await sendMailCode();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // The reload: a new document with the current release's modules, and the same tab's storage.
    cleanup();
    await loadPage();
    const { navigate } = renderApp('?service=a-dok&method=mail');

    expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
    expect(screen.getByText(ADDRESS, { selector: 'strong.sent-to' })).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://a-dok.example/start?idtoken=tok-1'));
    expect(backend.calls(MAIL)).toHaveLength(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('when it fails again right after that reload, the page says so with a reload button instead of an empty card', async () => {
    justReloaded();
    mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
    vi.spyOn(lazySteps, 'loadVerifyView').mockRejectedValue(missing());
    await sendMailCode();

    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Seite neu laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored(DRAFT_KEY)).toMatchObject({ method: 'mail', loginValue: ADDRESS });
  });
});

test('a prefetch that fails while the visitor types is ignored: no reload, and the view loads when needed', async () => {
  mockBackend({ [configRoute]: json(testConfig), [MAIL]: mailSent() });
  const loadVerifyView = vi.spyOn(lazySteps, 'loadVerifyView').mockRejectedValueOnce(missing());
  renderApp('?service=a-dok&method=mail');
  const input = await screen.findByLabelText('E-Mail-Adresse');
  await waitFor(() => expect(loadVerifyView).toHaveBeenCalledTimes(1));
  await expect(loadVerifyView.mock.results[0]?.value).rejects.toThrow();

  await userEvent.type(input, `${ADDRESS}{Enter}`);
  expect(await screen.findByRole('heading', { name: SPEC_TEXTS.enterCode })).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
});

describe('a chunk a step loads when the visitor acts', () => {
  test('Firebase’s, for a phone number: the reload keeps the number and its prefix, and brings view 1 back with them', async () => {
    mockBackend({ [configRoute]: json(testConfig) });
    vi.spyOn(lazySteps, 'loadSendPhoneCode').mockRejectedValue(missing());
    renderApp('?service=a-dok&method=number');
    const prefix = await screen.findByLabelText('Ländervorwahl');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, '+43');
    await userEvent.type(screen.getByLabelText('Telefonnummer'), '0664 1234567{Enter}');

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();
    cleanup();
    await loadPage();
    renderApp('?service=a-dok&method=mail');
    expect(await screen.findByLabelText('Telefonnummer')).toHaveValue('0664 1234567');
    expect(screen.getByLabelText('Ländervorwahl')).toHaveValue('+43');
    // Taken once, and saved again by view 1 for the visitor's own reload: by an effect, which a
    // busy machine may run after the field is found.
    await waitFor(() =>
      expect(stored(DRAFT_KEY)).toEqual({
        method: 'number',
        loginValue: '0664 1234567',
        countryPrefix: '+43',
        savedAt: expect.any(Number) as number,
      }),
    );
  });

  test('the MWS verification’s, failing again after the reload: the page says so, no VM02 to try again with', async () => {
    justReloaded();
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified(),
    });
    vi.spyOn(lazySteps, 'loadVerifyStep').mockRejectedValue(missing());
    await sendMailCode();
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '123456');

    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    expect(screen.queryByText(/Es ist ein Fehler aufgetreten/)).toBeNull();
    expect(backend.calls(VERIFY_MAIL)).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  test('the wait view’s, after the code was accepted: the token is not kept, so the reload brings view 1 back with the address typed', async () => {
    const backend = mockBackend({
      [configRoute]: json(testConfig),
      [MAIL]: mailSent(),
      [VERIFY_MAIL]: verified(),
    });
    vi.spyOn(lazySteps, 'loadRedirectView').mockRejectedValue(missing());
    const { navigate } = await sendMailCode();
    await userEvent.type(await screen.findByLabelText('Bestätigungscode'), '123456');

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(backend.calls(VERIFY_MAIL)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();
    expect(Object.keys(sessionStorage).join(' ')).not.toMatch(/token/);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('id-token-123');

    cleanup();
    await loadPage();
    renderApp('?service=a-dok');
    expect(await screen.findByLabelText('E-Mail-Adresse')).toHaveValue(ADDRESS);
  });
});
