import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { PendingSendCode } from '../../src/app/pending-send-code.tsx';
import { StartPage } from '../../src/app/start-page.tsx';
import type { Brand as RuntimeBrand } from '../../src/features/branding/brand.ts';
import { LOGIN_METHODS, type LoginMethod } from '../../src/types/login-method.ts';

/** What the build bakes into a brand's page: view 0, and view 1 of each method for a `method` parameter. */
export interface FirstViews {
  methodChoice: string;
  sendCode: Record<LoginMethod, string>;
}

/**
 * The markup of a brand's page as it opens, as the app's first render draws it (src/app/app.tsx),
 * which hydrates it: view 0 with every method in the brand's frame, and for a `method`
 * parameter view 1 of that method, still without the config (PendingSendCode, in a Suspense
 * boundary, as the app loads it). The page's first script reveals one of them once the config
 * confirms the service (src/app/first-view.ts).
 */
export function prerenderFirstViews(brand: RuntimeBrand): FirstViews {
  const page = (children?: ReturnType<typeof createElement>) =>
    renderToString(
      createElement(StartPage, { brand, methods: [...LOGIN_METHODS], onChoose: () => undefined }, children),
    );
  const sendCode = (method: LoginMethod) =>
    page(createElement(Suspense, { fallback: null }, createElement(PendingSendCode, { method })));
  return {
    methodChoice: page(),
    sendCode: Object.fromEntries(LOGIN_METHODS.map((method) => [method, sendCode(method)])) as Record<
      LoginMethod,
      string
    >,
  };
}
