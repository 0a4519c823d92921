import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import type { ColorScheme, EngineBrowser, EngineName, EnginePage } from './engine.ts';
import { EngineLoginScreen } from './engine-login-screen.ts';
import { launchFirefox } from './firefox.ts';
import { launchWebKit } from './webkit.ts';

export interface EngineOptions {
  /** The engine a project runs the cross-engine specs in. */
  engine: EngineName;
}

interface WorkerFixtures {
  engineBrowser: EngineBrowser;
}

interface Fixtures {
  /**
   * Opens a brand's login page in the engine. Every page the test opened is checked when it ends:
   * no policy violation reported by any of them, and, where the engine's console can be read, no
   * error or warning in it.
   */
  openLogin: (service: string, options?: { colorScheme?: ColorScheme }) => Promise<EngineLoginScreen>;
}

/** The cross-engine specs' test: a browser per worker, pages per test. */
export const test = base.extend<Fixtures, EngineOptions & WorkerFixtures>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engine }, use) => {
      const browser = await (engine === 'firefox' ? launchFirefox() : launchWebKit());
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  openLogin: async ({ engineBrowser: browser }, use) => {
    const opened: { page: EnginePage; login: EngineLoginScreen }[] = [];
    await use(async (service, { colorScheme = 'light' } = {}) => {
      const page = await browser.newPage({ colorScheme });
      const login = new EngineLoginScreen(page, service, randomUUID());
      opened.push({ page, login });
      return login;
    });
    try {
      for (const { page, login } of opened) {
        // A report is a POST of its own that can trail the violation a little.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await login.policyReports(), 'Content-Security-Policy violations reported').toEqual([]);
        const messages = page.consoleMessages();
        if (messages) {
          expect(
            messages.filter((message) => /^(error|warn)/.test(message)),
            `${browser.name}'s console`,
          ).toEqual([]);
        }
      }
    } finally {
      await Promise.all(opened.map(({ page }) => page.close().catch(() => undefined)));
    }
  },
});

export { expect };
