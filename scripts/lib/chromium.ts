import { existsSync } from 'node:fs';

/** The system Chromium (Debian's `chromium` package) unless CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`: the same Chromium release without the desktop browser around it. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the test suite drives: the headless shell when it is installed, as Playwright
 * itself runs headless Chromium, else the full Chromium; CHROMIUM_PATH overrides both. The shell
 * runs the suite a third faster on two cores (docs/decisions/011-one-run-per-behaviour.md).
 */
export const suiteChromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath);

/** Without these, Chromium keeps calling Google services that a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
