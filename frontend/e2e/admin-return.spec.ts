/**
 * An administrator sent to the login comes back to the page that asked for it: a dashboard
 * section or a family's page opened without a session, a session that has expired (the login
 * says so), a session ended while working. On a 360 px phone 'View website' is in the menu. A
 * sign-in refused for too many attempts says how long to wait (the server's Retry-After). A
 * list exported from the Marathi screen is a Marathi file.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { admin, adminPage, adminToken, ensureAdmin, unique } from './admin-session';

test.describe.configure({ mode: 'serial' });

const sessionEnded = 'Your session has ended. Please log in again.';

async function signInHere(page: Page) {
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a dashboard section opened without a session comes back after signing in', async ({ page, request }) => {
  await ensureAdmin(request);
  await page.goto('/admin/dashboard/contacts');
  await expect(page).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Fcontacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText(sessionEnded)).toHaveCount(0);
  await signInHere(page);
  await expect(page).toHaveURL(/\/admin\/dashboard\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
});

test("a family's page opened with an expired session says so and comes back after signing in", async ({ browser, request }) => {
  await ensureAdmin(request);
  // Names take letters only: a surname of random letters finds this family again.
  const surname = `Return${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const registered = await request.post('/api/members/register', {
    data: {
      head: {
        firstName: 'Suresh', middleName: 'Ramchandra', lastName: surname, surname, fatherName: 'Ramchandra', motherName: 'Sita',
        dob: '1970-05-14', age: '55', sex: 'Male', education: 'B.Com.', occupation: 'Farmer', status: 'Married',
        workAddress: 'Market Yard, Solapur', whatsapp: '9876543210', area: 'Bhavani Peth',
      },
      familyMembers: [],
    },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };

  // A token the server no longer accepts is still stored in the browser.
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-init')) {
      localStorage.setItem('adminToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJleHBpcmVkIn0.c2lnbmF0dXJl');
      sessionStorage.setItem('e2e-init', '1');
    }
  });
  const page = await context.newPage();
  await page.goto(`/admin/family/${id}`);
  await expect(page).toHaveURL(new RegExp(`/adminLogin\\?next=%2Fadmin%2Ffamily%2F${id}$`));
  await expect(page.getByRole('status').filter({ hasText: sessionEnded })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await signInHere(page);
  await expect(page).toHaveURL(new RegExp(`/admin/family/${id}$`));
  await expect(page.getByText(surname).first()).toBeVisible();
  await context.close();
});

test('a session ended while working goes to the login, says so, and comes back to the same list', async ({ page, request }) => {
  await ensureAdmin(request);
  await page.goto('/adminLogin');
  await signInHere(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/subscribers$/);

  // Signed out everywhere from another device: the token of this page stops working.
  const other = await adminToken(request);
  const ended = await request.post('/api/admin/logout-all', { headers: { Authorization: `Bearer ${other}` } });
  expect(ended.ok()).toBeTruthy();

  await page.getByRole('searchbox').fill('someone');
  await expect(page).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Fsubscribers$/);
  await expect(page.getByRole('status').filter({ hasText: sessionEnded })).toBeVisible();
  await signInHere(page);
  await expect(page).toHaveURL(/\/admin\/dashboard\/subscribers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
});

test("a return address of another site is never followed", async ({ page, request }) => {
  await ensureAdmin(request);
  await page.goto('/adminLogin?next=%2F%2Felsewhere.example%2Fadmin');
  await signInHere(page);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/dashboard$/);
});

test("on a 360 px phone 'View website' is in the menu and the top bar fits the screen", async ({ browser, request }) => {
  await ensureAdmin(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  await signInHere(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  const link = page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'View website' });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await link.click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('a sign-in refused for too many attempts says how long to wait', async ({ page }) => {
  // An address of its own, so that the journeys' administrator is never held back.
  const email = `${unique('locked').replace(/\s+/g, '-').toLowerCase()}@example.org`;
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait 15 minutes and try again.');
});

test('a list exported from the Marathi screen has Marathi headers, the organisation and the moment', async ({ browser, request }) => {
  const page = await adminPage(browser, request, 'mr');
  await page.goto('/admin/dashboard/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'संपर्क' })).toBeVisible();
  for (const [button, read] of [
    ['एक्सेल डाउनलोड करा', (path: string) => execFileSync('unzip', ['-p', path], { encoding: 'utf8', maxBuffer: 16 << 20 })],
    ['पीडीएफ डाउनलोड करा', (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, '')],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const text = read((await (await downloading).path())!);
    for (const words of ['श्री समाज सेवा समिती, पुणे', 'पूर्ण नाव', 'तयार केल्याची वेळ']) {
      expect(text, `${button}: ${words}`).toContain(button.startsWith('पीडीएफ') ? words.replace(/\s+/g, '') : words);
    }
    expect(text, button).not.toContain('Full name');
  }
  await page.context().close();
});
