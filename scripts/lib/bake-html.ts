import { PAYPAL_CLIENT_ID_META } from '../../src/lib/paypal-client-ids.ts';
import { REDIRECT_HOSTS_META } from '../../src/lib/redirect-hosts.ts';
import { takesPayments } from '../../src/lib/services.ts';
import { buildContentSecurityPolicy, type BuildKind } from './csp.ts';
import { escapeHtml } from './escape-html.ts';
import type { Brand } from './load-brands.ts';
import type { FirstViews } from './prerender.ts';
import { FIRST_VIEW_STATUS_ID, firstViewTemplateId } from '../../src/app/first-view.ts';
import { firstViewMessages } from '../../src/lib/first-view-messages.ts';
import { LOGIN_METHODS } from '../../src/types/login-method.ts';

export const BRAND_HEAD_MARKER = '<!--brand-head-->';
/** The app's root in index.html, hidden until the config confirms the service (spec §2). */
export const ROOT_ELEMENT = '<div id="root" hidden></div>';

/** PayPal's client ids per environment (deploy.config.json's `paypal`); public, but per brand. */
export interface PayPalClientIds {
  live?: string | null;
  sandbox?: string;
}

export interface BrandPage extends Pick<
  Brand,
  | 'service'
  | 'title'
  | 'accentColor'
  | 'accentTextColor'
  | 'accentColorDark'
  | 'accentTextColorDark'
  | 'themeColor'
  | 'backgroundColor'
> {
  /** The brand's redirectHosts (brand-schema.ts): a page without them allows no host. */
  redirectHosts: readonly string[];
  /** URLs relative to the page, except in development where Vite serves /@fs/ paths. */
  logoHref: string;
  /** Shown instead of the logo when the system is dark, see BrandFrame. */
  logoDarkHref?: string;
  /** The brand's data chunk, which the app imports at start; absent in development. */
  brandModuleHref?: string;
  /**
   * The page's first script (src/start-config.ts), loaded async so it starts the config request
   * as soon as it arrives, before React; absent in development, where main.tsx imports it first.
   */
  startConfigHref?: string;
  /** The stylesheet with the brand colors (brandStylesheet), which the policy allows as 'self'. */
  brandStylesheetHref: string;
  icons: { svg: string; ico?: string; appleTouch?: string };
  manifestHref?: string;
  /** Off only in development, where Vite's React refresh injects an inline script. */
  withContentSecurityPolicy: boolean;
  /** A demo page is marked as one (DEMO_BUILD_META) and its policy allows the local servers. */
  build: BuildKind;
  /** Baked into the page of a brand that takes payments only, so no other brand's bytes hold them. */
  paypal?: PayPalClientIds;
  /**
   * The page's first views, pre-rendered (prerender.ts): view 0 into the hidden root, view 1 of
   * each method as a template the first script swaps in for a `method` parameter.
   */
  firstViews?: FirstViews;
}

/** The tag that marks a demo build's page; the release check refuses a folder that has it. */
export const DEMO_BUILD_META = '<meta name="login-gateway-build" content="demo">';

/**
 * Bakes a brand into the index.html Vite emitted, so title, favicon, colors and policy are
 * there before any script runs.
 */
