import type { ReactNode } from 'react';
import { firstViewMessages } from '../../lib/first-view-messages.ts';
import type { Brand } from './brand.ts';

interface BrandFrameProps {
  /** Absent on the neutral development page, which has no brand baked in. */
  brand: Brand | undefined;
  children: ReactNode;
}

/** The page around every view: the brand's logo above, the legal links below. */
export function BrandFrame({ brand, children }: BrandFrameProps) {
  return (
    <div className="page">
      {brand && (
        <header className="page__header">
          <picture>
            {brand.logoDark && <source srcSet={brand.logoDark.src} media="(prefers-color-scheme: dark)" />}
            {/* width and height reserve the logo's box before it loads, so nothing shifts. */}
            <img
              className="page__logo"
              src={brand.logo.src}
              alt={brand.name}
              width={brand.logo.width}
              height={brand.logo.height}
            />
          </picture>
        </header>
      )}
      <main className="card">{children}</main>
      {brand && (
        <footer className="page__footer">
          <a href={brand.links.impressum}>{firstViewMessages.imprint}</a>
          <a href={brand.links.datenschutz}>{firstViewMessages.privacy}</a>
        </footer>
      )}
    </div>
  );
}
