/**
 * The administrator's matrimonial profiles against the real server: a profile is registered
 * through the public API (a real PNG photo and a real PDF biodata); the administrator finds it
 * among the pending ones, edits it in the modal (a new photo), and uploads it to the matches
 * gallery (the Excel and PDF exports of the list as shown are read back on the way); a member
 * signed in on another page sees it appear live on /matches, opens its
 * biodata (a PDF behind a signed link), and sees it disappear when the administrator deletes it.
 * axe checks the dashboard page and its edit modal in both languages; screenshots at 360 px in
 * Marathi and 1280 px in English are kept in test-results/ for review.
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminPage } from './admin-session';
import { expectDecoded, searchTable, seriousViolations } from './checks';
import { exportText, pdfFile } from './files';

test.describe.configure({ mode: 'serial' });

/** Letters only (a name takes letters), so a search finds just this run's profiles. */
const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const capital = (word: string) => word[0].toUpperCase() + word.slice(1);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (8-bit RGB): a vertical gradient from `top` to `bottom`. */
function png(width: number, height: number, top: [number, number, number], bottom: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const share = y / Math.max(1, height - 1);
    const colour = top.map((from, i) => Math.round(from + (bottom[i] - from) * share));
    const start = y * (1 + width * 3);
    rows[start] = 0;
    for (let x = 0; x < width; x++) rows.set(colour, start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A mobile number of this run (the accounts and profiles of other runs share the database). */
const mobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/**
 * Registers a pending profile through the public form's API, with a PNG photo and a PDF biodata:
 * a member account first (a profile belongs to one; registering signs the member in), then the
 * profile with its token.
 */
async function registerProfile(request: APIRequestContext, name: string, location = 'Pune') {
  const slug = name.replace(/\s+/g, '.').toLowerCase();
  const account = { profile_for: 'Daughter', email: `${slug}.family@example.org`, mobile: mobile(), password: 'member-secret-1' };
  const registered = await request.post('/api/matrimony/register', { data: account });
  expect(registered.status(), `${name}'s family registers`).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const response = await request.post('/api/profile/register', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      profile_for: 'Daughter',
      name,
      gender: 'Female',
      email: `${slug}@example.org`,
      mobile: mobile(),
      dob: '1998-05-20',
      religion: 'Hindu',
      caste: 'Padmashali',
      occupation: 'Teacher',
      education: 'M.A.',
      location,
      height: `5'4"`,
      about: 'Enjoys classical music.',
      profile_photo: { name: 'photo.png', mimeType: 'image/png', buffer: png(300, 400, [122, 31, 31], [242, 159, 5]) },
      biodata: { name: 'biodata.pdf', mimeType: 'application/pdf', buffer: pdfFile(`Biodata of ${name}`) },
    },
  });
  expect(response.status(), `${name}'s profile is registered`).toBe(201);
}

/** A matrimonial member signed in on a page of their own (the token in localStorage `userToken`). */
async function memberPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const account = { profile_for: 'Self', email: `member.${tag()}@example.org`, mobile: mobile(), password: 'member-secret-1' };
  const registered = await request.post('/api/matrimony/register', { data: account });
  expect(registered.status(), 'the member registers').toBe(201);
  const login = await request.post('/api/auth/login', { data: { emailOrMobile: account.email, password: account.password } });
  expect(login.status(), 'the member signs in').toBe(200);
  const { token } = (await login.json()) as { token: string };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([value]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        localStorage.setItem('userToken', value);
        localStorage.setItem('i18nextLng', 'en');
        sessionStorage.setItem('e2e-init', '1');
      }
    },
    [token],
  );
  return context.newPage();
}

/** Shows only this run's rows in the dashboard's table. */
const search = (page: Page, text: string) => searchTable(page, text, '/api/profile/profiles');

