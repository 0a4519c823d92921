import type { Brand } from '../features/branding/brand.ts';
import { BrandFrame } from '../features/branding/brand-frame.tsx';

export function App({ brand }: { brand: Brand | undefined }) {
  return (
    <BrandFrame brand={brand}>
      <h1 className="card__title">Anmeldung</h1>
    </BrandFrame>
  );
}
