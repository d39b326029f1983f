/**
 * Bilingual notifications against the real server (docs/DESIGN.md §6): an administrator writes
 * one in English and Marathi with a last day of today through the dashboard; the home page's
 * banner shows the English on the English page and the Marathi on the Marathi page, switches
 * with the language, and shows the English to Marathi readers when there is no Marathi text.
 * (That a notification leaves the banner after its last day is the server's test,
 * backend/tests/api/notifications.rs.) Screenshots of the dashboard page and the banner at 360
 * and 1280 px in both languages are kept in test-results/ for review.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage, adminToken, unique } from './admin-session';
import { seriousViolations } from './checks';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Today in India (YYYY-MM-DD): the server's "today" for an end date. */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

const english = unique('Aarti at 7 pm on the temple ground');
const marathi = `मंदिराच्या प्रांगणात सायंकाळी ७ वाजता आरती ${english.split(' ').at(-1)}`;
const englishOnly = unique('Office closed on Monday');

/** A visitor's home page in `lang` (the stored choice), `width` wide. */
async function visitor(browser: Browser, lang: 'en' | 'mr', width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return page;
}

test.afterAll(async ({ request }) => {
  // The other journeys' banners start from their own notifications.
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const all = (await (await request.get('/api/admin/notifications', { headers, params: { per_page: 100 } })).json()) as Array<{ id: number; message: string }>;
  for (const note of all.filter((n) => n.message === english || n.message === englishOnly)) {
    await request.delete(`/notifications/${note.id}`, { headers });
  }
});

test('a notification written in English and Marathi reaches the banner in each page’s language', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Message (English)' }).fill(english);
  await page.getByRole('textbox', { name: 'Message (Marathi)' }).fill(marathi);
  // The last day cannot be in the past: the field says so before anything is sent.
  await page.getByLabel('Show until').fill('2020-01-01');
  await page.getByRole('button', { name: 'Add Notification' }).click();
  await expect(page.getByText('The end date cannot be in the past')).toBeVisible();
  await page.getByLabel('Show until').fill(todayInIndia());
  await page.getByRole('button', { name: 'Add Notification' }).click();
  await expect(page.getByText('Notification added.')).toBeVisible();

  // The list shows both texts and the day; it has not ended (it ends after today).
  const row = page.getByRole('row', { name: new RegExp(english) });
  await expect(row).toContainText(marathi);
  await expect(row).toContainText(new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date()));
  await expect(row).not.toContainText('Ended');
  const stored = (await (await request.get('/notifications?lng=mr')).json()) as Array<{ message: string; ends_on: string | null }>;
  expect(stored[0]).toMatchObject({ message: marathi, ends_on: todayInIndia() });

  // English page: English; Marathi page: Marathi.
  const en = await visitor(browser, 'en');
  await expect(en.getByTestId('banner-text')).toHaveText(english);
  const mr = await visitor(browser, 'mr');
  await expect(mr.getByTestId('banner-text')).toHaveText(marathi);
  await expect(mr.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible();

  // A switch of language asks again.
  await en.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'मराठी' }).click();
  await expect(en.locator('html')).toHaveAttribute('lang', 'mr');
  await expect(en.getByTestId('banner-text')).toHaveText(marathi);

  for (const [lang, shown] of [['en', en], ['mr', mr]] as const) {
    for (const width of [1280, 360]) {
      await shown.setViewportSize({ width, height: 800 });
      // The text scrolls (never "stable"): its section is brought into view instead.
      await shown.locator('section[aria-labelledby="updates-label"]').scrollIntoViewIfNeeded();
      await shown.screenshot({ path: test.info().outputPath(`banner-${lang === 'en' ? 'switched-to-mr' : 'mr'}-${width}.png`) });
    }
  }

  // A newer one without Marathi: Marathi readers see the English, live.
  await page.getByRole('textbox', { name: 'Message (English)' }).fill(englishOnly);
  await page.getByRole('button', { name: 'Add Notification' }).click();
  await expect(page.getByText('Notification added.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(englishOnly) })).toContainText('None: the English is shown');
  await expect(mr.getByTestId('banner-text')).toHaveText(englishOnly);
  await expect(en.getByTestId('banner-text')).toHaveText(englishOnly);

  await en.context().close();
  await mr.context().close();
  await page.context().close();
});

test('the dashboard page in both languages: axe and screenshots at 360 and 1280 px', async ({ browser, request }) => {
  for (const lang of ['en', 'mr'] as const) {
    const page = await adminPage(browser, request, lang);
    await page.goto('/admin/dashboard/notifications');
    await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Notifications' : 'सूचना' })).toBeVisible();
    await page.getByRole('searchbox').fill(english.split(' ').at(-1)!);
    await expect(page.getByRole('row', { name: new RegExp(english) })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`notifications-${lang}-${width}.png`), fullPage: true });
    }
    await page.context().close();
  }
});
