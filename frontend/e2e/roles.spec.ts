/**
 * Administrators with roles (docs/DESIGN.md §10, §11) against the real server, at 360 and
 * 1280 px in English and Marathi, with axe (WCAG 2.1 A/AA) on every page it opens:
 *
 * - an owner adds a bookings clerk in the browser; the clerk signs in and sees only the booking
 *   sections (and Account); /admin/dashboard/contacts shows the no-access panel; the clerk
 *   cancels a booking made through the public API; the owner filters the audit log by the
 *   clerk's e-mail and finds the cancellation, with the clerk's e-mail;
 * - an owner resets a clerk's password in the browser; at the next sign-in the clerk is taken to
 *   the password change, sees nothing else, and after the change has their sections back.
 *
 * Screenshots of the two owners' pages and the no-access panel are kept in /tmp/i18-shots/ (or
 * E2E_SHOTS) for review. Runs after the other journeys (adding administrators closes the
 * first-run registration that admin.spec.ts walks through): project `account` in
 * playwright.config.ts; `npx playwright test e2e/roles.spec.ts --no-deps` runs it alone.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken } from './admin-session';
import { seriousViolations } from './checks';

test.describe.configure({ mode: 'serial' });

type Lang = 'en' | 'mr';
const shots = process.env.E2E_SHOTS ?? '/tmp/i18-shots';
const marathi = JSON.parse(readFileSync(new URL('../public/locales/mr/translation.json', import.meta.url), 'utf8')) as Record<string, string>;
/** A text of the screen in `lang` (the English key, or its Marathi). */
const tr = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  (lang === 'en' ? key : (marathi[key] ?? key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * The booking lists' titles in the server's order, read from its generated table
 * (bindings/bookingKinds.ts: one JSON object per kind), which the sidebar shows.
 */
const bookingKinds = [...readFileSync(new URL('../../bindings/bookingKinds.ts', import.meta.url), 'utf8').matchAll(/^\s+\w+: (\{.*\}),$/gm)].map(
  (match) => JSON.parse(match[1]) as { listTitle: string; listTitleMr: string; role: string },
);

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function dayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A room booking made by a visitor through the public API: its reference. */
async function bookRoom(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/bookings', {
    data: { fullName: name, email: 'guest@example.org', phone: '9876543210', checkIn: dayFromNow(30), checkOut: dayFromNow(31), guests: 1, roomType: 'standard', specialRequests: '' },
  });
  expect(response.status(), 'a visitor books a room').toBe(200);
  return response.headers()['x-booking-reference'];
}

/** A new window, signed in already with `token` when given, in `lang` at `width`. */
async function newWindow(browser: Browser, { token, lang, width }: { token?: string; lang: Lang; width: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(
    ([value, lng]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        if (value) localStorage.setItem('adminToken', value);
        localStorage.setItem('i18nextLng', lng);
        sessionStorage.setItem('e2e-init', '1');
      }
    },
    [token ?? '', lang] as const,
  );
  return context.newPage();
}

/** Signs in through /adminLogin (the fields by name, so in either language). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/adminLogin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** The sidebar's visible links (opening the folded menu on a phone first). */
async function menuLinks(page: Page, lang: Lang, width: number): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: tr(lang, 'Administrator menu') });
  if (width < 900 && !(await menu.isVisible())) await page.getByRole('button', { name: tr(lang, 'Menu') }).click();
  await expect(menu).toBeVisible();
  const texts = await menu.getByRole('link').allTextContents();
  if (width < 900) await page.keyboard.press('Escape');
  return texts.map((text) => text.trim());
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);
}

async function axeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
}

