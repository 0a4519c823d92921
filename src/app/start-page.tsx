import type { ReactNode } from 'react';
import { BrandFrame } from '../features/branding/brand-frame.tsx';
import type { Brand } from '../features/branding/brand.ts';
import { MethodView } from '../features/method/method-view.tsx';
import type { LoginMethod } from '../types/login-method.ts';

interface StartPageProps {
  brand: Brand | undefined;
  methods: LoginMethod[];
  onChoose: (method: LoginMethod) => void;
  /** The flow, once it starts later than view 0 or a method is chosen; view 0 until then. */
  children?: ReactNode;
}

/**
 * The page as it opens: the brand's frame around view 0. The build pre-renders it with every
 * method into each brand's page (scripts/lib/prerender.ts), and the app's first render draws
 * exactly that, so React hydrates it; the app keeps this component at the root of every later
 * render, so the buttons a visitor may already hold focus on stay the same elements.
 */
export function StartPage({ brand, methods, onChoose, children }: StartPageProps) {
  return (
    <BrandFrame brand={brand}>{children ?? <MethodView methods={methods} onChoose={onChoose} />}</BrandFrame>
  );
}
