import type { FormEvent } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { ViewTitle } from '../../components/view-title.tsx';
import { messages, VALUE_ERRORS, type ErrorCode, type Notice } from '../../lib/messages.ts';
import { OtpInput } from './otp-input.tsx';
import { ResendButton } from './resend-button.tsx';
import './verify-view.css';

/** What view 2 says of a method's code (login-methods.ts). */
export interface CodeTexts {
  /** Around the recipient: „Wir haben einen 6-stelligen Code an … gesendet.“ */
  sentTo: readonly [before: string, after: string];
  /** How long the code lasts, and where a mail may have gone. */
  lifetime: string;
  /** The way back to view 1 to change the value. */
  change: string;
}

interface VerifyViewProps {
  texts: CodeTexts;
  /** Where the code went: the address or EDP-Kennung as typed, or the E.164 number the page sent. */
  sentTo: string;
  code: string;
  busy: boolean;
  error: ErrorCode | undefined;
  /** When the refusal the error reports ends (epoch ms). */
  errorUntil: number | undefined;
  /** The value is locked: no code can be checked until errorUntil. */
  locked: boolean;
  notice: Notice | undefined;
  resendAt: number;
  onCodeChange: (code: string) => void;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBackToSendCode: () => void;
}

/** View 2: the six-digit code, where it went, and ways to get a new one or change the login value. */
export function VerifyView(props: VerifyViewProps) {
  const { texts, sentTo, code, busy, error, locked } = props;
  const [before, after] = texts.sentTo;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onVerify(code);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="view-title" aria-busy={busy}>
      <ViewTitle>{messages.enterCode}</ViewTitle>
      <p className="hint" id="code-hint">
        {before} <strong className="sent-to">{sentTo}</strong> {after} {texts.lifetime}
      </p>
      <div className="field">
        <label htmlFor="code">{messages.codeLabel}</label>
        <OtpInput
          id="code"
          value={code}
          busy={busy}
          locked={locked}
          invalid={error !== undefined && VALUE_ERRORS.has(error)}
          describedBy="code-hint code-error"
          onChange={props.onCodeChange}
          onComplete={props.onVerify}
        />
      </div>
      <ErrorMessage id="code-error" code={error} until={props.errorUntil} />
      <StatusMessage busy={busy} text={props.notice && messages.notices[props.notice]} />
      <SubmitButton busy={busy} unavailable={locked}>
        {messages.verify}
      </SubmitButton>
      <div className="row">
        <ResendButton availableAt={props.resendAt} busy={busy} onResend={props.onResend} />
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            if (!busy) props.onBackToSendCode();
          }}
          aria-disabled={busy || undefined}
        >
          {texts.change}
        </button>
      </div>
    </form>
  );
}