/** A screenshot for review: the whole page, or what the window shows (a dialog). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${shots}/${name}.png`, fullPage });

const combos: Array<[Lang, number]> = [
  ['en', 1280],
  ['mr', 360],
  ['en', 360],
  ['mr', 1280],
];

for (const [lang, width] of combos) {
  test(`${lang} at ${width} px: an owner adds a bookings clerk, who sees only the booking sections and cancels a booking; the audit log shows it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const clerk = { email: `e2e-clerk-${suffix()}@example.org`, password: 'clerk-secret-1' };
    const name = `Savita ${suffix().replace(/[0-9]/g, '')}`;
    const reference = await bookRoom(request, name);

    // The owner adds the clerk on the Administrators page.
    const owner = await newWindow(browser, { token: await adminToken(request), lang, width });
    await owner.goto('/admin/dashboard/administrators');
    await expect(owner.getByRole('heading', { level: 1, name: tr(lang, 'Administrators') })).toBeVisible();
    await expect(owner.getByText(tr(lang, 'you'), { exact: true })).toBeVisible();
    await axeClean(owner);
    await noOverflow(owner);
    await shot(owner, `administrators-${lang}-${width}`);
    const form = owner.getByRole('region', { name: tr(lang, 'Add an administrator') });
    await form.getByRole('button', { name: tr(lang, 'Add administrator') }).click();
    await expect(form.getByText(tr(lang, 'Choose at least one role'))).toBeVisible();
    await axeClean(owner);
    await shot(owner, `administrators-${lang}-${width}-errors`);
    await form.locator('input[name="email"]').fill(clerk.email);
    await form.locator('input[name="password"]').fill(clerk.password);
    await form.getByRole('checkbox', { name: tr(lang, 'Bookings'), exact: true }).check();
    await form.getByRole('button', { name: tr(lang, 'Add administrator') }).click();
    await expect(owner.getByText(tr(lang, '{{email}} added.', { email: clerk.email }))).toBeVisible();
    const card = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { level: 3, name: clerk.email }) });
    await expect(card.getByRole('checkbox', { name: tr(lang, 'Bookings'), exact: true })).toBeChecked();
    // The remove question names the person; cancelled here.
    await card.getByRole('button', { name: `${tr(lang, 'Remove')}: ${clerk.email}` }).click();
    await expect(owner.getByRole('dialog')).toContainText(tr(lang, 'Remove {{email}}? They will be signed out at once.', { email: clerk.email }));
    await axeClean(owner);
    await owner.getByRole('dialog').getByRole('button', { name: tr(lang, 'Cancel') }).click();
    await expect(owner.getByRole('dialog')).toBeHidden();

    // The clerk signs in and sees only the booking sections and Account.
    const page = await newWindow(browser, { lang, width });
    await signIn(page, clerk.email, clerk.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Dashboard') })).toBeVisible();
    const bookingTitles = bookingKinds.filter((kind) => kind.role === 'bookings').map((kind) => (lang === 'en' ? kind.listTitle : kind.listTitleMr));
    expect(await menuLinks(page, lang, width)).toEqual([
      ...bookingTitles,
      tr(lang, 'Capacity and closed dates'),
      // 'View website' is in the menu on a phone (in the top bar otherwise).
      ...(width < 900 ? [tr(lang, 'View website')] : []),
      tr(lang, 'Account'),
    ]);
    await axeClean(page);

    // A section of another role, opened by its address: the panel, not an error or a redirect.
    await page.goto('/admin/dashboard/contacts');
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'You do not have access to this section') })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/contacts$/);
    await expect(page.getByRole('link', { name: tr(lang, 'Back to the dashboard') })).toHaveAttribute('href', '/admin/dashboard');
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `no-access-${lang}-${width}`);

    // The clerk cancels the visitor's booking.
    await page.goto('/admin/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1, name: bookingTitles[0] })).toBeVisible();
    await page.getByRole('searchbox').fill(reference);
    await page.getByRole('button', { name: `${tr(lang, 'Cancel booking')}: ${reference} ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: tr(lang, 'Cancel booking') }).click();
    await expect(page.getByText(tr(lang, 'Booking {{reference}} cancelled.', { reference }))).toBeVisible();

    // The owner finds it in the audit log by the clerk's e-mail.
    await owner.goto('/admin/dashboard/audit');
    await expect(owner.getByRole('heading', { level: 1, name: tr(lang, 'Audit log') })).toBeVisible();
    const filtered = owner.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/audit' && new URL(r.url()).searchParams.get('actor') === clerk.email);
    await owner.getByLabel(tr(lang, 'Person (email)')).fill(clerk.email);
    await filtered;
    await expect(owner.locator('[aria-busy="true"]')).toHaveCount(0);
    const entry = owner.getByRole('row').filter({ hasText: `Cancelled booking ${reference}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(clerk.email);
    await expect(entry).toContainText(tr(lang, 'Cancelled'));
    await expect(entry).toContainText(bookingTitles[0]);
    // Its changes fold out: the status before and after.
    await entry.locator('summary').click();
    await expect(entry.getByRole('row').filter({ hasText: 'status' })).toContainText('confirmed');
    await expect(entry.getByRole('row').filter({ hasText: 'status' })).toContainText('cancelled');
    await axeClean(owner);
    await noOverflow(owner);
    await shot(owner, `audit-${lang}-${width}`);

    // The filtered log as Excel and PDF, in the screen's language.
    for (const format of ['Excel', 'PDF']) {
      const asked = owner.waitForRequest((r) => new URL(r.url()).pathname === `/api/admin/audit/export/${format.toLowerCase()}`);
      const download = owner.waitForEvent('download');
      await owner.getByRole('button', { name: lang === 'en' ? `Export ${format}` : tr(lang, `Export ${format}`) }).click();
      const params = new URL((await asked).url()).searchParams;
      expect(params.get('actor')).toBe(clerk.email);
      expect(params.get('lang')).toBe(lang);
      expect((await download).suggestedFilename()).toMatch(format === 'Excel' ? /\.xlsx$/ : /\.pdf$/);
    }

    await page.context().close();
    await owner.context().close();
  });
}

test('an owner resets a password: at the next sign-in the password change comes first, then the sections', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const clerk = { email: `e2e-reset-${suffix()}@example.org`, password: 'first-secret-1' };
  const created = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${token}` }, data: { ...clerk, roles: ['content'] } });
  expect(created.status(), 'the owner adds a content clerk').toBe(201);
  const given = 'from-owner-2';
  const mine = 'my-own-secret-3';

  // The clerk is signed in somewhere when the owner resets the password.
  const page = await newWindow(browser, { lang: 'en', width: 1280 });
  await signIn(page, clerk.email, clerk.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const owner = await newWindow(browser, { token, lang: 'en', width: 1280 });
  await owner.goto('/admin/dashboard/administrators');
  const card = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { level: 3, name: clerk.email }) });
  await card.getByRole('button', { name: `Reset password: ${clerk.email}` }).click();
  const dialog = owner.getByRole('dialog', { name: `Reset the password of ${clerk.email}` });
  await dialog.getByLabel('New password').fill(given);
  await axeClean(owner);
  await shot(owner, 'administrators-reset-dialog-en-1280', false);
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(owner.getByText(`Password of ${clerk.email} reset. They must change it at their next sign-in.`)).toBeVisible();
  await expect(card.getByText('Must change the password at the next sign-in')).toBeVisible();

  // The clerk's session has ended; the new password leads to the password change, and only there.
  await page.goto('/admin/dashboard/notifications');
  await expect(page).toHaveURL(/\/adminLogin/);
  await signIn(page, clerk.email, given);
  await expect(page).toHaveURL(/\/admin\/dashboard\/account$/);
  await expect(page.getByText('An owner has reset your password.')).toBeVisible();
  expect(await menuLinks(page, 'en', 1280)).toEqual(['Account']);
  await axeClean(page);
  await shot(page, 'forced-change-en-1280');
  await page.goto('/admin/dashboard/notifications');
  await expect(page).toHaveURL(/\/admin\/dashboard\/account$/);

  await page.getByLabel('Current password').fill(given);
  await page.getByLabel('New password', { exact: true }).fill(mine);
  await page.getByLabel('Confirm new password').fill(mine);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();
  await expect(page.getByText('An owner has reset your password.')).toHaveCount(0);
  expect(await menuLinks(page, 'en', 1280)).toEqual(['Notifications', 'Events', 'Gallery', 'Magazines', 'Employment', 'Site content', 'Account']);
  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // The audit log has the reset and the change.
  const log = await request.get(`/api/admin/audit?actor=${encodeURIComponent(clerk.email)}&action=password_change`, { headers: { Authorization: `Bearer ${token}` } });
  expect(log.status()).toBe(200);
  expect(await log.json()).toHaveLength(1);

  await page.context().close();
  await owner.context().close();
});
