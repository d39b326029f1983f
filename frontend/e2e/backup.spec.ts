/**
 * The owners' Backups page (docs/DESIGN.md §13) against the real server, in English at 1280 px
 * and in Marathi at 360 px, with axe (WCAG 2.1 A/AA): the journeys' administrator (the first
 * one, so an owner) opens Backups from the menu, reads the schedule (or, on the journeys'
 * server, which sets none, the settings that would set it), presses "Download a backup now",
 * and a `samiti-backup-<time>.tar.gz` arrives: gzip, not empty, under the server's name. The
 * audit log then holds the download. Screenshots are kept in test-results/ for review.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { seriousViolations } from './checks';

type Lang = 'en' | 'mr';
const marathi = JSON.parse(readFileSync(new URL('../public/locales/mr/translation.json', import.meta.url), 'utf8')) as Record<string, string>;
/** A text of the screen in `lang` (the English key, or its Marathi). */
const tr = (lang: Lang, key: string) => (lang === 'en' ? key : (marathi[key] ?? key));

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);
}

for (const [lang, width] of [
  ['en', 1280],
  ['mr', 360],
] as Array<[Lang, number]>) {
  test(`${lang} at ${width} px: an owner opens Backups, presses Download, and the backup arrives`, async ({ browser, request }) => {
    // A fresh backup of a small site takes seconds; a slow machine gets room.
    test.setTimeout(180_000);
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const before = await request.get('/api/admin/audit?action=backup&entity=backup', { headers: auth });
    expect(before.status()).toBe(200);
    const backupsBefore = Number(before.headers()['x-total-count'] ?? 0);
    const status = await request.get('/api/admin/backup', { headers: auth });
    expect(status.status(), 'the owner reads the backups').toBe(200);
    const { schedule } = (await status.json()) as { schedule: unknown };

    const page = await adminPage(browser, request, lang, width);
    await page.goto('/admin/dashboard');
    const menu = page.getByRole('navigation', { name: tr(lang, 'Administrator menu') });
    if (width < 900 && !(await menu.isVisible())) await page.getByRole('button', { name: tr(lang, 'Menu') }).click();
    await menu.getByRole('link', { name: tr(lang, 'Backups'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/backup$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Backups') })).toBeVisible();
    if (schedule === null) {
      await expect(page.getByText(tr(lang, 'No automatic backups are set up.'))).toBeVisible();
      await expect(page.getByText('SAMITI_BACKUP_DIR', { exact: true })).toBeVisible();
      await expect(page.getByText('SAMITI_BACKUP_EVERY', { exact: true })).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { level: 3, name: tr(lang, 'Kept backups') })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await noOverflow(page);
    await page.screenshot({ path: test.info().outputPath(`backup-${lang}-${width}.png`), fullPage: true });

    const button = page.getByRole('button', { name: tr(lang, 'Download a backup now') });
    const downloading = page.waitForEvent('download', { timeout: 150_000 });
    const taken = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/backup' && r.request().method() === 'POST', { timeout: 150_000 });
    await button.click();
    const download = await downloading;
    expect((await taken).status()).toBe(200);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^samiti-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.length, 'the backup is not empty').toBeGreaterThan(0);
    expect([...bytes.subarray(0, 2)], 'a gzip file').toEqual([0x1f, 0x8b]);
    await expect(page.getByText(`${tr(lang, 'File downloaded: {{name}}').replace('{{name}}', name)}`)).toBeVisible();
    await expect(button).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`backup-${lang}-${width}-done.png`), fullPage: true });

    // The download is in the audit log.
    const after = await request.get('/api/admin/audit?action=backup&entity=backup', { headers: auth });
    expect(Number(after.headers()['x-total-count'] ?? 0)).toBe(backupsBefore + 1);

    await page.context().close();
  });
}
