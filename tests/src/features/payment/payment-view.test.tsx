// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import PaymentView from '../../../../src/features/payment/payment-view.tsx';
import { setPagePayPalClientIds } from '../../paypal-page.ts';
import { SPEC_TEXTS } from '../../../spec-texts.ts';

interface ScriptState {
  isInitial: boolean;
  isPending: boolean;
  isResolved: boolean;
  isRejected: boolean;
  options: Record<string, unknown>;
}

interface StandInButtonsProps {
  createOrder: (data: object, actions: { order: { create: (order: unknown) => Promise<string> } }) => unknown;
  onApprove: (data: object, actions: { order: { capture: () => Promise<unknown> } }) => unknown;
  onError: (error: unknown) => void;
}

// PayPal stands in at its React boundary: the provider records its options, the buttons call
// the view's callbacks the way PayPal's SDK does.
const paypal = vi.hoisted(() => {
  const resolvedScript: ScriptState = {
    isInitial: false,
    isPending: false,
    isResolved: true,
    isRejected: false,
    options: {},
  };
  return {
    resolvedScript,
    script: resolvedScript,
    providerOptions: [] as Record<string, unknown>[],
    orderIds: [] as unknown[],
    create: vi.fn<(order: unknown) => Promise<string>>(async () => 'ORDER-1'),
    capture: vi.fn(async (): Promise<unknown> => ({ id: 'CAPTURE-9', status: 'COMPLETED' })),
  };
});

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({
    options,
    children,
  }: {
    options: Record<string, unknown>;
    children: ReactNode;
  }) => {
    paypal.providerOptions.push(options);
    return children;
  },
  usePayPalScriptReducer: () => [paypal.script, () => undefined],
  PayPalButtons: (props: StandInButtonsProps) => (
    <>
      <button
        type="button"
        onClick={async () => {
          const orderID = await props.createOrder({}, { order: { create: paypal.create } });
          paypal.orderIds.push(orderID);
          await props.onApprove({ orderID }, { order: { capture: paypal.capture } });
        }}
      >
        Stand-in approve
      </button>
      <button type="button" onClick={() => props.onError(new Error('declined'))}>
        Stand-in error
      </button>
    </>
  ),
}));

