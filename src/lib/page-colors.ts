/**
 * The page background behind the logo and the card around each view, as src/app/app.css paints
 * them (a test keeps the two in step). The build measures logos, icons and the accent against
 * these.
 */

/** Light mode, when brand.json sets no backgroundColor: the fallback of `var(--page-background, …)`. */
export const LIGHT_PAGE_BACKGROUND = '#f4f5f7';

/** Dark mode, for every brand: brand.json's backgroundColor applies to light mode only. */
export const DARK_PAGE_BACKGROUND = '#111827';

/** The card each view sits in (`--surface`), light mode: where the accent is drawn. */
export const LIGHT_CARD_SURFACE = '#ffffff';

/** The card in dark mode (`--surface` in the prefers-color-scheme: dark block). */
export const DARK_CARD_SURFACE = '#1f2937';
