/**
 * Browser journeys of the administrator's own account page (/admin/dashboard/account) against the
 * real server: change the password (every other session ends, this one continues on the new
 * token), sign in with the new password, then sign out everywhere.
 *
 * The specs share one server and database, and changing a password must not disturb the other
 * journeys: each journey here registers its own administrator (through POST /api/admin/register
 * with the token of the journeys' administrator of admin.spec.ts, created the same way as there
 * if nobody did yet).
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { animationsSettled } from './checks';

test.describe.configure({ mode: 'serial' });

/** The journeys' administrator of admin.spec.ts (never changed here). */
const sharedAdmin = { email: 'e2e-admin@example.org', password: 'e2e-secret-1' };
type Credentials = { email: string; password: string };

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

async function sharedAdminToken(request: APIRequestContext): Promise<string> {
  const setup = await request.get('/api/admin/setup');
  expect(setup.ok()).toBeTruthy();
  if ((await setup.json()).registration_open) {
    expect((await request.post('/api/admin/register', { data: sharedAdmin })).status()).toBe(201);
  }
  const response = await request.post('/api/admin/login', { data: sharedAdmin });
  expect(response.status(), "the journeys' administrator signs in").toBe(200);
  return (await response.json()).token as string;
}

/** A fresh administrator of this journey's own, added by the journeys' administrator. */
async function ownAdmin(request: APIRequestContext): Promise<Credentials> {
  const token = await sharedAdminToken(request);
  const own = { email: `e2e-account-${suffix()}@example.org`, password: 'account-old-1' };
  const response = await request.post('/api/admin/register', { data: own, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), 'an administrator adds the journey\'s own administrator').toBe(201);
  return own;
}

async function apiToken(request: APIRequestContext, who: Credentials): Promise<string> {
  const response = await request.post('/api/admin/login', { data: who });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/** A new browser window, optionally signed in already with `token`, in `lang`. */
async function newWindow(browser: Browser, { token, lang = 'en', width = 1280 }: { token?: string; lang?: 'en' | 'mr'; width?: number } = {}) {
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

async function signIn(page: Page, who: Credentials) {
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('adminToken'));

async function seriousViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

test('change the password: other sessions end, the new password signs in; then sign out everywhere', async ({ browser, request }) => {
  // Several argon2 hashes and checks (sign-ins, registration, the change) on a debug server.
  test.setTimeout(90_000);
  const me = await ownAdmin(request);
  const newPassword = 'account-new-2';

  // This window signs in and opens Account from the sidebar's foot.
  const page = await newWindow(browser);
  await signIn(page, me);
  const oldToken = await storedToken(page);
  expect(oldToken).toBeTruthy();
  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // Another device is signed in with the same (soon old) token.
  const other = await newWindow(browser, { token: oldToken! });
  await other.goto('/admin/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const current = page.getByLabel('Current password');
  const fresh = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password');
  const change = page.getByRole('button', { name: 'Change password' });

  // Checked on change, before anything is sent.
  await fresh.fill('123');
  await expect(page.getByText('Password must be at least 12 characters.')).toBeVisible();
  await fresh.fill(newPassword);
  await confirmation.fill(`${newPassword}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await confirmation.fill(newPassword);
  await expect(page.getByText('Passwords do not match')).toHaveCount(0);

  // A wrong current password: the server's message under the field; nothing changes.
  await current.fill('not-my-password');
  await change.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  expect(await storedToken(page)).toBe(oldToken);
  // The page with errors showing has no serious accessibility problem either.
  expect(await seriousViolations(page)).toEqual([]);

  await current.fill(me.password);
  await change.click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();
  const newToken = await storedToken(page);
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(oldToken);
  await expect(current).toHaveValue('');

  // This window carries on with the new token, also after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  expect(await storedToken(page)).toBe(newToken);

  // The other device is sent to the login page on its next call with the old token.
  await other.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(other).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Fcontacts$/);
  await expect(other.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect(await storedToken(other)).toBeNull();

  // There, the old password no longer works and the new one does.
  await other.getByLabel('Email').fill(me.email);
  await other.getByLabel('Password', { exact: true }).fill(me.password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(other, { ...me, password: newPassword });

  // Sign out everywhere asks first; Cancel keeps the session.
  const signOut = page.getByRole('button', { name: 'Sign out everywhere' });
  await signOut.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Sign out on every device?');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await storedToken(page)).toBe(newToken);

  await signOut.click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/admin/dashboard/account');
  await expect(page).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Faccount$/);

  // The other device's session has ended too.
  await other.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(other).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Fcontacts$/);
  expect(await storedToken(other)).toBeNull();

  // The tokens are refused by the server itself, not only forgotten by the browsers.
  for (const token of [oldToken, newToken]) {
    const verify = await request.get('/api/admin/verify', { headers: { Authorization: `Bearer ${token}` } });
    expect(verify.status()).toBe(401);
  }
  // The new password still signs in.
  expect(await apiToken(request, { ...me, password: newPassword })).toBeTruthy();

  await other.context().close();
  await page.context().close();
});

test('on a 360 px phone Account is in the folded menu, Logout in the top bar', async ({ browser, request }) => {
  const me = await ownAdmin(request);
  const page = await newWindow(browser, { token: await apiToken(request, me), width: 360 });
  await page.goto('/admin/dashboard');
  const menu = page.getByRole('navigation', { name: 'Administrator menu' });
  await expect(menu).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeInViewport();
  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/account$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});

test.describe('the account page in both languages and widths (axe, WCAG 2.1 A/AA)', () => {
  const headings = { en: 'Account', mr: 'खाते' };
  for (const lang of ['en', 'mr'] as const) {
    for (const width of [360, 1280]) {
      test(`${lang} at ${width} px: no serious or critical violation`, async ({ browser, request }) => {
        const me = await ownAdmin(request);
        const page = await newWindow(browser, { token: await apiToken(request, me), lang, width });
        await page.goto('/admin/dashboard/account');
        await expect(page.getByRole('heading', { level: 1, name: headings[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: test.info().outputPath(`account-${lang}-${width}.png`), fullPage: true });

        // The messages under the fields (empty, too short, not matching) and the confirmation dialog.
        const form = page.locator('form');
        await form.locator('input[name="new_password"]').fill('123');
        await form.locator('input[name="confirm_password"]').fill('1234');
        await form.getByRole('button').click();
        await expect(form.locator('[aria-invalid="true"]')).toHaveCount(3);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`account-${lang}-${width}-errors.png`), fullPage: true });
        await page.getByRole('button', { name: lang === 'en' ? 'Sign out everywhere' : 'सर्व उपकरणांवरून लॉगआउट करा' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`account-${lang}-${width}-dialog.png`) });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.context().close();
      });
    }
  }
});
