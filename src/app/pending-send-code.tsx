import { useState } from 'react';
import { SendCodeView } from '../features/send-code/send-code-view.tsx';
import { DEFAULT_COUNTRY_PREFIX } from '../lib/phone-number.ts';
import type { LoginMethod } from '../types/login-method.ts';
import { viewOneOf } from './login-methods.ts';

/**
 * View 1 as the page opens with a `method` parameter, before the app has confirmed the service:
 * the build pre-renders it (scripts/lib/prerender.ts), the page's first script shows it, and the
 * app hydrates it with this. What the visitor types is theirs; nothing is sent from here: the
 * page's first script notes a submit (first-view.ts). Once the app has confirmed the service,
 * the flow takes over with what was typed and sends a noted submit then (app.tsx).
 */
export function PendingSendCode({ method }: { method: LoginMethod }) {
  const [loginValue, setLoginValue] = useState('');
  const [countryPrefix, setCountryPrefix] = useState(DEFAULT_COUNTRY_PREFIX);
  return (
    <SendCodeView
      method={method}
      {...viewOneOf(method)}
      loginValue={loginValue}
      countryPrefix={countryPrefix}
      busy={false}
      error={undefined}
      captchaRef={undefined}
      onLoginValueChange={setLoginValue}
      onCountryPrefixChange={setCountryPrefix}
      onSubmit={() => undefined}
      onBackToMethod={() => undefined}
    />
  );
}
