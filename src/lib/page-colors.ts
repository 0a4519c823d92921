/**
 * The page background behind the logo, as src/app/app.css paints it (a test keeps the two in
 * step). The build measures logos and icons against these.
 */

/** Light mode, when brand.json sets no backgroundColor: the fallback of `var(--page-background, …)`. */
export const LIGHT_PAGE_BACKGROUND = '#f4f5f7';

/** Dark mode, for every brand: brand.json's backgroundColor applies to light mode only. */
export const DARK_PAGE_BACKGROUND = '#111827';