const FAILED = SPEC_TEXTS.paymentFailed;
const UNAVAILABLE = 'Die Zahlung konnte nicht geladen werden. Bitte versuche es später erneut.';

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  paypal.script = paypal.resolvedScript;
  paypal.providerOptions.length = 0;
  paypal.orderIds.length = 0;
  paypal.create.mockClear();
  paypal.capture.mockReset();
  paypal.capture.mockResolvedValue({ id: 'CAPTURE-9', status: 'COMPLETED' });
  setPagePayPalClientIds({ live: 'live-client-id' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPayment(amount = 5, sponsor: string | undefined = 'a-ident', sdkBaseUrl?: string) {
  const onPaid = vi.fn<(paymentId: string) => void>();
  const view = render(
    <PaymentView
      amount={amount}
      sponsor={sponsor}
      sdkBaseUrl={sdkBaseUrl}
      reference="QR-7"
      onPaid={onPaid}
    />,
  );
  return { ...view, onPaid };
}

describe('the PayPal script options', () => {
  test('a normal sponsor pays live in EUR by capture, with the spec card brands disabled', () => {
    renderPayment(5, 'a-ident');
    expect(paypal.providerOptions.at(-1)).toEqual(
      expect.objectContaining({
        clientId: 'live-client-id',
        environment: 'production',
        currency: 'EUR',
        intent: 'capture',
        disableCard: 'amex,discover,jcb,elo,hiper',
      }),
    );
    expect(paypal.providerOptions.at(-1)).not.toHaveProperty('disableFunding');
    expect(paypal.providerOptions.at(-1)).not.toHaveProperty('sdkBaseUrl');
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('a stand-in needs no live client id', () => {
    setPagePayPalClientIds({});
    renderPayment(5, 'a-ident', 'http://a-ident.localhost:8080/dev/paypal/sdk/js');
    expect(paypal.providerOptions.at(-1)).toEqual(expect.objectContaining({ clientId: 'stand-in' }));
  });

  test("loads the script from the config's paymentSdkUrl when it names a stand-in", () => {
    renderPayment(5, 'a-ident', 'http://a-ident.localhost:8080/dev/paypal/sdk/js');
    expect(paypal.providerOptions.at(-1)).toEqual(
      expect.objectContaining({ sdkBaseUrl: 'http://a-ident.localhost:8080/dev/paypal/sdk/js' }),
    );
  });

  test('the sandbox sponsor uses the sandbox with the shared test client "sb" by default', () => {
    renderPayment(5, 'sandbox');
    expect(paypal.providerOptions.at(-1)).toEqual(
      expect.objectContaining({ clientId: 'sb', environment: 'sandbox', currency: 'EUR' }),
    );
  });

  test('the sandbox sponsor uses the page’s sandbox client id when it carries one', () => {
    setPagePayPalClientIds({ live: 'live-client-id', sandbox: 'sandbox-client-id' });
    renderPayment(5, 'sandbox');
    expect(paypal.providerOptions.at(-1)).toEqual(
      expect.objectContaining({ clientId: 'sandbox-client-id', environment: 'sandbox' }),
    );
  });

  test('on a page without a live client id it says the payment cannot load, and loads no PayPal', () => {
    setPagePayPalClientIds({ sandbox: 'sb' });
    renderPayment(5, 'a-ident');
    expect(screen.getByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByRole('alert')).toBeVisible();
    expect(paypal.providerOptions).toEqual([]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'This page carries no PayPal client id: set paypal.clientIdLive in deploy.config.json or PAYPAL_CLIENT_ID_LIVE when building.',
    );
  });
});

describe('paying', () => {
  test('shows the title and the amount in German format', () => {
    renderPayment(5);
    expect(screen.getByRole('heading', { name: SPEC_TEXTS.payTitle })).toBeInTheDocument();
    expect(screen.getByText(/€$/).textContent).toBe('5,00\u00a0€');
  });

  test.each([
    [5, '5.00'],
    [12.5, '12.50'],
  ])('creates the order for %j as EUR %j and reports the capture id', async (amount, value) => {
    const { onPaid } = renderPayment(amount);
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in approve' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(paypal.create).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        purchase_units: [{ custom_id: 'QR-7', amount: { currency_code: 'EUR', value } }],
      }),
    );
    expect(paypal.orderIds).toEqual(['ORDER-1']);
    expect(paypal.capture).toHaveBeenCalledTimes(1);
    expect(onPaid).toHaveBeenCalledWith('CAPTURE-9');
  });

  test('a capture without an id is not a payment: an alert, and no onPaid', async () => {
    paypal.capture.mockResolvedValue({ status: 'COMPLETED' });
    const { onPaid } = renderPayment(5);
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in approve' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${FAILED}`)));
    expect(onPaid).not.toHaveBeenCalled();
  });

  test('a capture PayPal does not report as COMPLETED is not a payment', async () => {
    paypal.capture.mockResolvedValue({ id: 'CAPTURE-9', status: 'PENDING' });
    const { onPaid } = renderPayment(5);
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in approve' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${FAILED}`)));
    expect(onPaid).not.toHaveBeenCalled();
  });

  test('a PayPal error shows the alert with its detail', async () => {
    const { onPaid } = renderPayment(5);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in error' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`${FAILED} (declined)`);
    expect(onPaid).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled();
  });

  test('says it is busy while the PayPal script loads', () => {
    paypal.script = { ...paypal.resolvedScript, isPending: true, isResolved: false };
    renderPayment(5);
    expect(screen.getByRole('status')).toHaveTextContent('Bitte warten');
  });

  test('a PayPal script that failed to load gives a visible message and no buttons', () => {
    paypal.script = { ...paypal.resolvedScript, isResolved: false, isRejected: true };
    renderPayment(5);
    expect(screen.getByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByRole('alert')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
