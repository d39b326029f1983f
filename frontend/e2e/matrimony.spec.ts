/**
 * The matrimonial section against the real server.
 *
 * - A visitor on a 360 px phone, in Marathi, opens Create Profile without an account and is told
 *   a profile belongs to one; registers for free (after the messages for bad input), which signs
 *   the family in, creates a profile with a photo and a PDF biodata, and lands on "My profile",
 *   where it waits for the board's review. A second registration with the same e-mail is 409.
 * - An administrator uploads it. Its own family does not find it among their matches (and "My
 *   profile" says it is shown to members); another family logs in (after the login's messages),
 *   sees its card with its number and whom to ask about it, without contact details, opens the
 *   biodata, sees another profile appear and disappear live, and logs out.
 * - The bride's family corrects the profile: it goes back to the board's review and leaves the
 *   other family's matches; then deletes it, after a question with clear choices.
 * - A forgotten password is set again through the e-mailed link (read from the e2e server's mail
 *   sink, e2e/mailbox.ts), which works once; an owner sets a member's password from the dashboard.
 * - axe checks the section's pages in both languages.
 *
 * Screenshots at 360 px and 1280 px in both languages are kept in test-results/ for review.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { seriousViolations } from './checks';
import { drawImage, pdfFile } from './files';
import { linkIn, messagesTo } from './mailbox';

// Long journeys, each with several password hashes (sign-ins, registrations): room on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

type Lang = 'en' | 'mr';
const marathi = JSON.parse(readFileSync(new URL('../public/locales/mr/translation.json', import.meta.url), 'utf8')) as Record<string, string>;
/** A text of the screen in `lang` (the English key, or its Marathi), with its values put in. */
const tr = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  (lang === 'en' ? key : (marathi[key] ?? key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const devanagari = (n: number) => String(n).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]);

/** Marathi letters of this run only (a name must be letters). */
const letters = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
const tag = Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const latinTag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const randomMobile = () => `9${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`;

/** The bride's family: its account (the free registration) and the profile it creates. */
const bride = { name: `आशा ${tag}`, email: `asha.${latinTag}@example.org`, mobile: randomMobile(), password: 'asha-secret-1' };
/** Another family, which looks for a match. */
const groomFamily = { email: `ravi.family.${latinTag}@example.org`, mobile: randomMobile(), password: 'ravi-secret-1' };

const state = { brideId: 0 };

/** The journeys' administrator, signed in once for the whole file. */
let adminBearer = '';
async function asAdmin(request: APIRequestContext) {
  adminBearer ||= await adminToken(request);
  return { Authorization: `Bearer ${adminBearer}` };
}

/** The id of the one profile whose name holds `name` (the administrator's list); 0 when none. */
async function profileId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`/api/profile/profiles?q=${encodeURIComponent(name)}`, { headers: await asAdmin(request) });
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as Array<{ id: number; name: string }>;
  return rows.find((row) => row.name === name)?.id ?? 0;
}

async function publish(request: APIRequestContext, id: number) {
  const response = await request.post(`/api/profile/upload-profile/${id}`, { headers: await asAdmin(request) });
  expect(response.status()).toBe(200);
}

/** A member's token (the login of the free registration's e-mail and password). */
async function memberToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { emailOrMobile: account.email, password: account.password } });
  expect(response.status(), `${account.email} signs in`).toBe(200);
  return (await response.json()).token as string;
}

/** Registers a member account through the API: its token (registering signs in). */
async function registerAccount(request: APIRequestContext, account: { email: string; mobile: string; password: string }): Promise<string> {
  const response = await request.post('/api/matrimony/register', { data: { profile_for: 'Son', ...account } });
  expect(response.status(), `${account.email} registers`).toBe(201);
  return (await response.json()).token as string;
}

