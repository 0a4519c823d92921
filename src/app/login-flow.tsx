import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { paymentSdkUrlOf } from '../features/config/api/get-config.ts';
import { MethodChoice } from '../features/method/method-choice.tsx';
import { ValueForm } from '../features/send-code/value-form.tsx';
import { enabledMethods } from './startup.ts';
import { loadPaymentView, loadPhoneStep, loadVerifyStep } from './lazy-steps.ts';
import { useLoginFlow, type FlowSetup } from './use-login-flow.ts';

// The first view needs none of these: they load while the visitor types (see the effect below).
const loadCodeForm = () => import('../features/verify/code-form.tsx');
const loadWaitView = () => import('../features/redirect/wait-view.tsx');
const CodeForm = lazy(() => loadCodeForm().then((module) => ({ default: module.CodeForm })));
const WaitView = lazy(() => loadWaitView().then((module) => ({ default: module.WaitView })));
const PaymentView = lazy(loadPaymentView);

interface LoginFlowProps {
  setup: FlowSetup;
  navigate: (url: string) => void;
}

/** Shows the view the flow is in and wires each view's events to the flow. */
export function LoginFlow({ setup, navigate }: LoginFlowProps) {
  const captcha = useRef<HTMLDivElement>(null);
  const captchaContainer = useCallback(() => captcha.current, []);
  const { state, actions } = useLoginFlow(setup, captchaContainer);
  const { view, method, loading, error, stopReason } = state;

  // Fetch what the next steps need while the visitor types, not after they press Anmelden:
  // the code view, and Firebase when they sign in by phone.
  useEffect(() => {
    if (view !== 'enter') return;
    const prefetches = [
      loadCodeForm(),
      loadWaitView(),
      loadVerifyStep(),
      ...(method === 'number' ? [loadPhoneStep()] : []),
    ];
    for (const prefetch of prefetches) prefetch.catch(() => undefined);
  }, [view, method]);

  useEffect(() => {
    if (stopReason) console.error(`Login flow stopped: ${stopReason}`);
  }, [stopReason]);

  return <Suspense fallback={<Spinner size="large" label />}>{renderView()}</Suspense>;

  function renderView() {
    switch (view) {
      case 'choose':
        return <MethodChoice methods={enabledMethods(setup.service)} onChoose={actions.chooseMethod} />;
      case 'enter':
        return (
          <ValueForm
            method={method ?? 'mail'}
            value={state.value}
            country={state.country}
            busy={loading}
            error={error}
            captchaRef={captcha}
            onValueChange={actions.setValue}
            onCountryChange={actions.setCountry}
            onSubmit={actions.sendCode}
            onOtherMethod={actions.otherMethod}
          />
        );
      case 'code':
        return (
          <>
            <CodeForm
              method={method ?? 'mail'}
              sentTo={state.sentTo}
              code={state.code}
              busy={loading}
              error={error}
              resendAt={state.resendAt}
              onCodeChange={actions.setCode}
              onVerify={actions.verify}
              onResend={actions.sendCode}
              onChangeValue={actions.changeValue}
            />
            {/* A resend by phone needs reCAPTCHA's container on this view too. */}
            {method === 'number' && <div ref={captcha} className="captcha" />}
          </>
        );
      case 'pay':
        return (
          <PaymentView
            amount={state.payment?.amount ?? 0}
            sponsor={state.payment?.sponsor}
            sdkBaseUrl={paymentSdkUrlOf(setup.service)}
            reference={setup.qrId ?? ''}
            onPaid={actions.paid}
          />
        );
      case 'wait':
        return <WaitView redirect={state.redirect} navigate={navigate} />;
      case 'stopped':
        return null;
    }
  }
}
