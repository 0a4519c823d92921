import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { paymentSdkUrlOf } from '../features/config/api/get-config.ts';
import { MethodView } from '../features/method/method-view.tsx';
import { SendCodeView } from '../features/send-code/send-code-view.tsx';
import { chunkRecovery } from './chunk-recovery.ts';
import { LoadFailed } from './load-failed.tsx';
import {
  loadPaymentView,
  loadPayPalPreload,
  loadRedirectView,
  loadResolverStep,
  loadSendStep,
  loadVerifyStep,
  loadVerifyView,
} from './lazy-steps.ts';
import { codeMethod, LOGIN_METHOD_RULES, viewOneOf } from './login-methods.ts';
import { enabledMethods } from '../types/login-method.ts';
import { useLoginFlow, type FlowSetup } from './use-login-flow.ts';
import { isLocked } from './flow.ts';
import { showDocumentTitle } from './document-title.ts';

// The first view needs none of these: they load while the visitor types (see the effects below).
// Once one is needed, a failed load reloads the page once (chunk-recovery.ts); when it may not,
// the view is the message that says so.
const loadFailed = () => ({ default: () => <LoadFailed onReload={chunkRecovery.reload} /> });

/**
 * A view in a chunk of its own. Once its prefetch has brought the chunk, the view is drawn in the
 * render that needs it: a lazy component would first show the loading view, and React holds the
 * view that replaces a loading view back for 300 ms (its Suspense throttle); after the code that
 * is 300 ms more before view 3 inserts PayPal's script. Until then, the lazy view.
 */
function viewInChunk<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const prefetch = () => load().then((component) => (loaded = component));
  const Lazy = lazy((): Promise<{ default: ComponentType<Props> }> =>
    chunkRecovery.needed(prefetch).then((component) => ({ default: component }), loadFailed),
  );
  /** Chosen once, when the view mounts, so it never remounts when the chunk arrives. */
  function View(props: Props) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { View, prefetch };
}

const verifyView = viewInChunk(() => loadVerifyView().then((module) => module.VerifyView));
const redirectView = viewInChunk(() => loadRedirectView().then((module) => module.RedirectView));
/** View 3 comes from the page's own origin, so a-ident may fetch it on view 2 (nothing of PayPal's). */
const paymentView = viewInChunk(() => loadPaymentView().then((module) => module.default));
const { View: VerifyView } = verifyView;
const { View: RedirectView } = redirectView;
const { View: PaymentView } = paymentView;

interface LoginFlowProps {
  setup: FlowSetup;
  navigate: (url: string) => void;
}

/** Shows the view the flow is in and wires each view's events to the flow. */
export function LoginFlow({ setup, navigate }: LoginFlowProps) {
  const captcha = useRef<HTMLDivElement>(null);
  const captchaContainer = useCallback(() => captcha.current, []);
  const {
    state,
    actions,
    loadFailed: stepLoadFailed,
  } = useLoginFlow(setup, captchaContainer, paymentView.prefetch);
  const { view, method, loading, error, stopReason } = state;

  // Fetch what the next steps need while the visitor types, not after they press Anmelden: the
  // code and wait views, Firebase when they sign in by phone, the resolver's call for a-ident.
  // A prefetch that fails is ignored, never a reason to reload: the step may not come.
  const resolves = setup.qrId !== undefined;
  useEffect(() => {
    if (view !== 'send-code') return;
    const prefetches = [
      loadSendStep(),
      verifyView.prefetch(),
      redirectView.prefetch(),
      loadVerifyStep(),
      ...(method ? LOGIN_METHOD_RULES[method].prefetch() : []),
      ...(resolves ? [loadResolverStep(), loadPayPalPreload()] : []),
    ];
    for (const prefetch of prefetches) prefetch.catch(() => undefined);
  }, [view, method, resolves]);

  // a-ident on view 2: view 3's chunk (our origin, nothing of PayPal's), so that the step after
  // the code waits for the resolver and PayPal's SDK only.
  useEffect(() => {
    if (view === 'verify' && resolves) paymentView.prefetch().catch(() => undefined);
  }, [view, resolves]);

  useEffect(() => {
    if (stopReason) console.error(`Login flow stopped: ${stopReason}`);
  }, [stopReason]);

  useEffect(() => {
    showDocumentTitle(setup.siteTitle, view, method, error !== undefined);
  }, [setup.siteTitle, view, method, error]);

  return stepLoadFailed ? (
    <LoadFailed onReload={chunkRecovery.reload} />
  ) : (
    <Suspense fallback={<Spinner size="large" label />}>{renderView()}</Suspense>
  );

  function renderView() {
    switch (view) {
      case 'method':
        return (
          <MethodView methods={enabledMethods(setup.service.loginMethods)} onChoose={actions.chooseMethod} />
        );
      case 'send-code':
        return (
          method && (
            <SendCodeView
              method={method}
              {...viewOneOf(method)}
              loginValue={state.loginValue}
              countryPrefix={state.countryPrefix}
              busy={loading}
              error={error}
              errorUntil={state.errorUntil}
              notice={state.notice}
              captchaRef={codeMethod(method)?.captcha ? captcha : undefined}
              onLoginValueChange={actions.setLoginValue}
              onCountryPrefixChange={actions.setCountryPrefix}
              onSubmit={actions.sendCode}
              onBackToMethod={actions.backToMethod}
            />
          )
        );
      case 'verify': {
        const code = codeMethod(method);
        return (
          code && (
            <>
              <VerifyView
                texts={code.texts}
                sentTo={code.showsRecipient ? state.sentTo : state.loginValue.trim()}
                code={state.code}
                busy={loading}
                error={error}
                errorUntil={state.errorUntil}
                locked={isLocked(state)}
                notice={state.notice}
                resendAt={state.resendAt}
                onCodeChange={actions.setCode}
                onVerify={actions.verify}
                onResend={actions.sendCode}
                onBackToSendCode={actions.backToSendCode}
              />
              {/* A resend needs reCAPTCHA's container on this view too. */}
              {code.captcha && <div ref={captcha} className="captcha" />}
            </>
          )
        );
      }
      case 'payment':
        return (
          <PaymentView
            amount={state.payment?.amount ?? 0}
            sponsor={state.payment?.sponsor}
            sdkBaseUrl={paymentSdkUrlOf(setup.service)}
            reference={setup.qrId ?? ''}
            onPaid={actions.paid}
          />
        );
      case 'redirect':
        return <RedirectView redirect={state.redirect} navigate={navigate} />;
      case 'stopped':
        return null;
    }
  }
}
