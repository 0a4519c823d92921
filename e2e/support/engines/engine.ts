/**
 * The browser engines Playwright cannot drive in their stock builds (docs/decisions/014): Debian's
 * Firefox ESR over WebDriver BiDi (puppeteer-core) and WebKitGTK over WebDriver (selenium-webdriver
 * and WebKitWebDriver). Both sit behind this one small interface, so a spec reads the same whichever
 * engine runs it.
 */
export type EngineName = 'firefox' | 'webkit';
export type ColorScheme = 'light' | 'dark';

/** How a spec names an element: by role and accessible name, as the Chromium specs do. */
export type Role = 'heading' | 'button' | 'textbox' | 'img';
export type Name = string | RegExp;

export interface EngineElement {
  click(): Promise<void>;
  /** Types as a visitor does, key by key. */
  type(text: string): Promise<void>;
  /** Focuses the element and presses the key. */
  press(key: 'Enter' | 'Tab'): Promise<void>;
  /** Ctrl+V: the browser's own paste from the system clipboard. */
  paste(): Promise<void>;
}

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /**
   * The browser's Back, Forward and reload, as its buttons do them. Back and Forward return once
   * the engine has moved in the page's history, which on this page stays in one document: wait
   * for the view they should show.
   */
  back(): Promise<void>;
  forward(): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page; arguments and result go through JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** The first visible element with this role and name, or undefined. */
  find(role: Role, name: Name): Promise<EngineElement | undefined>;
  /**
   * The states the first visible element with this role and name gives assistive technology, as
   * its DOM and ARIA attributes set them (found as `find` finds it), or undefined.
   */
  inspect(role: Role, name: Name): Promise<ElementState | undefined>;
  /**
   * Puts `text` on the system clipboard the way a visitor does: selected in another tab and
   * copied with Ctrl+C, then back to this page.
   */
  copyInOtherTab(url: string, text: string): Promise<void>;
  /**
   * What the engine wrote to the page's console so far ("error: …"), or undefined where the driver
   * cannot read it: WebKitGTK writes no console message anywhere in automation mode, so there
   * the suite has only the policy reports the page sends (fixtures.ts).
   */
  consoleMessages(): string[] | undefined;
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly name: EngineName;
  /** The engine's version, for the report. */
  readonly version: string;
  newPage(options: { colorScheme: ColorScheme }): Promise<EnginePage>;
  /**
   * Every error and warning the engine's console shows while it loads `urls` and lets them settle
   * for `settleMs`: what a developer sees in the browser's own console, the engine's messages about
   * the page's policy included.
   */
  readConsole(urls: string[], settleMs: number): Promise<string[]>;
  close(): Promise<void>;
}

/** JSON-safe form of a Name, for the page. */
export function nameForPage(name: Name): { text: string } | { source: string; flags: string } {
  return typeof name === 'string' ? { text: name } : { source: name.source, flags: name.flags };
}

/**
 * Runs in the page: the first visible element of `role` whose accessible name matches. Names
 * come from aria-labelledby, aria-label, a <label>, alt, or the text, which covers this page's
 * markup; a spec that needs more should look for a simpler page, not a fuller algorithm.
 */
export function findInPage(
  role: Role,
  name: { text: string } | { source: string; flags: string },
): Element | undefined {
  const selectors: Record<Role, string> = {
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], textarea, [role="textbox"]',
    img: 'img, [role="img"]',
  };
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const textOf = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => squash(document.getElementById(id)?.textContent))
      .join(' ');
  const accessibleName = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squash(textOf(labelledBy));
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash([...labels].map((each) => each.textContent).join(' '));
    if (element instanceof HTMLImageElement) return squash(element.alt);
    return squash(element.textContent);
  };
  const matches = (text: string) =>
    'text' in name ? text === name.text : new RegExp(name.source, name.flags).test(text);
  return [...document.querySelectorAll(selectors[role])].find(
    (element) => element.checkVisibility({ visibilityProperty: true }) && matches(accessibleName(element)),
  );
}

/** What a spec reads of an element: its text and value, and the states a screen reader tells. */
export interface ElementState {
  /** The text content, whitespace squashed. */
  text: string;
  /** An input's value; null for other elements. */
  value: string | null;
  /** It is document.activeElement. */
  focused: boolean;
  /** The `disabled` property: out of the Tab order, unlike aria-disabled. */
  disabled: boolean;
  readOnly: boolean;
  ariaDisabled: string | null;
  ariaInvalid: string | null;
}

/** Runs in the page: the state of `element`. */
export function elementState(element: Element): ElementState {
  const input = element instanceof HTMLInputElement ? element : undefined;
  return {
    text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
    value: input ? input.value : null,
    focused: document.activeElement === element,
    disabled: (element as HTMLButtonElement).disabled === true,
    readOnly: input?.readOnly === true,
    ariaDisabled: element.getAttribute('aria-disabled'),
    ariaInvalid: element.getAttribute('aria-invalid'),
  };
}

/** The source of a script that finds an element as `find` does and answers its state, or null. */
export function inspectSource(role: Role, name: Name): string {
  const found = callSource(findInPage as never, [role, nameForPage(name)]);
  return `(() => { const __name = (target) => target; const element = ${found}; return element ? (${elementState.toString()})(element) : null; })()`;
}

/** Runs in the page: puts `text` into a textarea and selects it, ready for Ctrl+C. */
export function selectInTextarea(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.focus();
  area.select();
}

/**
 * The source of a call of `fn` with `args`, to run in a page. tsx and Playwright's transform keep
 * function names with a `__name` helper that exists only in Node; the page gets a no-op one.
 */
export function callSource(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(...${JSON.stringify(args)}); })()`;
}
