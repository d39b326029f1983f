/**
 * The dashboard's frame as the first-run owner sees it (every section): Logout in sight without
 * scrolling at 1280×800 and on a 360 px phone, on the home page and at the bottom of a long page,
 * and it signs out; Account at the sidebar's foot on a wide screen, the sections scrolling on
 * their own above it. In Marathi the lists write counts and dates in Devanagari digits and
 * phone numbers in Latin digits (lib/digits). Screenshots at 360 and 1280 px in both languages
 * are kept in test-results/ for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminPage } from './admin-session';

const words = {
  en: { logout: 'Logout', account: 'Account', menu: 'Administrator menu', dashboard: 'Dashboard' },
  mr: { logout: 'लॉगआउट', account: 'खाते', menu: 'प्रशासक मेनू', dashboard: 'डॅशबोर्ड' },
} as const;

const logoutButton = (page: Page, lang: 'en' | 'mr') => page.getByRole('banner').getByRole('button', { name: words[lang].logout, exact: true });

test('at 1280×800 Logout is in sight without scrolling, on a short page and at the bottom of a long one, and signs out', async ({ browser, request }) => {
  const page = await adminPage(browser, request, 'en', 1280, 800);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const logout = logoutButton(page, 'en');
  await expect(logout).toBeInViewport({ ratio: 1 });
  // The owner's sidebar is longer than the window: its sections scroll, Account stays at the foot.
  const menu = page.getByRole('navigation', { name: 'Administrator menu' });
  const account = menu.getByRole('link', { name: 'Account', exact: true });
  await expect(account).toBeInViewport({ ratio: 1 });
  const sections = menu.getByRole('list').first();
  expect(await sections.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await menu.getByRole('link', { name: 'Employment' }).scrollIntoViewIfNeeded();
  await expect(menu.getByRole('link', { name: 'Employment' })).toBeInViewport();
  await expect(account).toBeInViewport({ ratio: 1 });

  // The page scrolled to its end (the owner's home page is longer than the window): Logout and Account are still there.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(logout).toBeInViewport({ ratio: 1 });
  await expect(account).toBeInViewport({ ratio: 1 });

  await logout.click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await page.context().close();
});

test('on a 360 px phone Logout is in the top bar, in sight without opening the menu, and signs out', async ({ browser, request }) => {
  const page = await adminPage(browser, request, 'mr', 360, 740);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'डॅशबोर्ड' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'प्रशासक मेनू' })).toBeHidden();
  const logout = logoutButton(page, 'mr');
  await expect(logout).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await logout.click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await page.context().close();
});

test.describe('screenshots of the dashboard for review', () => {
  for (const lang of ['en', 'mr'] as const) {
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      test(`${lang} at ${width} px`, async ({ browser, request }) => {
        const page = await adminPage(browser, request, lang, width, height);
        const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${lang}-${width}.png`) });
        await page.goto('/admin/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: words[lang].dashboard })).toBeVisible();
        await expect(logoutButton(page, lang)).toBeInViewport({ ratio: 1 });
        await page.waitForLoadState('networkidle');
        await shot('dashboard');
        for (const [path, name] of [
          ['/admin/dashboard/heads', 'families'],
          ['/admin/dashboard/bookings', 'bookings'],
          ['/admin/dashboard/gallery', 'gallery'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await shot(name);
        }
        if (width < 600) {
          await page.getByRole('button', { name: lang === 'en' ? 'Menu' : 'मेनू' }).click();
          await expect(page.getByRole('navigation', { name: words[lang].menu })).toBeVisible();
          await page.screenshot({ path: test.info().outputPath(`menu-${lang}-${width}.png`), fullPage: true });
        }
        await page.context().close();
      });
    }
  }
});
