/**
 * Booking journeys against the real server: a visitor on a phone books a room (wrong, then good
 * input), receives the PDF, opens the check page from the URL printed in it; each puja is booked in
 * Marathi; axe finds no serious or critical violation on the booking pages and the check page.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** A date `days` from today in Asia/Kolkata (YYYY-MM-DD). */
function inDays(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Submits, and returns the downloaded PDF's file name and text (pdftotext). */
async function submitAndDownload(page: Page, button: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const path = await download.path();
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), text };
}

test('a visitor books a room with wrong then good input, receives the PDF and opens the check page', async ({ page }) => {
  await page.goto('/onlineServices/alandiRoomBooking?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Alandi Room Booking' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel('Full name').fill('सुरेश पाटील');
  await page.getByLabel('Email').fill('suresh@example');
  await page.getByLabel('Phone').fill('98765');
  await page.getByLabel('Check-in date').fill(inDays(-1));
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format');
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Phone must be 10 digits');
  // The booking policy's hint (its defaults), then the message.
  await expect(page.getByLabel('Check-in date')).toHaveAccessibleDescription('Bookings open up to 180 days ahead. Check-in date cannot be in the past');
  await expect(page.getByLabel('Check-out date')).toHaveAccessibleDescription('Stays of up to 7 nights. Check-out date is required');

  await page.getByLabel('Email').fill('suresh@example.org');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Check-in date').fill(inDays(3));
  await page.getByLabel('Check-out date').fill(inDays(5));
  await page.getByLabel('Number of guests').fill('2');
  await page.getByLabel('Room type').selectOption('deluxe');
  const pdf = await submitAndDownload(page, 'Book now');
  expect(pdf.name).toBe('booking_confirmation.pdf');

  await expect(page.getByText('Booking submitted successfully!')).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  expect(reference).toMatch(/^ALN-\d{4}-\d{5}$/);
  expect(pdf.text).toContain(reference);
  const share = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
  expect(new URL(share!).searchParams.get('text')).toContain(reference);

  // The office scans the QR code: the same URL is printed under it.
  const code = new RegExp(`https?://\\S+/booking/${reference}\\?code=([A-Za-z0-9_-]+)`).exec(pdf.text)?.[1];
  expect(code).toBeTruthy();
  // The share link carries the same check page (the code arrives in X-Booking-Code).
  expect(new URL(share!).searchParams.get('text')).toContain(`/booking/${reference}?code=${code}`);
  await page.goto(`/booking/${reference}?code=${code}`);
  await expect(page.getByText('Confirmed')).toBeVisible();
  await expect(page.getByText('सुरेश', { exact: true })).toBeVisible();
  // The stay's dates as the site writes dates, with the machine date in <time datetime>.
  const shown = (date: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  await expect(page.locator(`time[datetime="${inDays(3)}"]`)).toHaveText(shown(inDays(3)));
  await expect(page.locator(`time[datetime="${inDays(5)}"]`)).toHaveText(shown(inDays(5)));
  // In Marathi the dates read the Marathi way: Devanagari digits and the month's Marathi name.
  await page.goto(`/booking/${reference}?code=${code}&lng=mr`);
  await expect(page.getByText('निश्चित', { exact: true })).toBeVisible();
  await expect(page.locator(`time[datetime="${inDays(3)}"]`)).toHaveText(/^[०-९]{1,2} \S+, [०-९]{4}$/);
  await page.goto(`/booking/${reference}?code=${code}&lng=en`);

  await page.goto(`/booking/${reference}?code=wrong-code`);
  await expect(page.getByRole('alert')).toHaveText('No booking found for this reference and code.');
});

const pujas = [
  { path: '/onlineServices/markandeyaAbhishek', title: 'मार्कंडेय अभिषेक', file: 'abhishek_booking_confirmation.pdf', prefix: 'MRK', gotra: true },
  { path: '/onlineServices/poshavvadeviAbhishek', title: 'पोशव्वादेवी अभिषेक', file: 'poshavvadevi_booking_confirmation.pdf', prefix: 'PSV', gotra: false },
  { path: '/onlineServices/shitaladeviAbhishek', title: 'शीतलादेवी अभिषेक', file: 'shitaladevi_booking_confirmation.pdf', prefix: 'SHT', gotra: false },
];

for (const puja of pujas) {
  test(`a devotee books ${puja.path} in Marathi and receives ${puja.file}`, async ({ page }) => {
    await page.goto(`${puja.path}?lng=mr`);
    await expect(page.getByRole('heading', { level: 1, name: puja.title })).toBeVisible();
    await page.getByLabel('पूर्ण नाव').fill('आशा मोरे');
    await page.getByLabel('ईमेल').fill('asha@example.org');
    // A Marathi keyboard types Devanagari digits; a number is often written with +91.
    await page.getByLabel('दूरध्वनी').fill('+९१ ९८७६५-४३२१०');
    await page.getByLabel('पूजेचा दिनांक').fill(inDays(2));
    // In Marathi the time is chosen from a list said the Marathi way (no AM/PM).
    await page.getByLabel('पूजेची वेळ').selectOption({ label: 'सकाळी ७:३०' });
    await expect(page.getByLabel('पूजेची वेळ')).toHaveValue('07:30');
    if (puja.gotra) {
      await expect(page.getByLabel('पूजेचा प्रकार')).toHaveValue('Rudrabhishek');
      await page.getByLabel('गोत्र').fill('कश्यप');
    } else {
      await page.getByLabel('पूजेचा प्रकार').fill('ओटी भरणे');
    }
    await page.getByLabel('सहभागी व्यक्तींची संख्या').fill('३');
    const pdf = await submitAndDownload(page, 'आरक्षण करा');
    expect(pdf.name).toBe(puja.file);
    await expect(page.getByText('आरक्षण यशस्वी झाले!')).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
    expect(reference).toMatch(new RegExp(`^${puja.prefix}-\\d{4}-\\d{5}$`));
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toContain('9876543210');
  });
}

test('the booking policy (its defaults): a devotee cannot choose 02:00, and a guest sees the room\'s limit in English and Marathi', async ({ page, request }) => {
  // The puja time is one list in both languages: every half hour of the temple's hours.
  const halfHours = ['05:00', '05:30', '06:00', '06:30', '07:00', '07:30', '08:00', '08:30', '09:00'];
  const values = (label: string) => page.getByLabel(label).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await page.goto('/onlineServices/shitaladeviAbhishek?lng=en');
  await expect(page.getByLabel('Puja time')).toHaveAccessibleDescription('Pujas start from 05:00 to 09:00, on the hour or half hour.');
  expect(await values('Puja time')).toEqual(['', ...halfHours]);
  await expect(page.getByLabel('Puja time').locator('option').nth(1)).toHaveText('05:00');
  await expect(page.getByLabel('Puja time').selectOption('02:00', { timeout: 1_000 })).rejects.toThrow();
  await page.screenshot({ path: test.info().outputPath('puja-form-en-360.png'), fullPage: true });
  await page.goto('/onlineServices/shitaladeviAbhishek?lng=mr');
  expect(await values('पूजेची वेळ')).toEqual(['', ...halfHours]);
  await expect(page.getByLabel('पूजेची वेळ').locator('option').nth(1)).toHaveText('पहाटे ५:००');
  await expect(page.getByLabel('पूजेची वेळ')).toHaveAccessibleDescription('पूजा पहाटे ५:०० ते सकाळी ९:०० या वेळेत, दर अर्ध्या तासाने सुरू होते.');
  await page.screenshot({ path: test.info().outputPath('puja-form-mr-360.png'), fullPage: true });
  // Sent without the form, 02:00 is refused by the server, under the field.
  const puja = { fullName: 'Asha More', email: 'asha@example.org', phone: '9876543210', pujaDate: inDays(2), pujaType: 'Oti', participants: 1, specialRequests: '' };
  const night = await request.post('/api/shitaladevi-bookings', { data: { ...puja, pujaTime: '02:00' } });
  expect(night.status()).toBe(422);
  expect((await night.json()).fields.pujaTime).toBe('Choose a time from 05:00 to 09:00, on the hour or half hour.');

  // Five guests in a standard room (4 at most): said under the field, and nothing is sent.
  await page.goto('/onlineServices/alandiRoomBooking?lng=en');
  const guests = page.getByLabel('Number of guests');
  await expect(guests).toHaveAccessibleDescription('Up to 4 guests in a standard room.');
  await expect(page.getByLabel('Check-in date')).toHaveAttribute('max', inDays(180));
  await page.getByLabel('Full name').fill('Asha More');
  await page.getByLabel('Email').fill('asha@example.org');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Check-in date').fill(inDays(3));
  await page.getByLabel('Check-out date').fill(inDays(12));
  await guests.fill('5');
  await expect(guests).toHaveAccessibleDescription('Up to 4 guests in a standard room. At most 4 guests in a standard room.');
  await expect(page.getByLabel('Check-out date')).toHaveAccessibleDescription('Stays of up to 7 nights. A stay is at most 7 nights.');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(r.url());
  });
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(guests).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('room-form-limits-en-360.png'), fullPage: true });
  // A suite takes six.
  await page.getByLabel('Room type').selectOption('suite');
  await expect(guests).toHaveAccessibleDescription('Up to 6 guests in a suite.');
  expect(sent).toEqual([]);

  await page.goto('/onlineServices/alandiRoomBooking?lng=mr');
  const marathi = page.getByLabel('पाहुण्यांची संख्या (व्यक्ती)');
  await marathi.fill('५');
  await expect(marathi).toHaveAccessibleDescription('साध्या खोलीत जास्तीत जास्त ४ पाहुणे. साध्या खोलीत जास्तीत जास्त ४ पाहुणे राहू शकतात.');
  await expect(marathi).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('room-form-limits-mr-360.png'), fullPage: true });
  // The server holds every booking to the same policy.
  const room = { fullName: 'Asha More', email: 'asha@example.org', phone: '9876543210', checkIn: inDays(3), checkOut: inDays(5), roomType: 'standard', specialRequests: '' };
  const crowded = await request.post('/api/bookings', { data: { ...room, guests: 5 } });
  expect(crowded.status()).toBe(422);
  expect((await crowded.json()).fields.guests).toBe('A standard room takes at most 4 guests.');
});

test.describe('accessibility (axe, WCAG 2.1 A/AA): no serious or critical violation', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  for (const lng of ['en', 'mr']) {
    for (const path of ['/onlineServices/alandiRoomBooking', ...pujas.map((p) => p.path), '/booking/ALN-2026-00001?code=nothing']) {
      test(`${path} in ${lng}`, async ({ page }) => {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path.startsWith('/onlineServices')) {
          // With the error messages shown.
          await page.locator('main form button[type=submit]').click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        } else {
          await expect(page.getByRole('alert')).toBeVisible();
        }
        const results = await new AxeBuilder({ page }).withTags(tags).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});
