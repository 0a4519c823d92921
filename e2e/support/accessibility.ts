import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext } from 'axe-core';

const WCAG_A_AND_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Found = { id: string; help: string; targets: string[] }[];

/**
 * Puts axe-core into each frame that lacks it. A view change keeps the document, so one page
 * load parses axe once per frame, not once per check as @axe-core/playwright does (a third of a
 * second each time); frames answer the main frame's axe.run only from its own origin, as in
 * @axe-core/playwright's legacy mode. A frame that goes away meanwhile has nothing left to check.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (present) continue;
    await frame
      .evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'] });`)
      .catch(() => undefined);
  }
}

/**
 * axe's findings as rule id and the elements it names, so a failure reads without the trace;
 * in the whole page, or only in the parts `include` selects. `where` names the view in the
 * failure message.
 */
export async function expectNoViolations(
  page: Page,
  where = 'the page',
  include: string[] = [],
): Promise<void> {
  await injectAxe(page);
  const found = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
      const context: ElementContext =
        include.length > 0 ? { include: include.map((selector) => [selector]) } : document;
      const { violations } = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return violations.map(({ id, help, nodes }) => ({
        id,
        help,
        targets: nodes.map((node) => node.target.flat().join(' ')),
      }));
    },
    { include, tags: WCAG_A_AND_AA },
  );
  expect(found satisfies Found, `axe on ${where}`).toEqual([]);
}
