/**
 * Checks the browser journeys share: axe with the WCAG 2.1 A/AA rules, an image really decoded,
 * an administrator's table narrowed to one run's rows by its search box, and the console.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page's serious and critical violations, each with its first few elements (expect none). */
/** Axe judges colours as drawn: let finite animations (a dialog's fade-in) end first. */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function seriousViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** The image has loaded and decoded in the browser. */
export async function expectDecoded(page: Page, name: string | RegExp) {
  const img = page.getByRole('img', { name });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** Types `text` into the table's search box and waits for the list `listPath` (e.g. /api/gallery) to answer it. */
export async function searchTable(page: Page, text: string, listPath: string) {
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === listPath && new URL(r.url()).searchParams.get('q') === text);
  await page.getByRole('searchbox').fill(text);
  await searched;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Collects what the page writes to the console as errors or warnings (React reports a hydration
 * mismatch there), and uncaught exceptions.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
