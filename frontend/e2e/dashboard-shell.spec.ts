/**
 * The dashboard's frame as the first-run owner sees it (every section): Logout in sight without
 * scrolling at 1280×800 and on a 360 px phone, on the home page and at the bottom of a long page,
 * and it signs out; Account at the sidebar's foot on a wide screen, the sections scrolling on
 * their own above it. In Marathi the lists write counts and dates in Devanagari digits and
 * phone numbers in Latin digits (lib/digits). Screenshots at 360 and 1280 px in both languages
 * are kept in test-results/ for review.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPage } from './admin-session';
import { searchTable } from './checks';

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

/** Letters only, so a search finds just this run's rows. */
const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A date `days` from today in India, as YYYY-MM-DD. */
const dayFromNow = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

/** A family of two and a room booking of two guests, through the public forms' API. */
async function someRows(request: APIRequestContext): Promise<{ surname: string; reference: string }> {
  const surname = `Patil${tag}`;
  const person = { dob: '1998-02-01', age: '28', sex: 'Female', education: 'MA', occupation: 'Teacher', status: 'Unmarried', workAddress: 'Pune', whatsapp: '9876543211', area: 'Pune' };
  const family = await request.post('/api/members/register', {
    data: {
      head: { firstName: 'Suresh', middleName: 'Ramchandra', lastName: surname, surname, fatherName: 'Ramchandra', motherName: 'Sita', ...person, dob: '1970-05-14', age: '56', sex: 'Male', status: 'Married', whatsapp: '9876543210' },
      familyMembers: [
        { name: 'Sunita', relation: 'Daughter', fatherName: 'Suresh', motherName: 'Suman', surname, ...person },
        { name: 'Rohan', relation: 'Son', fatherName: 'Suresh', motherName: 'Suman', surname, ...person, sex: 'Male', whatsapp: '9876543212' },
      ],
    },
  });
  expect(family.status(), 'the family is registered').toBe(201);
  const booking = await request.post('/api/bookings', {
    data: { fullName: `Asha ${tag}`, email: 'guest@example.org', phone: '9876543210', checkIn: dayFromNow(30), checkOut: dayFromNow(32), guests: 2, roomType: 'deluxe', specialRequests: '' },
  });
  expect(booking.status(), 'the room is booked').toBe(200);
  return { surname, reference: booking.headers()['x-booking-reference'] };
}

test('in Marathi the family and booking lists write counts in Devanagari digits and phone numbers and references in Latin digits', async ({ browser, request }) => {
  const { surname, reference } = await someRows(request);
  const page = await adminPage(browser, request, 'mr', 1280, 800);
  await page.goto('/admin/dashboard/heads');
  await searchTable(page, surname, '/api/heads');
  // A row, drawn as a table or as cards (the same <tr> and <td>).
  const family = page.locator('tr').filter({ hasText: surname });
  await expect(family.getByRole('link', { name: '9876543210', exact: true })).toHaveAttribute('href', 'tel:9876543210');
  await expect(family.locator('td').filter({ hasText: /^२$/ })).toHaveCount(1);
  await expect(family).not.toContainText('९८७६५४३२१०');

  await page.goto('/admin/dashboard/bookings');
  await searchTable(page, tag, '/api/bookings');
  const booking = page.locator('tr').filter({ hasText: reference });
  await expect(booking.getByRole('link', { name: '9876543210', exact: true })).toHaveAttribute('href', 'tel:9876543210');
  await expect(booking.locator('td').filter({ hasText: /^२$/ })).toHaveCount(1);
  await expect(booking).toContainText(/[०-९]{4}/);
  await page.screenshot({ path: test.info().outputPath('bookings-digits-mr-1280.png') });
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
