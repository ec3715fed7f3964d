import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const describe = (v: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }) =>
  `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/** Runs axe-core on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map(describe)).toEqual([]);
}

/**
 * Runs axe-core and fails on any violation, minor and moderate ones included (issue 43 §5: a
 * heading that skips a level is "moderate", and still a page a screen reader reads wrong).
 */
export async function expectNoA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(describe)).toEqual([]);
}
