import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StartPage } from '../../src/app/start-page.tsx';
import type { Brand as RuntimeBrand } from '../../src/features/branding/brand.ts';
import { LOGIN_METHODS } from '../../src/types/login-method.ts';

/**
 * The markup of a brand's page as it opens: view 0 with every method in the brand's frame, as
 * the app's first render draws it (src/app/app.tsx), which hydrates it. The page's first script
 * reveals it with the enabled methods once the config confirms the service (first-view.ts).
 */
export function prerenderFirstView(brand: RuntimeBrand): string {
  return renderToString(
    createElement(StartPage, { brand, methods: [...LOGIN_METHODS], onChoose: () => undefined }),
  );
}
