import type { Scheme } from './preview-views.ts';

/*
 * Why the frame rewrites its own media queries: Chromium (tested with 150) does not let an
 * <iframe>'s `color-scheme` decide `prefers-color-scheme` inside the frame; the frame always
 * follows the system. A frame that should look light or dark whatever the system is therefore
 * turns each `(prefers-color-scheme: …)` it has, in its stylesheets (CSSMediaRule.media) and in
 * `media` attributes (BrandFrame's <picture><source>, the logo preloads), into a condition that
 * is always or never true. The app's own rules then run as written, so the frame shows what a
 * visitor with that system setting sees.
 */
const FEATURE = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/gi;
const ALWAYS = '(min-width: 0)';
const NEVER = '(not (min-width: 0))';

/** A media query list with every prefers-color-scheme test decided for `scheme`. */
export function forcedMediaText(media: string, scheme: Scheme): string {
  return media.replace(FEATURE, (_, value: string) => (value.toLowerCase() === scheme ? ALWAYS : NEVER));
}

function mentionsScheme(media: string): boolean {
  return media.toLowerCase().includes('prefers-color-scheme');
}

/**
 * Makes `doc` look as it does under a light or dark system setting, now and for every stylesheet
 * and element added later (Vite inserts a lazy view's CSS when the view loads).
 */
export function forceColorScheme(doc: Document, scheme: Scheme): void {
  // The browser's own parts (scrollbars, form controls) follow color-scheme, not the media query.
  doc.documentElement.style.colorScheme = scheme;

  const rewriteRules = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule && mentionsScheme(rule.media.mediaText))
        rule.media.mediaText = forcedMediaText(rule.media.mediaText, scheme);
      if (rule instanceof CSSGroupingRule) rewriteRules(rule.cssRules);
    }
  };
  const rewriteAll = () => {
    for (const sheet of doc.styleSheets) rewriteRules(sheet.cssRules);
    for (const element of doc.querySelectorAll('[media]')) {
      const media = element.getAttribute('media') ?? '';
      if (mentionsScheme(media)) element.setAttribute('media', forcedMediaText(media, scheme));
    }
  };

  rewriteAll();
  // A rewritten query no longer mentions the scheme, so rewriting again changes nothing.
  new MutationObserver(rewriteAll).observe(doc, {
    subtree: true,
    childList: true,
    attributeFilter: ['media'],
  });
  // A <link> stylesheet has no rules until it has loaded; load does not bubble, capture sees it.
  doc.addEventListener('load', (event) => event.target instanceof HTMLLinkElement && rewriteAll(), true);
}
