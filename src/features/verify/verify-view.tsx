import type { FormEvent } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { MASKS, type MaskKind } from '../../lib/mask.ts';
import { messages, type ErrorCode } from '../../lib/messages.ts';
import type { LoginMethod } from '../../types/login-method.ts';
import { OtpInput } from './otp-input.tsx';
import { ResendButton } from './resend-button.tsx';
import './verify-view.css';
import { ViewTitle } from '../../components/view-title.tsx';

interface VerifyViewProps {
  method: LoginMethod;
  sentTo: string;
  /** How its method shows where the code went (login-methods.ts). */
  mask: MaskKind;
  code: string;
  busy: boolean;
  error: ErrorCode | undefined;
  resendAt: number;
  onCodeChange: (code: string) => void;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBackToSendCode: () => void;
}

/** View 2: the six-digit code, where it went, and ways to get a new one or change the login value. */
export function VerifyView(props: VerifyViewProps) {
  const { method, sentTo, mask, code, busy, error } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onVerify(code);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="view-title" aria-busy={busy}>
      <ViewTitle>{messages.enterCode}</ViewTitle>
      <p className="hint" id="code-hint">
        {messages.codeSentTo} <strong className="sent-to">{MASKS[mask](sentTo)}</strong>
      </p>
      <div className="field">
        <label htmlFor="code">{messages.codeLabel}</label>
        <OtpInput
          id="code"
          value={code}
          busy={busy}
          invalid={error !== undefined}
          describedBy="code-hint code-error"
          onChange={props.onCodeChange}
          onComplete={props.onVerify}
        />
      </div>
      <ErrorMessage id="code-error" code={error} />
      <SubmitButton busy={busy}>{messages.verify}</SubmitButton>
      <div className="row">
        <ResendButton
          key={props.resendAt}
          availableAt={props.resendAt}
          busy={busy}
          onResend={props.onResend}
        />
        <button
          type="button"
          className="button button--link"
          onClick={props.onBackToSendCode}
          disabled={busy}
        >
          {messages.change[method]}
        </button>
      </div>
    </form>
  );
}