export function bakeIndexHtml(template: string, page: BrandPage): string {
  if (!template.includes(BRAND_HEAD_MARKER)) {
    throw new Error(`index.html has no ${BRAND_HEAD_MARKER} marker to bake the brand into`);
  }
  if (!/<html lang="de">/.test(template) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error('index.html needs <html lang="de"> and a <title> to bake the brand into');
  }

  const head = [
    page.build === 'demo' && DEMO_BUILD_META,
    page.withContentSecurityPolicy &&
      meta('http-equiv', 'Content-Security-Policy', buildContentSecurityPolicy(page.service, page.build)),
    // Right after the policy, which a <meta> applies only to what follows it. The app's entry
    // imports the same chunk, and a module runs once per URL: one config request in every engine.
    page.startConfigHref &&
      `<script type="module" async crossorigin src="${escapeHtml(page.startConfigHref)}"></script>`,
    meta('name', 'referrer', 'no-referrer'),
    meta('name', 'robots', 'noindex, nofollow'),
    meta('name', 'theme-color', page.themeColor),
    // The only hosts the page sends the visitor and their token to (src/lib/redirect-hosts.ts);
    // without it, none. The release check refuses a page without it.
    meta('name', REDIRECT_HOSTS_META, page.redirectHosts.join(' ')),
    // PayPal's client ids, for the brands whose flow can reach a payment (src/lib/paypal-client-ids.ts).
    ...paypalMetas(page),
    page.icons.ico && `<link rel="icon" href="${escapeHtml(page.icons.ico)}" sizes="48x48">`,
    `<link rel="icon" href="${escapeHtml(page.icons.svg)}" type="image/svg+xml">`,
    page.icons.appleTouch && `<link rel="apple-touch-icon" href="${escapeHtml(page.icons.appleTouch)}">`,
    page.manifestHref && `<link rel="manifest" href="${escapeHtml(page.manifestHref)}">`,
    ...logoPreloads(page),
    page.brandModuleHref &&
      `<link rel="modulepreload" href="${escapeHtml(page.brandModuleHref)}" crossorigin>`,
    `<link rel="stylesheet" href="${escapeHtml(page.brandStylesheetHref)}">`,
  ].filter((tag): tag is string => typeof tag === 'string');

  if (page.firstViews !== undefined && !template.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} to pre-render view 0 into`);
  }
  const views = page.firstViews;
  const root = views
    ? [
        ROOT_ELEMENT.replace('></', `>${views.methodChoice}</`),
        ...LOGIN_METHODS.map(
          (method) => `<template id="${firstViewTemplateId(method)}">${views.sendCode[method]}</template>`,
        ),
        // Where the first script says that a view 1 sent before the app took over is on its way;
        // the text comes with the page, so the first script carries none.
        `<p id="${FIRST_VIEW_STATUS_ID}" class="visually-hidden" role="status" data-busy="${escapeHtml(firstViewMessages.busy)}"></p>`,
      ].join('\n    ')
    : ROOT_ELEMENT;
  return template
    .replace('<html lang="de">', () => brandMarker(page.service))
    .replace(ROOT_ELEMENT, () => root)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(BRAND_HEAD_MARKER, () => head.join('\n    '));
}

/**
 * The brand colors as CSS custom properties. A file of their own rather than an inline <style>:
 * a paying brand's policy allows 'unsafe-inline' styles for PayPal, which a style hash would
 * switch off, and every other brand's policy allows no inline style at all. The dark accent is
 * a property of its own, which app.css draws in dark mode, rather than --accent in a media
 * query here: a page restyled for another service sets the accent inline (apply-brand.ts), and
 * an inline --accent would override the query's.
 */
export function brandStylesheet(
  page: Pick<
    BrandPage,
    'accentColor' | 'accentTextColor' | 'accentColorDark' | 'accentTextColorDark' | 'backgroundColor'
  >,
): string {
  const properties = [
    `--accent:${page.accentColor}`,
    `--accent-text:${page.accentTextColor}`,
    ...(page.accentColorDark ? [`--accent-dark:${page.accentColorDark}`] : []),
    ...(page.accentTextColorDark ? [`--accent-text-dark:${page.accentTextColorDark}`] : []),
    ...(page.backgroundColor ? [`--page-background:${page.backgroundColor}`] : []),
  ];
  return `:root{${properties.join(';')}}\n`;
}

function paypalMetas({ service, paypal }: BrandPage): string[] {
  if (!takesPayments(service) || !paypal) return [];
  return (['live', 'sandbox'] as const).flatMap((environment) => {
    const id = paypal[environment];
    return id ? [meta('name', PAYPAL_CLIENT_ID_META[environment], id)] : [];
  });
}

function logoPreloads({ logoHref, logoDarkHref }: BrandPage): string[] {
  const preload = (href: string, media?: string) =>
    `<link rel="preload" href="${escapeHtml(href)}" as="image" type="image/svg+xml"${media ? ` media="${media}"` : ''}>`;
  if (!logoDarkHref) return [preload(logoHref)];
  return [
    preload(logoHref, 'not all and (prefers-color-scheme: dark)'),
    preload(logoDarkHref, '(prefers-color-scheme: dark)'),
  ];
}

/** The opening <html> tag that names the brand baked into a page. */
export function brandMarker(service: string): string {
  return `<html lang="de" data-brand="${escapeHtml(service)}">`;
}

function meta(kind: 'name' | 'http-equiv', key: string, content: string): string {
  return `<meta ${kind}="${key}" content="${escapeHtml(content)}">`;
}