test('an administrator edits and uploads a pending profile, a member sees it arrive live, opens its biodata, and sees it go when it is deleted', async ({
  browser,
  request,
}) => {
  const surname = capital(tag());
  const name = `Asha ${surname}`;
  await registerProfile(request, name);

  const member = await memberPage(browser, request);
  await member.goto('/matches');
  await expect(member.getByText('Loading...')).toHaveCount(0, { timeout: 15_000 });
  await expect(member.getByText(name)).toHaveCount(0);

  const admin = await adminPage(browser, request);
  // The dashboard's card opens the profiles awaiting approval.
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: /Profiles awaiting approval/ }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard\/profiles\?status=pending$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Matrimonial Profiles' })).toBeVisible();
  await expect(admin.getByLabel('Status', { exact: true })).toHaveValue('pending');
  await search(admin, surname);
  const row = admin.locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expectDecoded(admin, `Photo of ${name} (opens the photo)`);

  // Edit: a new location and a new photo, previewed before it is sent.
  await admin.getByRole('button', { name: `Edit: ${name}` }).click();
  const modal = admin.getByRole('dialog', { name: `Edit profile: ${name}` });
  await expect(modal.getByLabel('Location', { exact: true })).toHaveValue('Pune');
  await modal.getByLabel('Location', { exact: true }).fill('Solapur');
  const newPhoto = png(360, 480, [27, 79, 216], [253, 233, 196]);
  await modal.getByLabel('New photo (optional)').setInputFiles({ name: 'new-photo.png', mimeType: 'image/png', buffer: newPhoto });
  await expectDecoded(admin, 'Preview of new-photo.png');
  const oldPhoto = await row.getByRole('link', { name: `Photo of ${name} (opens the photo)` }).getAttribute('href');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Profile updated successfully')).toBeVisible({ timeout: 20_000 });
  await expect(modal).toHaveCount(0);
  await expect(row).toContainText('Solapur');
  await expectDecoded(admin, `Photo of ${name} (opens the photo)`);
  // The new photo has a new stored name and is served exactly as sent.
  const photoLink = await row.getByRole('link', { name: `Photo of ${name} (opens the photo)` }).getAttribute('href');
  expect(new URL(photoLink!, admin.url()).pathname).not.toBe(new URL(oldPhoto!, admin.url()).pathname);
  const served = await admin.request.get(photoLink!);
  expect(served.status()).toBe(200);
  expect(Buffer.compare(await served.body(), newPhoto)).toBe(0);

  // The exports hold the list as shown (searched, pending only), without the files.
  for (const button of ['Export Excel', 'Export PDF'] as const) {
    const file = await exportText(admin, button);
    expect(file.name).toMatch(/^matrimonial_profiles\.(xlsx|pdf)$/);
    expect(file.text, `${button} holds the profile`).toContain(surname);
    expect(file.text, `${button} holds the edited location`).toContain('Solapur');
  }

  // Upload to the matches gallery: the member's open page shows it without a reload.
  await row.getByRole('button', { name: `Upload to Matches: ${name}` }).click();
  await expect(admin.getByText('Profile uploaded successfully to Matches gallery!')).toBeVisible();
  await expect(member.getByText(name)).toBeVisible();
  const card = member.getByTestId('profile-card').filter({ hasText: name });
  await expect(card).toContainText('Solapur');
  // No contact details of the profile (the card's way to ask the board names the Samiti's own).
  const slug = name.replace(/\s+/g, '.').toLowerCase();
  await expect(card).not.toContainText(`${slug}@example.org`);
  await expect(card).not.toContainText(`${slug}.family@example.org`);

  const biodata = card.getByRole('link', { name: /View BioData/ });
  const href = await biodata.getAttribute('href');
  const opened = await member.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Delete: gone from the dashboard and, live, from the member's page.
  await admin.getByLabel('Status', { exact: true }).selectOption('');
  await admin.getByRole('button', { name: `Delete: ${name}` }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this profile?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Profile deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(member.getByText(name)).toHaveCount(0);

  await member.context().close();
  await admin.context().close();
});

test.describe('the profiles dashboard page in both languages (axe, WCAG 2.1 A/AA)', () => {
  const headings = { en: 'Matrimonial Profiles', mr: 'वधू-वर स्थळे' };
  const editLabel = { en: 'Edit', mr: 'संपादित करा' };
  const width = { en: 1280, mr: 360 };

  for (const lang of ['en', 'mr'] as const) {
    test(`has no serious or critical violation in ${lang}, with its edit modal`, async ({ browser, request }) => {
      const surname = capital(tag());
      await registerProfile(request, `Meena ${surname}`, 'Nashik');
      const page = await adminPage(browser, request, lang, width[lang]);
      await page.goto('/admin/dashboard/profiles');
      await expect(page.getByRole('heading', { level: 1, name: headings[lang] })).toBeVisible();
      await search(page, surname);
      await expectDecoded(page, new RegExp(`Meena ${surname}`));
      // A phone shows every profile as a card, with its buttons on screen.
      if (width[lang] === 360) await expect(page.locator('section[data-layout]')).toHaveAttribute('data-layout', 'cards');

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profiles-${lang}-${width[lang]}.png`), fullPage: true });

      await page.getByRole('button', { name: `${editLabel[lang]}: Meena ${surname}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profile-editor-${lang}-${width[lang]}.png`) });
      await page.getByRole('dialog').locator('fieldset').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`profile-editor-files-${lang}-${width[lang]}.png`) });
      await page.context().close();
    });
  }
});
