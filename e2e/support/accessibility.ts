import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_A_AND_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's findings as rule id and the elements it names, so a failure reads without the trace;
 * in the whole page, or only in the parts `include` selects.
 */
export async function expectNoViolations(page: Page, include: string[] = []): Promise<void> {
  const axe = include.reduce((builder, selector) => builder.include(selector), new AxeBuilder({ page }));
  const { violations } = await axe.withTags(WCAG_A_AND_AA).analyze();
  const found = violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(found).toEqual([]);
}
