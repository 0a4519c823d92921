import { test as base, expect } from '@playwright/test';
import { LoginScreen } from './login-screen.ts';

export interface BrandOptions {
  /** The brand folder, and service key, a project runs the suite for. */
  service: string;
}

/** The suite's test: every project knows its brand, and gets a login screen for it. */
export const test = base.extend<BrandOptions & { login: LoginScreen }>({
  service: ['a-dok', { option: true }],
  login: async ({ page, service }, use) => {
    await use(new LoginScreen(page, service));
  },
});

export { expect };
