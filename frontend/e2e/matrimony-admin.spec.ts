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
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminPage } from './admin-session';

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

/** A real one-page PDF with a line of text. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A mobile number of this run (the accounts and profiles of other runs share the database). */
const mobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Registers a pending profile through the public form's API, with a PNG photo and a PDF biodata. */
async function registerProfile(request: APIRequestContext, name: string, location = 'Pune') {
  const response = await request.post('/api/profile/register', {
    multipart: {
      profile_for: 'Daughter',
      name,
      gender: 'Female',
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.org`,
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
      biodata: { name: 'biodata.pdf', mimeType: 'application/pdf', buffer: pdf(`Biodata of ${name}`) },
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
async function search(page: Page, text: string) {
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile/profiles' && new URL(r.url()).searchParams.get('q') === text);
  await page.getByRole('searchbox').fill(text);
  await searched;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Clicks an export button and returns the file's name and text: the xlsx's XML, or the PDF's text. */
async function exportText(page: Page, button: 'Export Excel' | 'Export PDF') {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const path = (await download.path())!;
  const bytes = await readFile(path);
  const start = button === 'Export Excel' ? 'PK' : '%PDF';
  expect(bytes.subarray(0, start.length).toString('latin1'), `${button} gives a real file`).toBe(start);
  const text =
    button === 'Export Excel'
      ? execFileSync('unzip', ['-p', path], { encoding: 'utf8', maxBuffer: 16 << 20 })
      : execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), text };
}

/** The image has loaded and decoded in the browser. */
async function expectDecoded(page: Page, name: string | RegExp) {
  const img = page.getByRole('img', { name });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

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
  await expect(card).not.toContainText('@example.org');

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
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
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

      const serious = async () =>
        (await new AxeBuilder({ page }).withTags(tags).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
      expect(await serious()).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profiles-${lang}-${width[lang]}.png`), fullPage: true });

      await page.getByRole('button', { name: `${editLabel[lang]}: Meena ${surname}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await serious()).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`profile-editor-${lang}-${width[lang]}.png`) });
      await page.getByRole('dialog').locator('fieldset').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`profile-editor-files-${lang}-${width[lang]}.png`) });
      await page.context().close();
    });
  }
});
