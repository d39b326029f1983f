/**
 * The bookings dashboard against the real server: bookings are made through the public API,
 * then the administrator finds them by search, filters by date range and status, cancels one,
 * exports the filtered list as Excel and PDF (the files are read back: the xlsx's XML with
 * unzip, the PDF's text with pdftotext, and hold only the filtered booking), sets a room type's
 * capacity and a closed date, and fills the last suite, which a visitor's booking form then
 * explains (and the server refuses with 409 when a form did not know yet); axe checks the five
 * dashboard pages in both languages, and screenshots at 360 and 1280 px are kept in
 * test-results/ for review. Capacity is global to the shared e2e database, so it is set back to
 * "no limit" after the tests that change it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { seriousViolations } from './checks';
import { exportText } from './files';

test.describe.configure({ mode: 'serial' });

/** Letters only, so the search finds just this run's rows. */
const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A date `days` from today in India, as YYYY-MM-DD. */
function dayFromNow(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

async function bookRoom(request: APIRequestContext, name: string, checkIn: string, checkOut: string, roomType = 'deluxe'): Promise<string> {
  const response = await request.post('/api/bookings', {
    data: { fullName: name, email: 'guest@example.org', phone: '9876543210', checkIn, checkOut, guests: 2, roomType, specialRequests: '' },
  });
  expect(response.status(), `${name} books a room`).toBe(200);
  return response.headers()['x-booking-reference'];
}

const hours = { first: '05:00', last: '09:00' };
/** The booking policy's defaults (policy.rs). */
const defaultPolicy = {
  guests_per_room: { standard: 4, deluxe: 4, suite: 6 },
  longest_stay_nights: 7,
  days_ahead: 180,
  participants_per_puja: { markandeya: 10, poshavvadevi: 10, shitaladevi: 10 },
  puja_hours: { markandeya: hours, poshavvadevi: hours, shitaladevi: hours },
};
const noLimit = {
  rooms: { standard: null, deluxe: null, suite: null },
  pujas_per_day: { markandeya: null, poshavvadevi: null, shitaladevi: null },
  policy: defaultPolicy,
};

/** Capacity is global: every test that changes it leaves "no limit" and the default policy behind for the other specs. */
async function resetCapacity(request: APIRequestContext) {
  const token = await adminToken(request);
  const response = await request.put('/api/bookings/capacity', { headers: { Authorization: `Bearer ${token}` }, data: noLimit });
  expect(response.status(), 'capacity back to no limit').toBe(200);
}

test('the administrator finds room bookings, filters them by date and status, cancels one and exports them', async ({ browser, request }) => {
  const early = await bookRoom(request, `Asha ${tag}`, dayFromNow(10), dayFromNow(12));
  const late = await bookRoom(request, `Vinay ${tag}`, dayFromNow(40), dayFromNow(41));
  const later = await bookRoom(request, `Meena ${tag}`, dayFromNow(50), dayFromNow(51));
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
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to cancel this booking?');
  await expect(page.getByRole('dialog').getByRole('listitem').first()).toHaveText(`Vinay ${tag} · ${late}`);
  // Two answers that cannot be mistaken: "Keep booking" changes nothing, "Cancel booking" cancels.
  await expect(page.getByRole('dialog').getByRole('button')).toHaveText(['Keep booking', 'Cancel booking']);
  await page.getByRole('dialog').getByRole('button', { name: 'Keep booking' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Cancel booking: ${late} Vinay ${tag}` })).toBeVisible();
  await page.getByRole('button', { name: `Cancel booking: ${late} Vinay ${tag}` }).click();
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

  // The exports hold what the list shows: with the search, the date range and the status set,
  // only the early booking (the late one is cancelled, the later one is outside the range).
  await page.getByLabel('From', { exact: true }).fill(dayFromNow(0));
  await page.getByLabel('To', { exact: true }).fill(dayFromNow(45));
  await expect(table.getByText(early)).toBeVisible();
  await expect(table.getByText(later)).toHaveCount(0);
  await expect(table.getByText(late)).toHaveCount(0);
  for (const button of ['Export Excel', 'Export PDF'] as const) {
    const file = await exportText(page, button);
    expect(file.name).toMatch(/\.(xlsx|pdf)$/);
    expect(file.text, `${button} holds the shown booking`).toContain(early);
    expect(file.text, `${button} leaves out the cancelled booking`).not.toContain(late);
    expect(file.text, `${button} leaves out the booking outside the range`).not.toContain(later);
  }
  // Without the filters (the search stays) every booking of this run is exported.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByText(later)).toBeVisible();
  const all = await exportText(page, 'Export Excel');
  for (const reference of [early, late, later]) expect(all.text).toContain(reference);
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

  // The same day again is refused under the date.
  await page.getByLabel('Booking', { exact: true }).selectOption('markandeya');
  await page.getByLabel(/^Date/).fill(dayFromNow(30));
  await page.getByLabel(/^Reason/).fill(`Again ${tag}`);
  await page.getByRole('button', { name: 'Add closed date' }).click();
  await expect(page.getByLabel(/^Date/)).toHaveAccessibleDescription('This date is already closed.');

  // Removing it asks first; then the day is open again.
  const row = page.getByRole('listitem').filter({ hasText: `Yatra ${tag}` });
  await row.getByRole('button', { name: /^Remove/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Yatra ${tag}`)).toHaveCount(0);
  const after = await (await request.get('/api/bookings/blocked-dates', { headers })).json();
  expect(after).not.toContainEqual(expect.objectContaining({ reason: `Yatra ${tag}` }));
  await page.context().close();
});

test('a full room type is explained on the booking form, and a form that did not know gets the 409 under the check-in date', async ({ browser, request }) => {
  const checkIn = dayFromNow(60);
  const checkOut = dayFromNow(62);
  const shown = (date: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  try {
    // One suite in all.
    const admin = await adminPage(browser, request);
    await admin.goto('/admin/dashboard/booking-capacity');
    await admin.getByLabel('Suite', { exact: true }).fill('1');
    await admin.getByRole('button', { name: 'Save capacity' }).click();
    await expect(admin.getByText('Capacity saved.')).toBeVisible();

    // A visitor on a phone opens the form while the suite is still free.
    const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await visitor.goto('/onlineServices/alandiRoomBooking?lng=en');
    await visitor.getByLabel('Full name').fill('Kiran Shinde');
    await visitor.getByLabel('Email').fill('kiran@example.org');
    await visitor.getByLabel('Phone').fill('9876543211');
    await visitor.getByLabel('Room type').selectOption('suite');
    await visitor.getByLabel('Check-in date').fill(checkIn);
    await visitor.getByLabel('Check-out date').fill(checkOut);
    await expect(visitor.getByLabel('Check-in date')).not.toHaveAttribute('aria-invalid');

    // Meanwhile someone else takes the last suite for the same nights.
    await bookRoom(request, `Suite ${tag}`, checkIn, checkOut, 'suite');

    // The visitor's form did not know: the server refuses, under the check-in date.
    await visitor.getByRole('button', { name: 'Book now' }).click();
    await expect(visitor.getByText('Submission failed')).toBeVisible();
    await expect(visitor.getByLabel('Check-in date')).toHaveAccessibleDescription(/No rooms of this type are free for these dates\.$/);
    // …and the form now knows which days are full.
    await expect(visitor.getByLabel('Check-in date')).toHaveAccessibleDescription(new RegExp(`Not available: ${shown(checkIn)}; ${shown(dayFromNow(61))}`));

    // A new visitor sees the full night explained before sending anything, in both languages.
    await visitor.goto('/onlineServices/alandiRoomBooking?lng=en');
    await visitor.getByLabel('Room type').selectOption('suite');
    await visitor.getByLabel('Check-in date').fill(dayFromNow(61));
    // The policy's hint first (the default: 180 days ahead), then the coming full days.
    await expect(visitor.getByLabel('Check-in date')).toHaveAccessibleDescription(
      `Bookings open up to 180 days ahead. Not available: ${shown(checkIn)}; ${shown(dayFromNow(61))} No rooms of this type are free on ${shown(dayFromNow(61))}.`,
    );
    // Another room type is free on those nights.
    await visitor.getByLabel('Room type').selectOption('standard');
    await expect(visitor.getByLabel('Check-in date')).not.toHaveAttribute('aria-invalid');
    await visitor.screenshot({ path: test.info().outputPath('room-form-full-en-360.png'), fullPage: true });

    await visitor.goto('/onlineServices/alandiRoomBooking?lng=mr');
    await visitor.getByLabel('खोलीचा प्रकार').selectOption('suite');
    await visitor.getByLabel('आगमन दिनांक').fill(checkIn);
    const marathiDate = visitor.getByLabel('आगमन दिनांक');
    await expect(marathiDate).toHaveAttribute('aria-invalid', 'true');
    // "… रोजी या प्रकारची खोली उपलब्ध नाही." with the date in Devanagari digits.
    await expect(marathiDate).toHaveAccessibleDescription(/^१८० दिवस आधीपर्यंत आरक्षण करता येते\. उपलब्ध नाही: [०-९]{1,2} \S+, [०-९]{4}; .* [०-९]{1,2} \S+, [०-९]{4} रोजी या प्रकारची खोली उपलब्ध नाही\.$/);
    await visitor.screenshot({ path: test.info().outputPath('room-form-full-mr-360.png'), fullPage: true });
    await visitor.close();

    // Zero rooms: every day of the type is full.
    await admin.getByLabel('Suite', { exact: true }).fill('0');
    await admin.getByRole('button', { name: 'Save capacity' }).click();
    await expect(admin.getByText('Capacity saved.')).toBeVisible();
    const availability = await (await request.get(`/api/bookings/availability?kind=room&room_type=suite&from=${dayFromNow(1)}&to=${dayFromNow(3)}`)).json();
    expect(availability.full).toEqual([dayFromNow(1), dayFromNow(2), dayFromNow(3)]);
    await admin.context().close();
  } finally {
    await resetCapacity(request);
  }
  const open = await (await request.get(`/api/bookings/availability?kind=room&room_type=suite&from=${dayFromNow(1)}&to=${dayFromNow(3)}`)).json();
  expect(open.full).toEqual([]);
});

test('the administrator changes the booking policy on the capacity page, and the visitors\' forms follow', async ({ browser, request }) => {
  // Two languages, two widths, two forms: longer than one journey.
  test.setTimeout(120_000);
  try {
    const admin = await adminPage(browser, request);
    await admin.goto('/admin/dashboard/booking-capacity');
    await expect(admin.getByRole('heading', { level: 2, name: 'Booking policy' })).toBeVisible();
    await expect(admin.getByLabel('Guests: Standard')).toHaveValue('4');
    await expect(admin.getByLabel('Markandeya Abhishek: First time')).toHaveValue('05:00');
    // Out of its bounds, a value is explained and nothing is saved.
    await admin.getByLabel('Days ahead a booking may be made').fill('800');
    await expect(admin.getByLabel('Days ahead a booking may be made')).toHaveAccessibleDescription('From 1 to 730 Enter a whole number from 1 to 730.');
    await admin.getByLabel('Markandeya Abhishek: Last time').selectOption('04:00');
    await expect(admin.getByLabel('Markandeya Abhishek: Last time')).toHaveAccessibleDescription('The last time must not be before the first.');
    await admin.getByRole('button', { name: 'Save capacity' }).click();
    await expect(admin.getByText('Capacity saved.')).toHaveCount(0);

    await admin.getByLabel('Days ahead a booking may be made').fill('30');
    await admin.getByLabel('Guests: Standard').fill('2');
    await admin.getByLabel('Longest stay (nights)').fill('3');
    await admin.getByLabel('Markandeya Abhishek: First time').selectOption('06:00');
    await admin.getByLabel('Markandeya Abhishek: Last time').selectOption('07:00');
    await admin.getByLabel('Participants: Markandeya Abhishek').fill('5');
    await admin.getByRole('button', { name: 'Save capacity' }).click();
    await expect(admin.getByText('Capacity saved.')).toBeVisible();
    const policy = await (await request.get('/api/bookings/policy')).json();
    expect(policy).toMatchObject({
      guests_per_room: { standard: 2 },
      longest_stay_nights: 3,
      days_ahead: 30,
      participants_per_puja: { markandeya: 5 },
      puja_hours: { markandeya: { first: '06:00', last: '07:00' } },
    });
    for (const width of [1280, 360]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.getByRole('heading', { level: 2, name: 'Booking policy' }).scrollIntoViewIfNeeded();
      await admin.screenshot({ path: test.info().outputPath(`capacity-policy-en-${width}.png`), fullPage: true });
    }
    await admin.context().close();
    const marathiAdmin = await adminPage(browser, request, 'mr');
    await marathiAdmin.goto('/admin/dashboard/booking-capacity');
    await expect(marathiAdmin.getByRole('heading', { level: 2, name: 'आरक्षण धोरण' })).toBeVisible();
    await expect(marathiAdmin.getByLabel('मार्कंडेय अभिषेक: पहिली वेळ')).toHaveValue('06:00');
    await marathiAdmin.getByLabel('जास्तीत जास्त मुक्काम (रात्री)').fill('९१');
    await expect(marathiAdmin.getByLabel('जास्तीत जास्त मुक्काम (रात्री)')).toHaveAccessibleDescription('१ ते ९० १ ते ९० मधील पूर्ण संख्या लिहा.');
    for (const width of [1280, 360]) {
      await marathiAdmin.setViewportSize({ width, height: 900 });
      await marathiAdmin.screenshot({ path: test.info().outputPath(`capacity-policy-mr-${width}.png`), fullPage: true });
    }
    // The section alone, at a phone's width, to be read.
    await marathiAdmin.locator('section[aria-labelledby="booking-policy-title"]').screenshot({ path: test.info().outputPath('capacity-policy-section-mr-360.png') });
    await marathiAdmin.context().close();

    // A visitor's forms follow the new policy.
    for (const width of [360, 1280]) {
      const visitor = await browser.newPage({ viewport: { width, height: 900 } });
      await visitor.goto('/onlineServices/alandiRoomBooking?lng=en');
      const guests = visitor.getByLabel('Number of guests');
      await expect(guests).toHaveAccessibleDescription('Up to 2 guests in a standard room.');
      await expect(visitor.getByLabel('Check-in date')).toHaveAttribute('max', dayFromNow(30));
      await expect(visitor.getByLabel('Check-in date')).toHaveAccessibleDescription('Bookings open up to 30 days ahead.');
      await expect(visitor.getByLabel('Check-out date')).toHaveAccessibleDescription('Stays of up to 3 nights.');
      await guests.fill('3');
      await expect(guests).toHaveAccessibleDescription('Up to 2 guests in a standard room. At most 2 guests in a standard room.');
      await visitor.getByLabel('Check-in date').fill(dayFromNow(31));
      await expect(visitor.getByLabel('Check-in date')).toHaveAttribute('aria-invalid', 'true');
      await visitor.screenshot({ path: test.info().outputPath(`room-form-policy-en-${width}.png`), fullPage: true });

      await visitor.goto('/onlineServices/alandiRoomBooking?lng=mr');
      await visitor.getByLabel('पाहुण्यांची संख्या (व्यक्ती)').fill('३');
      await expect(visitor.getByLabel('पाहुण्यांची संख्या (व्यक्ती)')).toHaveAccessibleDescription(
        'साध्या खोलीत जास्तीत जास्त २ पाहुणे. साध्या खोलीत जास्तीत जास्त २ पाहुणे राहू शकतात.',
      );
      await visitor.screenshot({ path: test.info().outputPath(`room-form-policy-mr-${width}.png`), fullPage: true });

      for (const lng of ['en', 'mr'] as const) {
        await visitor.goto(`/onlineServices/markandeyaAbhishek?lng=${lng}`);
        const time = visitor.getByLabel(lng === 'en' ? 'Puja time' : 'पूजेची वेळ');
        await expect(time.locator('option')).toHaveCount(4);
        expect(await time.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['', '06:00', '06:30', '07:00']);
        await expect(visitor.getByLabel(lng === 'en' ? 'Number of participants' : 'सहभागी व्यक्तींची संख्या')).toHaveAccessibleDescription(
          lng === 'en' ? 'Up to 5 participants.' : 'जास्तीत जास्त ५ सहभागी व्यक्ती.',
        );
        await visitor.screenshot({ path: test.info().outputPath(`puja-form-policy-${lng}-${width}.png`), fullPage: true });
      }
      await visitor.close();
    }
    // The server holds bookings to it: a stay of 4 nights is refused.
    const long = await request.post('/api/bookings', {
      data: { fullName: 'Asha More', email: 'asha@example.org', phone: '9876543210', checkIn: dayFromNow(5), checkOut: dayFromNow(9), guests: 1, roomType: 'standard', specialRequests: '' },
    });
    expect(long.status()).toBe(422);
    expect((await long.json()).fields.checkOut).toBe('A stay is at most 3 nights.');
  } finally {
    await resetCapacity(request);
  }
  const back = await (await request.get('/api/bookings/policy')).json();
  expect(back).toEqual(defaultPolicy);
});

test.afterAll(async ({ request }) => {
  await resetCapacity(request);
});

test.describe('the bookings dashboard pages in both languages (axe, WCAG 2.1 A/AA)', () => {
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
        expect(await seriousViolations(page)).toEqual([]);
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: test.info().outputPath(`${target.path}-${lang}-${width}.png`), fullPage: true });
        }
        await page.context().close();
      });
    }
  }
});
