import type { LoginMethod } from '../types/login-method.ts';

/**
 * The texts of the page as it opens: view 0 in the brand's frame, and what the app may show
 * before the flow's chunk is in (a spinner, the message that a part did not load). Part of
 * `messages` (messages.ts), which holds every text; a module of its own so that the first view
 * does not carry the texts of the later views and the error catalogue.
 */
/** The name of each login method, as view 0's button and view 1's field say it. */
export const METHOD_NAMES: Readonly<Record<LoginMethod, string>> = {
  mail: 'E-Mail-Adresse',
  number: 'Telefonnummer',
  edp: 'EDP-Kennung',
};

export const firstViewMessages = {
  chooseMethod: 'Anmeldemethode wählen',
  /** Not the spec's: a part of the page did not load, and the reload that fixes that did not help. */
  loadFailed: 'Die Seite konnte nicht vollständig geladen werden. Bitte lade die Seite neu.',
  reloadPage: 'Seite neu laden',
  busy: 'Bitte warten',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
} as const;
