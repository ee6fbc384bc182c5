import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Axe's serious and critical findings on the page, one line each (rule, impact, help, the first few elements). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