/** The ids of the matches a member's token lists (first page, any filter none). */
async function matchIds(request: APIRequestContext, token: string): Promise<number[]> {
  const response = await request.get('/api/profile/uploaded-profiles?per_page=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Array<{ id: number }>).map((profile) => profile.id);
}

/** A window of a signed-in member (or of a visitor, without `token`), in `lang` at `width`. */
async function memberWindow(browser: Browser, lang: Lang, width: number, token = ''): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({ viewport: { width, height: phone ? 740 : 900 }, isMobile: phone, hasTouch: phone });
  await context.addInitScript(
    ([lng, value]) => {
      if (sessionStorage.getItem('e2e-init')) return;
      localStorage.setItem('i18nextLng', lng);
      if (value) localStorage.setItem('userToken', value);
      sessionStorage.setItem('e2e-init', '1');
    },
    [lang, token],
  );
  return context.newPage();
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

test('a visitor on a 360 px phone registers in Marathi, which signs the family in, creates a profile and finds it waiting on My profile', async ({ browser, request }) => {
  const page = await memberWindow(browser, 'mr', 360);

  // Create Profile without an account: a profile belongs to one.
  await page.goto('/profilecard?lng=mr');
  await expect(page.getByRole('heading', { level: 1, name: 'प्रोफाइल तयार करा' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'प्रोफाइल एका खात्याशी जोडलेले असते' })).toBeVisible();
  await expect(page.getByLabel('पूर्ण नाव', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'लॉगिन', exact: true })).toHaveAttribute('href', '/loginUser?next=%2Fprofilecard');
  await noSideScroll(page);
  await page.screenshot({ path: test.info().outputPath('profilecard-account-needed-mr-360.png'), fullPage: true });
  await page.getByRole('link', { name: 'विनामूल्य नोंदणी करा' }).click();

  await expect(page).toHaveURL(/\/matrimonials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'वधू-वर सूचक' })).toBeVisible();
  await expect(page.getByText('+91', { exact: true })).toBeVisible();
  await noSideScroll(page);

  // Bad input: the messages under the fields, the focus on the first.
  await page.getByRole('button', { name: 'विनामूल्य नोंदणी करा' }).click();
  const profileFor = page.getByLabel('प्रोफाइल कोणासाठी', { exact: true });
  await expect(profileFor).toBeFocused();
  await expect(profileFor).toHaveAccessibleDescription('कृपया प्रोफाइल प्रकार निवडा.');
  await page.getByLabel('मोबाईल क्रमांक', { exact: true }).fill('98765');
  await expect(page.getByLabel('मोबाईल क्रमांक', { exact: true })).toHaveAccessibleDescription('+91 मोबाईल क्रमांक १० अंकी असावा.');
  await page.screenshot({ path: test.info().outputPath('registration-mr-360-messages.png'), fullPage: true });

  await profileFor.selectOption('Daughter');
  await expect(profileFor.locator('option:checked')).toHaveText('मुलीसाठी');
  await page.getByLabel('ईमेल', { exact: true }).fill(bride.email);
  await page.getByLabel('मोबाईल क्रमांक', { exact: true }).fill(`+91 ${bride.mobile}`);
  await expect(page.getByLabel('मोबाईल क्रमांक', { exact: true })).toHaveValue(bride.mobile);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(bride.password);
  await page.getByRole('button', { name: 'विनामूल्य नोंदणी करा' }).click();

  // Create Profile, signed in by the registration, with what it already said filled in.
  await expect(page).toHaveURL(/\/profilecard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'प्रोफाइल तयार करा' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
  await expect(page.getByLabel('ईमेल', { exact: true })).toHaveValue(bride.email);
  await expect(page.getByLabel('मोबाईल क्रमांक', { exact: true })).toHaveValue(bride.mobile);
  await expect(page.getByRole('complementary', { name: 'आपली माहिती कोण पाहू शकते' })).toBeVisible();
  await noSideScroll(page);

  await page.getByLabel('पूर्ण नाव', { exact: true }).fill(bride.name);
  await page.getByLabel('लिंग', { exact: true }).selectOption('Female');
  await page.getByLabel('जन्मदिनांक', { exact: true }).fill('1998-02-01');
  await page.getByLabel('धर्म', { exact: true }).fill('हिंदू');
  await page.getByLabel('जात', { exact: true }).fill('पद्मशाली');
  await page.getByLabel('व्यवसाय', { exact: true }).fill('शिक्षिका');
  await page.getByLabel('शिक्षण', { exact: true }).fill('एम.ए.');
  await page.getByLabel('ठिकाण', { exact: true }).fill('सोलापूर');
  await page.getByLabel('उंची', { exact: true }).fill('५\'४"');
  await page.getByLabel('वधू/वराविषयी माहिती', { exact: true }).fill('संगीत व वाचनाची आवड.');
  const photo = await drawImage(page, 'image/jpeg', 600, 750, 'Asha');
  await page.getByLabel('फोटो', { exact: true }).setInputFiles({ name: 'asha.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = page.getByRole('img', { name: 'निवडलेल्या फोटोचे पूर्वदृश्य' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await page.getByLabel('बायोडेटा / जन्मपत्रिका (ऐच्छिक)', { exact: true }).setInputFiles({ name: 'biodata.pdf', mimeType: 'application/pdf', buffer: pdfFile(`Biodata ${latinTag}`) });
  await page.screenshot({ path: test.info().outputPath('create-profile-mr-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'प्रोफाइल तयार करा' }).click();

  // My profile: the new profile, its number, waiting for the board's review.
  await expect(page).toHaveURL(/\/myProfile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'माझे प्रोफाइल' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'प्रोफाइलची नोंदणी यशस्वी झाली' })).toBeVisible();
  state.brideId = await profileId(request, bride.name);
  expect(state.brideId).toBeGreaterThan(0);
  const card = page.getByTestId('own-profile').filter({ has: page.getByRole('heading', { name: bride.name }) });
  await expect(card).toContainText(`प्रोफाइल क्र. ${devanagari(state.brideId)}`);
  await expect(card.getByTestId('profile-status')).toHaveText('वधू-वर मंडळाच्या तपासणीच्या प्रतीक्षेत');
  await expect.poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await noSideScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('my-profile-mr-360.png'), fullPage: true });

  // The same e-mail cannot register twice.
  await page.goto('/matrimonials');
  await page.getByLabel('प्रोफाइल कोणासाठी', { exact: true }).selectOption('Self');
  await page.getByLabel('ईमेल', { exact: true }).fill(bride.email.toUpperCase());
  await page.getByLabel('मोबाईल क्रमांक', { exact: true }).fill(randomMobile());
  await page.getByLabel('पासवर्ड', { exact: true }).fill(bride.password);
  await page.getByRole('button', { name: 'विनामूल्य नोंदणी करा' }).click();
  await expect(page.getByRole('alert')).toHaveText('या ईमेल किंवा मोबाईल क्रमांकाने आधीच नोंदणी झालेली आहे!');
  await page.context().close();
});

