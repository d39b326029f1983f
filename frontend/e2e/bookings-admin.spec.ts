/**
 * The bookings dashboard against the real server: bookings are made through the public API,
 * then the administrator finds them by search, filters by date range and status, cancels one,
 * exports Excel and PDF (the files are read back: an xlsx is a zip, a PDF starts with %PDF),
 * and sets a room type's capacity; axe checks the five dashboard pages in both languages, and
 * screenshots at 360 and 1280 px are kept in test-results/ for review.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';

test.describe.configure({ mode: 'serial' });

/** Letters only, so the search finds just this run's rows. */
const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A date `days` from today in India, as YYYY-MM-DD. */
function dayFromNow(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

async function bookRoom(request: APIRequestContext, name: string, checkIn: string, checkOut: string): Promise<string> {
  const response = await request.post('/api/bookings', {
    data: { fullName: name, email: 'guest@example.org', phone: '9876543210', checkIn, checkOut, guests: 2, roomType: 'deluxe', specialRequests: '' },
  });
  expect(response.status(), `${name} books a room`).toBe(200);
  return response.headers()['x-booking-reference'];
}

test('the administrator finds room bookings, filters them by date and status, cancels one and exports them', async ({ browser, request }) => {
  const early = await bookRoom(request, `Asha ${tag}`, dayFromNow(10), dayFromNow(12));
  const late = await bookRoom(request, `Vinay ${tag}`, dayFromNow(40), dayFromNow(41));
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Alandi Room Bookings' })).toBeVisible();

  await page.getByRole('searchbox').fill(tag);
  const table = page.getByRole('table');
  await expect(table.getByText(early)).toBeVisible();
  await expect(table.getByText(late)).toBeVisible();

  // Only the early booking lies in the next 20 days.
  await page.getByLabel('From', { exact: true }).fill(dayFromNow(0));
  await page.getByLabel('To', { exact: true }).fill(dayFromNow(20));
  await expect(table.getByText(late)).toHaveCount(0);
  await expect(table.getByText(early)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByText(late)).toBeVisible();

  await page.getByRole('button', { name: `Cancel booking: ${late} Vinay ${tag}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Are you sure you want to cancel this booking? (${late})`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(`Booking ${late} cancelled.`)).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await expect(table.getByText(late)).toBeVisible();
  await expect(table.getByText(early)).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('confirmed');
  await expect(table.getByText(early)).toBeVisible();
  await expect(table.getByText(late)).toHaveCount(0);

  const token = await adminToken(request);
  const check = await request.get(`/api/bookings?q=${late}`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await check.json())[0].status).toBe('cancelled');

  for (const [button, start] of [['Export Excel', 'PK'], ['Export PDF', '%PDF']] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const file = await download;
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, start.length).toString('latin1'), `${button} gives a real file`).toBe(start);
    expect(file.suggestedFilename()).toMatch(/\.(xlsx|pdf)$/);
  }
  await page.context().close();
});

test('the administrator sets a room type capacity and a closed date, read back from the server', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/booking-capacity');
  await expect(page.getByRole('heading', { level: 1, name: 'Capacity and closed dates' })).toBeVisible();
  await page.getByLabel('Suite', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Save capacity' }).click();
  await expect(page.getByText('Capacity saved.')).toBeVisible();

  await page.getByLabel('Booking', { exact: true }).selectOption('markandeya');
  await page.getByLabel(/^Date/).fill(dayFromNow(30));
  await page.getByLabel(/^Reason/).fill(`Yatra ${tag}`);
  await page.getByRole('button', { name: 'Add closed date' }).click();
  await expect(page.getByText('Closed date added.')).toBeVisible();

  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const capacity = await (await request.get('/api/bookings/capacity', { headers })).json();
  expect(capacity.rooms.suite).toBe(1);
  const blocked = await (await request.get('/api/bookings/blocked-dates', { headers })).json();
  expect(blocked).toContainEqual(expect.objectContaining({ kind: 'markandeya', date: dayFromNow(30), reason: `Yatra ${tag}` }));

  // The page shows the saved values after a reload.
  await page.reload();
  await expect(page.getByLabel('Suite', { exact: true })).toHaveValue('1');
  await expect(page.getByText(`Yatra ${tag}`)).toBeVisible();
  await page.context().close();
});

test.describe('the bookings dashboard pages in both languages (axe, WCAG 2.1 A/AA)', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const pages = [
    { path: 'bookings', heading: { en: 'Alandi Room Bookings', mr: 'आळंदी खोली आरक्षणे' } },
    { path: 'abhishek-bookings', heading: { en: 'Markandeya Abhishek Bookings', mr: 'मार्कंडेय अभिषेक आरक्षणे' } },
    { path: 'poshavvadevi-bookings', heading: { en: 'Poshavvadevi Abhishek Bookings', mr: 'पोशव्वादेवी अभिषेक आरक्षणे' } },
    { path: 'shitaladevi-bookings', heading: { en: 'Shitaladevi Abhishek Bookings', mr: 'शीतलादेवी अभिषेक आरक्षणे' } },
    { path: 'booking-capacity', heading: { en: 'Capacity and closed dates', mr: 'क्षमता व आरक्षण बंद दिनांक' } },
  ];
  for (const lang of ['en', 'mr'] as const) {
    for (const target of pages) {
      test(`${target.path} in ${lang}: no serious or critical violation`, async ({ browser, request }) => {
        const page = await adminPage(browser, request, lang);
        await page.goto(`/admin/dashboard/${target.path}`);
        await expect(page.getByRole('heading', { level: 1, name: target.heading[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(tags).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
        expect(serious).toEqual([]);
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: test.info().outputPath(`${target.path}-${lang}-${width}.png`), fullPage: true });
        }
        await page.context().close();
      });
    }
  }
});
