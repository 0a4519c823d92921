import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { BrandFrame } from '../features/branding/brand-frame.tsx';
import type { Brand } from '../features/branding/brand.ts';
import { MethodView } from '../features/method/method-view.tsx';
import { SendCodeView } from '../features/send-code/send-code-view.tsx';
import { loadPaymentView, loadRedirectView, loadVerifyView } from '../app/lazy-steps.ts';
import { DEFAULT_COUNTRY_PREFIX } from '../lib/phone-number.ts';
import { RESEND_COOLDOWN_MS } from '../lib/limits.ts';
import type { ErrorCode } from '../lib/messages.ts';
import { codeMethod, viewOneOf } from '../app/login-methods.ts';
import { LOGIN_METHODS } from '../types/login-method.ts';
import type { PreviewView } from './preview-views.ts';

// Loaded as the login page loads them, so a frame fetches only the view it shows.
const VerifyView = lazy(() => loadVerifyView().then((module) => ({ default: module.VerifyView })));
const RedirectView = lazy(() => loadRedirectView().then((module) => ({ default: module.RedirectView })));
const PaymentView = lazy(loadPaymentView);

/** The fixed states the preview shows. */
const PREVIEW_STATE = {
  /** The inline error of a wrong code (errorTexts in messages.ts). */
  error: 'VM01',
  /** A payment of 12,34 €, as the demo resolver's qr-cents asks for. */
  amount: 12.34,
  reference: 'qr-cents',
} as const satisfies {
  error: ErrorCode;
  amount: number;
  reference: string;
};

const ignore = () => undefined;

interface PreviewFrameProps {
  brand: Brand;
  view: PreviewView;
  /** Where the demo server serves its PayPal stand-in for this page (docs/demo.md). */
  paymentSdkUrl: string;
}

/** One view of the flow in the brand's frame, with a fixed state; nothing is sent anywhere. */
export function PreviewFrame({ brand, view, paymentSdkUrl }: PreviewFrameProps) {
  const captcha = useRef<HTMLDivElement>(null);
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const method = view.method ?? 'mail';
  const code = codeMethod(method);

  // The cooldown counts down as after a real send and starts again a second before it ends, so
  // view 2 keeps showing it however long the preview stays open.
  useEffect(() => {
    if (view.view !== 'verify') return;
    const timer = setInterval(() => setResendAt(Date.now() + RESEND_COOLDOWN_MS), RESEND_COOLDOWN_MS - 1000);
    return () => clearInterval(timer);
  }, [view.view]);

  return (
    <BrandFrame brand={brand}>
      <Suspense fallback={<Spinner size="large" label />}>{renderView()}</Suspense>
    </BrandFrame>
  );

  function renderView() {
    switch (view.view) {
      case 'method':
        return <MethodView methods={[...LOGIN_METHODS]} onChoose={ignore} />;
      case 'send-code':
        return (
          <SendCodeView
            method={method}
            {...viewOneOf(method)}
            loginValue=""
            countryPrefix={DEFAULT_COUNTRY_PREFIX}
            busy={false}
            error={undefined}
            captchaRef={code?.captcha ? captcha : undefined}
            onLoginValueChange={ignore}
            onCountryPrefixChange={ignore}
            onSubmit={ignore}
            onBackToMethod={ignore}
          />
        );
      case 'verify':
        return (
          code && (
            <VerifyView
              texts={code.texts}
              sentTo={code.example}
              code=""
              busy={false}
              error={PREVIEW_STATE.error}
              errorUntil={undefined}
              locked={false}
              notice={undefined}
              resendAt={resendAt}
              onCodeChange={ignore}
              onVerify={ignore}
              onResend={ignore}
              onBackToSendCode={ignore}
            />
          )
        );
      case 'payment':
        return (
          <PaymentView
            amount={PREVIEW_STATE.amount}
            sponsor={undefined}
            sdkBaseUrl={paymentSdkUrl}
            reference={PREVIEW_STATE.reference}
            onPaid={ignore}
          />
        );
      case 'redirect':
        // No redirect, so the view never navigates.
        return <RedirectView redirect={undefined} navigate={ignore} />;
    }
  }
}
