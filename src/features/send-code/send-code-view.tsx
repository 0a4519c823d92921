import type { FormEvent, Ref } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { messages, VALUE_ERRORS, type ErrorCode, type Notice } from '../../lib/messages.ts';
import type { LoginMethod } from '../../types/login-method.ts';
import { METHOD_NAMES } from '../../lib/first-view-messages.ts';
import { ViewTitle } from '../../components/view-title.tsx';

/** The field of a method that sends a code: the keyboard and autofill hints that fit its value. */
export interface ValueInput {
  type: 'email' | 'tel' | 'text';
  autoComplete: string;
  inputMode: 'email' | 'tel' | 'text';
  /** A dialling prefix field beside the value. */
  countryPrefix: boolean;
}

interface SendCodeViewProps {
  method: LoginMethod;
  /** The view's heading (login-methods.ts). */
  title: string;
  /** The value's field; none for a method that signs in with the button alone. */
  input: ValueInput | undefined;
  /** The submit button's text; „Anmelden“ unless the method names its own. */
  action?: string | undefined;
  loginValue: string;
  countryPrefix: string;
  busy: boolean;
  error: ErrorCode | undefined;
  /** When the refusal the error reports ends (epoch ms). */
  errorUntil?: number | undefined;
  notice?: Notice | undefined;
  /** reCAPTCHA's container, for the methods that need it; none without. */
  captchaRef: Ref<HTMLDivElement> | undefined;
  onLoginValueChange: (loginValue: string) => void;
  onCountryPrefixChange: (countryPrefix: string) => void;
  onSubmit: () => void;
  onBackToMethod: () => void;
}

/** View 1: the login value for the chosen method; Enter submits. */
export function SendCodeView({
  method,
  title,
  input,
  action = messages.signIn,
  loginValue,
  countryPrefix,
  busy,
  error,
  errorUntil,
  notice,
  captchaRef,
  onLoginValueChange,
  onCountryPrefixChange,
  onSubmit,
  onBackToMethod,
}: SendCodeViewProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // Only a value that is wrong is marked invalid: a failure of the server or the network is not.
  const invalid = error !== undefined && VALUE_ERRORS.has(error) ? true : undefined;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="view-title" aria-busy={busy}>
      <ViewTitle>{title}</ViewTitle>
      {input && (
        <div className={input.countryPrefix ? 'phone-fields' : undefined}>
          {input.countryPrefix && (
            <div className="field field--prefix">
              <label htmlFor="country">{messages.countryPrefix}</label>
              <input
                id="country"
                name="country"
                type="tel"
                inputMode="tel"
                autoComplete="tel-country-code"
                value={countryPrefix}
                onChange={(event) => onCountryPrefixChange(event.target.value)}
                readOnly={busy}
                aria-invalid={invalid}
                aria-describedby="value-error"
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="login-value">{METHOD_NAMES[method]}</label>
            <input
              id="login-value"
              name={method}
              type={input.type}
              autoComplete={input.autoComplete}
              inputMode={input.inputMode}
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              value={loginValue}
              onChange={(event) => onLoginValueChange(event.target.value)}
              readOnly={busy}
              aria-invalid={invalid}
              aria-describedby="value-error"
            />
          </div>
        </div>
      )}
      {captchaRef && <div ref={captchaRef} className="captcha" />}
      <ErrorMessage id="value-error" code={error} until={errorUntil} />
      <StatusMessage busy={busy} text={notice && messages.notices[notice]} />
      <SubmitButton busy={busy}>{action}</SubmitButton>
      <button
        type="button"
        className="button button--link"
        onClick={() => {
          if (!busy) onBackToMethod();
        }}
        aria-disabled={busy || undefined}
      >
        {messages.otherMethod}
      </button>
    </form>
  );
}
