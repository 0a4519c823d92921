import type { View } from '../app/flow.ts';
import { messages } from '../lib/messages.ts';
import { takesPayments } from '../lib/services.ts';
import { codeMethod, LOGIN_METHOD_RULES } from '../app/login-methods.ts';
import { METHOD_NAMES } from '../lib/first-view-messages.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';

/**
 * The id of the preview's root element. Only the demo build has the preview, so the release
 * check refuses any folder whose files carry this string (scripts/lib/release-check.ts).
 */
export const PREVIEW_ROOT_ID = 'login-gateway-preview';

/** The spec's number of each view of the flow (flow.ts); a stopped flow shows nothing. */
const VIEW_NUMBERS = {
  method: 0,
  'send-code': 1,
  verify: 2,
  payment: 3,
  redirect: 4,
} as const satisfies Record<Exclude<View, 'stopped'>, number>;

export type PreviewedView = keyof typeof VIEW_NUMBERS;

/**
 * One view as the preview shows it; `key` names it in the frame's query (`view=verify-mail`), by
 * the method's wire name (`verify-number`).
 */
export interface PreviewView {
  key: string;
  view: PreviewedView;
  method: LoginMethod | undefined;
  /** German, for the headings and frame titles of the preview page. */
  label: string;
}

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];
export const SCHEME_LABELS: Record<Scheme, string> = { light: 'hell', dark: 'dunkel' };

/** The two widths every view is shown at; the desktop frame is drawn at half size. */
export const WIDTHS = {
  phone: { width: 375, height: 667, label: 'Telefon' },
  desktop: { width: 1280, height: 800, label: 'Desktop' },
} as const;
export type Width = keyof typeof WIDTHS;

/**
 * Every view of a service's flow, each method where the view depends on it. Which methods a
 * service offers is runtime config, so the preview shows all three; only brands that can take a
 * payment reach view 3.
 */
export function previewViews(service: string): PreviewView[] {
  const label = (view: PreviewedView, text: string) => `Ansicht ${VIEW_NUMBERS[view]}: ${text}`;
  return [
    { key: 'method', view: 'method', method: undefined, label: label('method', messages.chooseMethod) },
    ...LOGIN_METHODS.map((method) => ({
      key: `send-code-${method}`,
      view: 'send-code' as const,
      method,
      label: label('send-code', LOGIN_METHOD_RULES[method].title),
    })),
    ...LOGIN_METHODS.filter((method) => codeMethod(method)).map((method) => ({
      key: `verify-${method}`,
      view: 'verify' as const,
      method,
      label: label('verify', `${messages.enterCode} (${METHOD_NAMES[method]}), mit Wartezeit und Fehler`),
    })),
    ...(takesPayments(service)
      ? [{ key: 'payment', view: 'payment' as const, method: undefined, label: label('payment', 'Zahlung') }]
      : []),
    { key: 'redirect', view: 'redirect', method: undefined, label: label('redirect', messages.pleaseWait) },
  ];
}

export type PreviewQuery =
  | { page: 'sheet'; service: string }
  | { page: 'frame'; service: string; view: PreviewView; scheme: Scheme }
  | { page: 'unknown'; problem: string };

/** `?service=<key>` is the page of every view; `&view=<key>&scheme=light|dark` one frame of it. */
export function readPreviewQuery(search: string): PreviewQuery {
  const query = new URLSearchParams(search);
  const service = query.get('service');
  if (!service) return { page: 'unknown', problem: 'Die Adresse nennt keinen Dienst (?service=…).' };
  const viewKey = query.get('view');
  if (viewKey === null) return { page: 'sheet', service };
  const view = previewViews(service).find((candidate) => candidate.key === viewKey);
  if (!view) return { page: 'unknown', problem: `Dieser Dienst hat keine Ansicht „${viewKey}“.` };
  const scheme = SCHEMES.find((candidate) => candidate === query.get('scheme'));
  if (!scheme) return { page: 'unknown', problem: 'Das Farbschema ist „light“ oder „dark“ (&scheme=…).' };
  return { page: 'frame', service, view, scheme };
}

/** The address of one frame, next to the preview page itself. */
export function previewFrameUrl(pageUrl: string, service: string, view: string, scheme: Scheme): string {
  const url = new URL(pageUrl);
  url.search = new URLSearchParams({ service, view, scheme }).toString();
  url.hash = '';
  return url.href;
}
