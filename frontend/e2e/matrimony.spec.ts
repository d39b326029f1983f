/**
 * The matrimonial section's public pages against the real server: a visitor on a 360 px phone
 * registers for free in Marathi (after the messages for bad input, and a 409 for a second try)
 * and creates a profile with a photo and a PDF biodata; once an administrator has uploaded it, a
 * member logs in, sees the card (photo through its signed link, no contact details), opens the
 * biodata, sees another profile appear and disappear live, and logs out. axe checks the four
 * public pages in both languages; screenshots at 360 px in Marathi and 1280 px in English are
 * kept in test-results/ for review.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken } from './admin-session';
import { seriousViolations } from './checks';
import { drawImage, pdfFile } from './files';

test.describe.configure({ mode: 'serial' });

/** Marathi letters of this run only (a name must be letters). */
const letters = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
const tag = Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const latinTag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const randomMobile = () => `9${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`;

const bride = { name: `आशा ${tag}`, email: `asha.${latinTag}@example.org`, mobile: randomMobile(), password: 'asha-secret-1' };

async function asAdmin(request: APIRequestContext) {
  return { Authorization: `Bearer ${await adminToken(request)}` };
}

/** The id of the one profile whose name holds `name` (the administrator's list). */
async function profileId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`/api/profile/profiles?q=${encodeURIComponent(name)}`, { headers: await asAdmin(request) });
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as Array<{ id: number; name: string }>;
  expect(rows.map((row) => row.name)).toEqual([name]);
  return rows[0].id;
}

async function publish(request: APIRequestContext, id: number) {
  const response = await request.post(`/api/profile/upload-profile/${id}`, { headers: await asAdmin(request) });
  expect(response.status()).toBe(200);
}

async function memberToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { emailOrMobile: bride.email, password: bride.password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

test('a visitor on a 360 px phone registers in Marathi and creates a profile with a photo and a biodata', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/matrimonials?lng=mr');
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

  // Create Profile, with what the registration already said filled in.
  await expect(page).toHaveURL(/\/profilecard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'प्रोफाइल तयार करा' })).toBeVisible();
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

  await expect(page).toHaveURL(/\/loginUser$/);
  await expect(page.getByRole('status').filter({ hasText: 'प्रोफाइलची नोंदणी यशस्वी झाली' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('login-mr-360-after-profile.png'), fullPage: true });

  // The same e-mail cannot register twice.
  await page.goto('/matrimonials');
  await page.getByLabel('प्रोफाइल कोणासाठी', { exact: true }).selectOption('Self');
  await page.getByLabel('ईमेल', { exact: true }).fill(bride.email.toUpperCase());
  await page.getByLabel('मोबाईल क्रमांक', { exact: true }).fill(randomMobile());
  await page.getByLabel('पासवर्ड', { exact: true }).fill(bride.password);
  await page.getByRole('button', { name: 'विनामूल्य नोंदणी करा' }).click();
  await expect(page.getByRole('alert')).toHaveText('या ईमेल किंवा मोबाईल क्रमांकाने आधीच नोंदणी झालेली आहे!');
  await context.close();
});

test('a member logs in and sees the uploaded profile, without contact details, and others come and go live', async ({ browser, request }) => {
  const id = await profileId(request, bride.name);
  await publish(request, id);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Without the member token the matches page sends the visitor to the login.
  await page.goto('/matches?lng=en');
  await expect(page).toHaveURL(/\/loginUser$/);
  await expect(page.getByText('Please log in to see the matches.')).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Email or mobile number', { exact: true })).toHaveAccessibleDescription('Please fill in all fields');
  // One message for the form, shown once; the empty password is marked too.
  await expect(page.getByText('Please fill in all fields', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email or mobile number', { exact: true }).fill(bride.mobile);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email/mobile or password');
  await page.getByLabel('Password', { exact: true }).fill(bride.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/matches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
  const card = page.getByTestId('profile-card').filter({ has: page.getByRole('heading', { name: bride.name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Daughter', { exact: true })).toBeVisible();
  await expect(card.getByText('पद्मशाली')).toBeVisible();
  const img = card.getByRole('img', { name: `Photo of ${bride.name}` });
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  expect(await img.getAttribute('src')).toMatch(/^\/api\/profile\/files\/[^?]+\?expires=\d+&sig=[0-9a-f]+$/);
  // No contact details anywhere on the page.
  await expect(page.locator('main')).not.toContainText(bride.email);
  await expect(page.locator('main')).not.toContainText(bride.mobile);

  // The biodata opens in a new tab through its signed link.
  const biodata = card.getByRole('link', { name: 'View BioData' });
  const [tab] = await Promise.all([context.waitForEvent('page'), biodata.click()]);
  const answer = await request.get(new URL((await biodata.getAttribute('href'))!, page.url()).toString());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['cache-control']).toMatch(/^private/);
  await tab.close();
  await page.screenshot({ path: test.info().outputPath('matches-en-1280.png'), fullPage: true });

  // Another profile: it appears once an administrator uploads it, and goes when deleted.
  const groom = `रवी ${tag}`;
  const created = await request.post('/api/profile/register', {
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
  await context.close();
});

test.describe('the four public pages in both languages (axe, WCAG 2.1 A/AA)', () => {
  const pages = [
    { path: '/matrimonials', heading: { en: 'Matrimonials', mr: 'वधू-वर सूचक' }, submit: { en: 'Register for Free', mr: 'विनामूल्य नोंदणी करा' } },
    { path: '/loginUser', heading: { en: 'Matrimonial Login', mr: 'वधू-वर सूचक लॉगिन' }, submit: { en: 'Login', mr: 'लॉगिन' } },
    { path: '/profilecard', heading: { en: 'Create Profile', mr: 'प्रोफाइल तयार करा' }, submit: { en: 'Create Profile', mr: 'प्रोफाइल तयार करा' } },
    { path: '/matches', heading: { en: 'Matches', mr: 'अनुरूप स्थळे' }, submit: null },
  ];

  for (const lang of ['en', 'mr'] as const) {
    for (const target of pages) {
      test(`${target.path} in ${lang}`, async ({ browser, request }) => {
        const token = target.path === '/matches' ? await memberToken(request) : '';
        const width = lang === 'mr' ? 360 : 1280;
        const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: lang === 'mr' });
        await context.addInitScript(
          ([lng, value]) => {
            localStorage.setItem('i18nextLng', lng);
            if (value) localStorage.setItem('userToken', value);
          },
          [lang, token],
        );
        const page = await context.newPage();
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1, name: target.heading[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (target.path === '/matches') await expect(page.getByTestId('profile-card').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await noSideScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
        const name = `${target.path.slice(1)}-${lang}-${width}`;
        await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
        if (target.submit) {
          await page.getByRole('button', { name: target.submit[lang], exact: true }).click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
          expect(await seriousViolations(page)).toEqual([]);
          await page.screenshot({ path: test.info().outputPath(`${name}-messages.png`), fullPage: true });
        }
        await context.close();
      });
    }
  }
});
