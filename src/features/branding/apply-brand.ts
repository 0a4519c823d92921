import { contrastRatio, isHexColor } from '../../lib/contrast.ts';
import type { Brand } from './brand.ts';

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

export interface ServiceLook {
  key: string;
  name: string;
  accentColor: string;
}

/**
 * Makes the page look like another service than the brand baked into index.html: title,
 * favicon and theme color from that service's brand, the accent from the config. Colors go in
 * through the CSSOM, which the CSP allows, where a new <style> element would be blocked. A
 * service without a brand folder gets its config name and accent on the neutral look.
 */
export function applyBrand(brand: Brand | undefined, service: ServiceLook): void {
  const root = document.documentElement;
  document.title = brand?.title ?? service.name;
  for (const link of document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]'))
    link.remove();
  if (brand) {
    const icon = document.createElement('link');
    icon.rel = 'icon';
    icon.type = 'image/svg+xml';
    icon.href = brand.favicon;
    document.head.append(icon);
  }
  const accent = isHexColor(service.accentColor) ? service.accentColor : brand?.accentColor;
  const themeColor = brand?.themeColor ?? accent;
  if (themeColor) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
  root.dataset.brand = service.key;
  root.style.removeProperty('--page-background');
  if (brand?.backgroundColor) root.style.setProperty('--page-background', brand.backgroundColor);
  if (!accent) return;
  const text = textColorOn(accent, brand);
  // The dark accent is the brand's where the accent is; set even when it is the light one, since
  // the baked brand's stylesheet may name a dark accent of its own.
  const own = brand?.accentColor.toLowerCase() === accent.toLowerCase() ? brand : undefined;
  root.style.setProperty('--accent', accent);
  root.style.setProperty('--accent-text', text);
  root.style.setProperty('--accent-dark', own?.accentColorDark ?? accent);
  root.style.setProperty('--accent-text-dark', own?.accentTextColorDark ?? text);
}

/** The brand's own text color when the accent is the brand's, else whichever reads better. */
export function textColorOn(accent: string, brand: Brand | undefined): string {
  if (brand && brand.accentColor.toLowerCase() === accent.toLowerCase()) return brand.accentTextColor;
  return contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
