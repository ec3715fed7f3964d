import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const describe = (v: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }) =>
  `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/**
 * axe-core's violations on the page as it is. `setLegacyMode`: `axe.run` in the page itself
 * (same rules, same-origin frames included) instead of a partial run per frame finished in a
 * new blank page the full axe source is injected into again; `resultTypes`: the passes and
 * incomplete results, which nothing here reads, are reported for one node each, not every one.
 * Together they cut a scan from 1.4–3.6 s to 0.6–1.3 s (decision 0080); violations are found
 * and listed in full either way.
 */
async function violations(page: Page) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  return (await builder.analyze()).violations;
}

/** Runs axe-core on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const serious = (await violations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map(describe)).toEqual([]);
}

/**
 * Runs axe-core and fails on any violation, minor and moderate ones included (issue 43 §5: a
 * heading that skips a level is "moderate", and still a page a screen reader reads wrong).
 */
export async function expectNoA11yViolations(page: Page) {
  expect((await violations(page)).map(describe)).toEqual([]);
}
