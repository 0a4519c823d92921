import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import {
  callSource,
  findInPage,
  inspectSource,
  selectInTextarea,
  nameForPage,
  type ColorScheme,
  type ElementState,
  type EngineBrowser,
  type EngineElement,
  type EnginePage,
  type Name,
  type Role,
} from './engine.ts';

/** Debian's firefox-esr unless FIREFOX_PATH names another Firefox. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox talks WebDriver BiDi itself, so puppeteer-core drives the stock browser with no
 * geckodriver (which no Debian package ships). Prefs keep it off the network it cannot reach.
 */
const QUIET_PREFS = {
  'app.update.disabledForTesting': true,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'browser.newtabpage.enabled': false,
  'network.http.http3.enable': false,
};

/**
 * One Firefox per color scheme: the scheme is a pref of the whole browser (0 dark, 1 light), and
 * BiDi has no media emulation yet. Each page gets a browser context of its own.
 */
export async function launchFirefox(): Promise<EngineBrowser> {
  const browsers = new Map<ColorScheme, Promise<Browser>>();
  const launch = (colorScheme: ColorScheme) =>
    puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      extraPrefsFirefox: {
        ...QUIET_PREFS,
        'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
      },
    });
  const browserFor = (colorScheme: ColorScheme) => {
    let browser = browsers.get(colorScheme);
    if (!browser) browsers.set(colorScheme, (browser = launch(colorScheme)));
    return browser;
  };
  const light = await browserFor('light');
  return {
    name: 'firefox',
    version: await light.version(),
    async newPage({ colorScheme }) {
      const context = await (await browserFor(colorScheme)).createBrowserContext();
      return new FirefoxPage(context, await context.newPage());
    },
    async readConsole(urls, settleMs) {
      const context = await light.createBrowserContext();
      try {
        const pages = await Promise.all(
          urls.map(async () => new FirefoxPage(context, await context.newPage())),
        );
        await Promise.all(pages.map((page, index) => page.goto(urls[index] ?? 'about:blank')));
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        return pages.flatMap((page) =>
          page.consoleMessages().filter((message) => !message.startsWith('log:')),
        );
      } finally {
        await context.close();
      }
    },
    async close() {
      await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
    },
  };
}

class FirefoxPage implements EnginePage {
  readonly engine = 'firefox' as const;
  private readonly messages: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    // BiDi's log.entryAdded: console calls, uncaught errors, and the engine's own reports.
    page.on('console', (message) => this.messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.messages.push(`pageerror: ${String(error)}`));
  }

  consoleMessages() {
    return [...this.messages];
  }

  async goto(url: string) {
    await this.page.goto(url);
  }

  async url() {
    return this.page.url();
  }

  async back() {
    await this.page.goBack();
  }

  async forward() {
    await this.page.goForward();
  }

  async reload() {
    await this.page.reload();
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return (await this.page.evaluate(callSource(fn as never, args))) as Awaited<T>;
  }

  async find(role: Role, name: Name): Promise<EngineElement | undefined> {
    const handle = await this.page.evaluateHandle(callSource(findInPage as never, [role, nameForPage(name)]));
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await handle.dispose();
      return undefined;
    }
    const { page } = this;
    return {
      click: () => element.click(),
      type: (text) => element.type(text),
      press: (key) => element.press(key),
      async paste() {
        await element.focus();
        await page.keyboard.down('Control');
        await page.keyboard.press('KeyV');
        await page.keyboard.up('Control');
      },
    };
  }

  async inspect(role: Role, name: Name): Promise<ElementState | undefined> {
    return ((await this.page.evaluate(inspectSource(role, name))) as ElementState | null) ?? undefined;
  }

  async copyInOtherTab(url: string, text: string) {
    const other = await this.context.newPage();
    try {
      await other.goto(url);
      await other.evaluate(callSource(selectInTextarea as never, [text]));
      await other.keyboard.down('Control');
      await other.keyboard.press('KeyC');
      await other.keyboard.up('Control');
    } finally {
      await other.close();
    }
    await this.page.bringToFront();
  }

  async close() {
    await this.context.close();
  }
}