test('once uploaded, another family sees the profile with its number and whom to ask, its own family does not', async ({ browser, request }) => {
  await publish(request, state.brideId);

  // The bride's family: "Shown to members" on My profile, and not among its own matches.
  const brideToken = await memberToken(request, bride);
  const own = await memberWindow(browser, 'en', 1280, brideToken);
  await own.goto('/myProfile');
  await expect(own.getByTestId('own-profile').filter({ hasText: bride.name }).getByTestId('profile-status')).toHaveText('Shown to members');
  await own.screenshot({ path: test.info().outputPath('my-profile-en-1280.png'), fullPage: true });
  const listed = own.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile/uploaded-profiles');
  await own.getByRole('link', { name: 'Matches' }).click();
  await expect(own).toHaveURL(/\/matches$/);
  await listed;
  await expect(own.getByText('Loading...')).toHaveCount(0);
  await expect(own.getByTestId('profile-card').filter({ hasText: bride.name })).toHaveCount(0);
  expect(await matchIds(request, brideToken)).not.toContain(state.brideId);
  await own.context().close();

  // Another family signs in through the login.
  await registerAccount(request, groomFamily);
  const page = await memberWindow(browser, 'en', 1280);
  await page.goto('/matches?lng=en');
  await expect(page).toHaveURL(/\/loginUser$/);
  await expect(page.getByText('Please log in to see the matches.')).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Email or mobile number', { exact: true })).toHaveAccessibleDescription('Please fill in all fields');
  await expect(page.getByText('Please fill in all fields', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email or mobile number', { exact: true }).fill(groomFamily.mobile);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email/mobile or password');
  await page.getByLabel('Password', { exact: true }).fill(groomFamily.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/matches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/myProfile');
  const card = page.getByTestId('profile-card').filter({ has: page.getByRole('heading', { name: bride.name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Profile no. ${state.brideId}`, { exact: true })).toBeVisible();
  // Whom to ask about it, from the published content: the board's people, or the Samiti's office.
  await expect(card).toContainText(
    new RegExp(`To ask about profile no\\. ${state.brideId}, (call the matchmaking board|contact the matchmaking board through the Samiti’s office):`),
  );
  await expect(card.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(card.getByText('Daughter', { exact: true })).toBeVisible();
  await expect(card.getByText('पद्मशाली')).toBeVisible();
  const img = card.getByRole('img', { name: `Photo of ${bride.name}` });
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  expect(await img.getAttribute('src')).toMatch(/^\/api\/profile\/files\/[^?]+\?expires=\d+&sig=[0-9a-f]+$/);
  // No contact details of the profile anywhere on the page.
  await expect(page.locator('main')).not.toContainText(bride.email);
  await expect(page.locator('main')).not.toContainText(bride.mobile);

  // The biodata opens in a new tab through its signed link.
  const biodata = card.getByRole('link', { name: 'View BioData' });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), biodata.click()]);
  const answer = await request.get(new URL((await biodata.getAttribute('href'))!, page.url()).toString());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['cache-control']).toMatch(/^private/);
  await tab.close();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('matches-en-1280.png'), fullPage: true });

  // Another family's profile: it appears once an administrator uploads it, and goes when deleted.
  const groom = `रवी ${tag}`;
  const thirdToken = await registerAccount(request, { email: `third.${latinTag}@example.org`, mobile: randomMobile(), password: 'third-secret-1' });
  const created = await request.post('/api/profile/register', {
    headers: { Authorization: `Bearer ${thirdToken}` },
    multipart: {
      profile_for: 'Son', name: groom, gender: 'Male', email: `ravi.${latinTag}@example.org`, mobile: randomMobile(), dob: '1995-07-15',
      religion: 'हिंदू', caste: 'पद्मशाली', occupation: 'अभियंता', education: 'बी.ई.', location: 'पुणे', height: '5\'9"', about: '',
      profile_photo: { name: 'ravi.jpg', mimeType: 'image/jpeg', buffer: await drawImage(page, 'image/jpeg', 480, 600, 'Ravi') },
    },
  });
  expect(created.status()).toBe(201);
  const groomId = await profileId(request, groom);
  const groomCard = page.getByTestId('profile-card').filter({ has: page.getByRole('heading', { name: groom }) });
  await expect(groomCard).toHaveCount(0);
  await publish(request, groomId);
  await expect(groomCard).toBeVisible();
  await expect(groomCard).toContainText(`Profile no. ${groomId}`);
  await expect(page.getByTestId('profile-card').first()).toContainText(groom);
  const deleted = await request.delete(`/api/profile/profiles/${groomId}`, { headers: await asAdmin(request) });
  expect(deleted.status()).toBe(204);
  await expect(groomCard).toHaveCount(0);

  // The site navigation marks the section; the login's message was for once and does not come back on a reload.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Matrimonials' })).toHaveAttribute('aria-current', 'true');
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByText('Login successful')).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/loginUser$/);
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
  await page.context().close();
});

test("a family corrects its profile, which goes back to the board's review and leaves the matches, then deletes it", async ({ browser, request }) => {
  const brideToken = await memberToken(request, bride);
  const groomToken = await memberToken(request, groomFamily);
  expect(await matchIds(request, groomToken)).toContain(state.brideId);

  const page = await memberWindow(browser, 'en', 1280, brideToken);
  await page.goto('/myProfile');
  const card = page.getByTestId('own-profile').filter({ has: page.getByRole('heading', { name: bride.name }) });
  await expect(card.getByTestId('profile-status')).toHaveText('Shown to members');
  await card.getByRole('button', { name: `Edit: ${bride.name}` }).click();

  // The Create Profile form, filled in, saying that saving sends it back to review.
  await expect(page.getByRole('heading', { level: 2, name: `Correct profile no. ${state.brideId}` })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Saving sends the profile back to the board’s review');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(bride.name);
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('सोलापूर');
  await expect(page.getByLabel('New photo (optional)', { exact: true })).not.toHaveAttribute('required');
  await expect.poll(() => page.getByRole('img', { name: 'The photo shown now' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByLabel('Location', { exact: true }).fill('पुणे');
  await page.screenshot({ path: test.info().outputPath('my-profile-edit-en-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save and send for review' }).click();

  await expect(page.getByText('Profile saved. It is waiting for the board’s review again.')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('profile-status')).toHaveText('Waiting for the board’s review');
  await expect(card).toContainText('पुणे');
  // Off the other family's matches until the board uploads it again.
  expect(await matchIds(request, groomToken)).not.toContain(state.brideId);

  // Delete, after a question whose choices say what they do.
  await card.getByRole('button', { name: `Delete: ${bride.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this profile for good?');
  await expect(dialog).toContainText(`Profile no. ${state.brideId}`);
  await expect(dialog.getByRole('button', { name: 'Keep profile' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('my-profile-delete-en-1280.png') });
  await dialog.getByRole('button', { name: 'Keep profile' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete: ${bride.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete profile' }).click();
  await expect(page.getByText('The profile, its photo and its biodata have been deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('You have no profile yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a profile' })).toHaveAttribute('href', '/profilecard');
  expect(await profileId(request, bride.name)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('my-profile-empty-en-1280.png'), fullPage: true });
  await page.context().close();
});

test('a forgotten password is set again through the e-mailed link, which works once', async ({ browser }) => {
  const page = await memberWindow(browser, 'en', 1280);
  await page.goto('/loginUser');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(bride.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account has this e-mail address, a link to set a new password has been sent to it.');
  await page.screenshot({ path: test.info().outputPath('forgot-password-en-1280.png'), fullPage: true });

  const [message] = await messagesTo(bride.email);
  expect(message.text).toContain('Set a new password');
  const link = linkIn(message.text, '/resetPassword?token=');
  expect(new URL(link).pathname).toBe('/resetPassword');

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  // The token leaves the address at once.
  await expect(page).toHaveURL(/\/resetPassword$/);
  await page.getByLabel('New password', { exact: true }).fill('123');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 6 characters\./);
  await page.getByLabel('New password', { exact: true }).fill('asha-new-secret');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('asha-new-secret');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reset-password-en-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL(/\/loginUser$/);
  await expect(page.getByRole('status')).toContainText('Password changed. You can log in now.');
  await page.getByLabel('Email or mobile number', { exact: true }).fill(bride.email);
  await page.getByLabel('Password', { exact: true }).fill('asha-new-secret');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/matches$/);
  bride.password = 'asha-new-secret';

  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('third-secret');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('third-secret');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used. Please ask for a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotPassword');
  await page.context().close();
});

test("an owner sets a member's password from the profile's editor in the dashboard", async ({ browser, request }) => {
  const family = { email: `meena.family.${latinTag}@example.org`, mobile: randomMobile(), password: 'meena-secret-1' };
  const token = await registerAccount(request, family);
  const name = `मीना ${tag}`;
  const drawing = await browser.newPage();
  const photo = await drawImage(drawing, 'image/jpeg', 300, 375, 'Meena');
  await drawing.close();
  const created = await request.post('/api/profile/register', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      profile_for: 'Daughter', name, gender: 'Female', email: `meena.${latinTag}@example.org`, mobile: randomMobile(), dob: '1997-03-10',
      religion: 'हिंदू', caste: 'पद्मशाली', occupation: 'डॉक्टर', education: 'एम.बी.बी.एस.', location: 'नाशिक', height: '5\'3"', about: '',
      profile_photo: { name: 'meena.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);

  for (const lang of ['en', 'mr'] as const) {
    const width = lang === 'en' ? 1280 : 360;
    const admin = await adminPage(browser, request, lang, width);
    await admin.goto('/admin/dashboard/profiles');
    const searched = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile/profiles' && new URL(r.url()).searchParams.get('q') === name);
    await admin.getByRole('searchbox').fill(name);
    await searched;
    await admin.getByRole('button', { name: `${tr(lang, 'Edit')}: ${name}` }).click();
    const editor = admin.getByRole('dialog');
    await editor.getByRole('button', { name: tr(lang, 'Reset the member’s password') }).click();
    const reset = admin.getByRole('dialog');
    await expect(reset.getByRole('heading', { level: 2 })).toContainText(lang === 'en' ? 'Reset the password of member account no.' : 'वधू-वर सूचक खाते क्र.');
    const field = reset.getByLabel(tr(lang, 'New password'), { exact: true });
    await expect(field).toBeFocused();
    await reset.getByRole('button', { name: tr(lang, 'Reset password') }).click();
    await expect(field).toHaveAccessibleDescription(new RegExp(tr(lang, 'Password must be at least 6 characters.').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: test.info().outputPath(`member-password-${lang}-${width}.png`) });
    const password = `given-by-board-${lang}`;
    await field.fill(password);
    await reset.getByRole('button', { name: tr(lang, 'Reset password') }).click();
    await expect(admin.getByText(tr(lang, 'The member’s password has been reset. Tell it to them in person or by phone.'))).toBeVisible();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    await admin.context().close();

    const signedIn = await request.post('/api/auth/login', { data: { emailOrMobile: family.email, password } });
    expect(signedIn.status(), 'the member signs in with the password the board gave').toBe(200);
  }
  // Uploaded, it gives the matches page of the checks below a card.
  await publish(request, await profileId(request, name));
});

test.describe('the section’s pages in both languages (axe, WCAG 2.1 A/AA)', () => {
  const pages = [
    { path: '/matrimonials', heading: 'Matrimonials', submit: 'Register for Free', member: false },
    { path: '/loginUser', heading: 'Matrimonial Login', submit: 'Login', member: false },
    { path: '/profilecard', heading: 'Create Profile', submit: null, member: false },
    { path: '/profilecard', heading: 'Create Profile', submit: 'Create Profile', member: true },
    { path: '/matches', heading: 'Matches', submit: null, member: true },
    { path: '/myProfile', heading: 'My profile', submit: null, member: true },
    { path: '/forgotPassword', heading: 'Forgotten password', submit: 'Send the link', member: false },
    { path: '/resetPassword?token=e2e', heading: 'Set a new password', submit: 'Save the new password', member: false },
  ];

  for (const lang of ['en', 'mr'] as const) {
    for (const target of pages) {
      const width = lang === 'mr' ? 360 : 1280;
      test(`${target.path}${target.member ? ' (signed in)' : ''} in ${lang}`, async ({ browser, request }) => {
        const token = target.member ? await memberToken(request, groomFamily) : '';
        const page = await memberWindow(browser, lang, width, token);
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, target.heading) })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (target.path === '/matches') await expect(page.getByTestId('profile-card').or(page.getByText(tr(lang, 'No profiles have been uploaded yet.'))).first()).toBeVisible();
        if (target.path === '/myProfile') await expect(page.getByRole('link', { name: tr(lang, 'Create a profile') })).toBeVisible();
        await expect(page.locator('main').getByText(tr(lang, 'Loading...'), { exact: true })).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await noSideScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
        const name = `${target.path.slice(1).replace(/\?.*/, '')}${target.member ? '-signed-in' : ''}-${lang}-${width}`;
        await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
        if (target.submit) {
          await page.getByRole('button', { name: tr(lang, target.submit), exact: true }).click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
          expect(await seriousViolations(page)).toEqual([]);
          await page.screenshot({ path: test.info().outputPath(`${name}-messages.png`), fullPage: true });
        }
        await page.context().close();
      });
    }
  }
});
