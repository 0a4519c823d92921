import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useEffect, useState } from 'react';
import { object, optional, safeParse, string } from 'zod/mini';
import { Spinner } from '../../components/spinner.tsx';
import { formatEuro, toPayPalAmount } from '../../lib/format-amount.ts';
import { messages } from '../../lib/messages.ts';
import './payment-view.css';
import { ViewTitle } from '../../components/view-title.tsx';
import { allowSdkScripts } from '../../lib/trusted-types.ts';
import { paypalScriptOptions } from './paypal-options.ts';

// PayPal's SDK script goes in through the page's Trusted Types policy; this view inserts it.
allowSdkScripts();

// status is checked where present: a capture that PayPal reports as not COMPLETED is no payment.
const captureSchema = object({ id: string(), status: optional(string()) });

export interface PaymentViewProps {
  amount: number;
  sponsor: string | undefined;
  /** The config's paymentSdkUrl: a stand-in for PayPal's script in development. */
  sdkBaseUrl: string | undefined;
  /** The a-ident QR id the payment unlocks. */
  reference: string;
  onPaid: (paymentId: string) => void;
}

/** View 3: the amount and PayPal's button. Loaded on demand, with PayPal's SDK behind it. */
export default function PaymentView({ amount, sponsor, sdkBaseUrl, reference, onPaid }: PaymentViewProps) {
  // The same options the preload built its URL from (paypal-options.ts), so the script takes it.
  const options = paypalScriptOptions({ sponsor, sdkBaseUrl });
  const clientId = options?.clientId;
  useEffect(() => {
    if (!clientId) {
      console.error(
        'This page carries no PayPal client id: set paypal.clientIdLive in deploy.config.json or PAYPAL_CLIENT_ID_LIVE when building.',
      );
    }
  }, [clientId]);

  return (
    <section className="stack" aria-labelledby="view-title">
      <ViewTitle takeFocus>{messages.payTitle}</ViewTitle>
      <p className="amount">{formatEuro(amount)}</p>
      {options ? (
        <PayPalScriptProvider options={options}>
          <PayPalArea amount={amount} reference={reference} onPaid={onPaid} />
        </PayPalScriptProvider>
      ) : (
        <Unavailable />
      )}
    </section>
  );
}

function PayPalArea({
  amount,
  reference,
  onPaid,
}: Pick<PaymentViewProps, 'amount' | 'reference' | 'onPaid'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [failure, setFailure] = useState<string>();

  // PayPalButtons renders nothing and calls no onError when the SDK script fails to load.
  if (isRejected) return <Unavailable />;
  return (
    <>
      {isPending && (
        <p className="hint" role="status">
          <Spinner /> {messages.busy}
        </p>
      )}
      <div role="alert" className="error">
        {failure && <p>{`${messages.paymentFailed} ${failure}`}</p>}
      </div>
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        forceReRender={[amount, reference]}
        createOrder={(_data, actions) =>
          actions.order.create({
            intent: 'CAPTURE',
            // custom_id ties the order to the QR id, so the target can check the payment it is given.
            purchase_units: [
              { custom_id: reference, amount: { currency_code: 'EUR', value: toPayPalAmount(amount) } },
            ],
          })
        }
        onApprove={async (_data, actions) => {
          const capture = safeParse(captureSchema, await actions.order?.capture());
          if (capture.success && (capture.data.status ?? 'COMPLETED') === 'COMPLETED')
            onPaid(capture.data.id);
          else setFailure(messages.paymentWithoutId);
        }}
        onError={(error) => {
          console.error('PayPal payment failed:', error);
          setFailure(error instanceof Error ? `(${error.message})` : '');
        }}
      />
    </>
  );
}

function Unavailable() {
  return (
    <p className="error" role="alert">
      {messages.paymentUnavailable}
    </p>
  );
}
