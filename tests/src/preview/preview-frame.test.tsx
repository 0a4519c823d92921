// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Brand } from '../../../src/features/branding/brand.ts';
import { PreviewFrame } from '../../../src/preview/preview-frame.tsx';
import { PreviewSheet } from '../../../src/preview/preview-sheet.tsx';
import { previewViews, type PreviewView } from '../../../src/preview/preview-views.ts';
import { SPEC_TEXTS } from '../../spec-texts.ts';

// PayPal stands in at its React boundary: the provider records what the view loads it with.
const paypal = vi.hoisted(() => ({ options: [] as Record<string, unknown>[] }));
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({
    options,
    children,
  }: {
    options: Record<string, unknown>;
    children: ReactNode;
  }) => {
    paypal.options.push(options);
    return children;
  },
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false }],
  PayPalButtons: () => <button type="button">PayPal</button>,
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const brand: Brand = {
  service: 'a-ident',
  name: 'A-Ident',
  title: 'A-Ident – Anmeldung',
  accentColor: '#6d28d9',
  accentTextColor: '#ffffff',
  themeColor: '#6d28d9',
  logo: { src: '/assets/logo-abc.svg', width: 171, height: 48 },
  logoDark: { src: '/assets/logo-dark-abc.svg', width: 171, height: 48 },
  favicon: '/assets/icon-abc.svg',
  links: {
    impressum: 'https://a-ident.example/impressum',
    datenschutz: 'https://a-ident.example/datenschutz',
  },
};
const STAND_IN = 'http://a-ident.localhost:8080/dev/paypal/sdk/js';

function view(key: string): PreviewView {
  const found = previewViews(brand.service).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no view ${key}`);
  return found;
}

function renderFrame(key: string) {
  return render(<PreviewFrame brand={brand} view={view(key)} paymentSdkUrl={STAND_IN} />);
}

describe('a preview frame', () => {
  test('shows the view in the brand frame, with the logo and the legal links', async () => {
    renderFrame('method');
    expect(
      await screen.findByRole('heading', { level: 1, name: SPEC_TEXTS.chooseMethod }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A-Ident' })).toHaveAttribute('src', '/assets/logo-abc.svg');
    expect(screen.getByRole('link', { name: SPEC_TEXTS.imprint })).toBeInTheDocument();
    for (const name of ['E-Mail-Adresse', 'Telefonnummer', 'EDP-Kennung'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  test.each([
    ['send-code-mail', 'Mit E-Mail-Adresse anmelden', ['E-Mail-Adresse']],
    ['send-code-number', 'Mit Telefonnummer anmelden', ['Ländervorwahl', 'Telefonnummer']],
    ['send-code-edp', 'Mit EDP-Kennung anmelden', ['EDP-Kennung']],
  ])('shows view 1 for %s, empty', async (key, heading, fields) => {
    renderFrame(key);
    const form = await screen.findByRole('form', { name: heading });
    for (const field of fields)
      expect(within(form).getByRole('textbox', { name: field })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: fields.at(-1) })).toHaveValue('');
  });

  test.each([
    ['verify-mail', 'erika.mustermann@example.de', 'E-Mail-Adresse ändern'],
    ['verify-number', '+491701234567', 'Telefonnummer ändern'],
    ['verify-edp', 'MUSTER4711', 'EDP-Kennung ändern'],
  ])(
    'shows view 2 for %s with the destination in full, an error and the cooldown',
    async (key, destination, change) => {
      renderFrame(key);
      expect(await screen.findByText(destination, { selector: 'strong.sent-to' })).toBeInTheDocument();
      expect(screen.getByText(SPEC_TEXTS.wrongCode)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Bestätigungscode' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Code erneut senden (30 s)' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      expect(screen.getByRole('button', { name: change })).toBeInTheDocument();
    },
  );

  test('keeps the cooldown running however long the frame stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderFrame('verify-mail');
    await screen.findByRole('button', { name: /^Code erneut senden \(\d+ s\)$/ });
    for (let second = 0; second < 75; second++) {
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: /^Code erneut senden \(\d+ s\)$/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
  });

  test("shows view 3 with the amount, loading PayPal's stand-in of the demo", async () => {
    renderFrame('payment');
    expect(await screen.findByText('12,34 €')).toBeInTheDocument();
    expect(paypal.options.at(-1)).toMatchObject({
      clientId: 'stand-in',
      sdkBaseUrl: STAND_IN,
      currency: 'EUR',
    });
  });

  test('shows view 4, which has nowhere to go', async () => {
    const location = window.location.href;
    renderFrame('redirect');
    expect(await screen.findByRole('heading', { level: 1, name: SPEC_TEXTS.pleaseWait })).toBeInTheDocument();
    expect(window.location.href).toBe(location);
  });
});

describe('the preview page', () => {
  test('shows every view four times: light and dark, at phone and desktop width', () => {
    render(
      <PreviewSheet brand={brand} pageUrl="http://a-ident.localhost:8080/preview.html?service=a-ident" />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Vorschau: A-Ident' })).toBeInTheDocument();
    const sections = screen.getAllByRole('region');
    expect(sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent)).toEqual(
      previewViews('a-ident').map((view) => view.label),
    );
    const wait = within(screen.getByRole('region', { name: `Ansicht 4: ${SPEC_TEXTS.pleaseWait}` }));
    const frames = wait.getAllByTitle(/^Ansicht 4: Bitte warten\.\.\. – /);
    expect(
      frames.map((frame) => [
        frame.getAttribute('title'),
        frame.getAttribute('src'),
        frame.getAttribute('width'),
      ]),
    ).toEqual([
      [
        `Ansicht 4: ${SPEC_TEXTS.pleaseWait} – Telefon, 375 px, hell`,
        'http://a-ident.localhost:8080/preview.html?service=a-ident&view=redirect&scheme=light',
        '375',
      ],
      [
        `Ansicht 4: ${SPEC_TEXTS.pleaseWait} – Telefon, 375 px, dunkel`,
        'http://a-ident.localhost:8080/preview.html?service=a-ident&view=redirect&scheme=dark',
        '375',
      ],
      [
        `Ansicht 4: ${SPEC_TEXTS.pleaseWait} – Desktop, 1280 px, hell`,
        'http://a-ident.localhost:8080/preview.html?service=a-ident&view=redirect&scheme=light',
        '1280',
      ],
      [
        `Ansicht 4: ${SPEC_TEXTS.pleaseWait} – Desktop, 1280 px, dunkel`,
        'http://a-ident.localhost:8080/preview.html?service=a-ident&view=redirect&scheme=dark',
        '1280',
      ],
    ]);
  });

  test('leaves loading each frame to the browser, once the frame nears the viewport', () => {
    render(
      <PreviewSheet brand={brand} pageUrl="http://a-ident.localhost:8080/preview.html?service=a-ident" />,
    );
    const frames = screen.getAllByTitle(/^Ansicht \d: /);
    expect(frames).toHaveLength(previewViews('a-ident').length * 4);
    for (const frame of frames) expect(frame).toHaveAttribute('loading', 'lazy');
  });
});
