import type { LoginMethod } from '../types/login-method.ts';
import { messages } from '../lib/messages.ts';
import { LOGIN_METHOD_RULES } from './login-methods.ts';
import type { View } from './flow.ts';

/** The name of each view, as its heading says it; a stopped flow keeps the title it had. */
function viewName(view: View, method: LoginMethod | undefined): string | undefined {
  switch (view) {
    case 'method':
      return messages.chooseMethod;
    case 'send-code':
      return method && LOGIN_METHOD_RULES[method].title;
    case 'verify':
      return messages.enterCode;
    case 'payment':
      return messages.payTitle;
    case 'redirect':
      return messages.pleaseWait;
    case 'stopped':
      return undefined;
  }
}

/**
 * The document title names the view and the site, and starts with „Fehler: “ while an error
 * shows (GOV.UK's pattern): a screen reader says it first when the tab is found again, and the
 * tab strip and history tell the views apart. App names view 0 the same way before the flow runs.
 */
export function showDocumentTitle(site: string, view: View, method?: LoginMethod, error = false): void {
  const name = viewName(view, method);
  if (name !== undefined) document.title = `${error ? messages.errorTitle : ''}${name} – ${site}`;
}
