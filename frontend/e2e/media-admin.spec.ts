/**
 * The media dashboard pages against the real server: an administrator uploads two photos with
 * descriptions to the gallery and a poster to events through the page, sees them as
 * thumbnails, sees a refused file (text named .png) with its message, and deletes one photo;
 * axe checks the four pages in both languages. The images are drawn on a canvas in the browser
 * (real JPEG and PNG files, not fixtures). Screenshots of each page at 360 and 1280 px in both
 * languages are kept in test-results/ for review.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { expectDecoded, searchTable, seriousViolations } from './checks';
import { drawImage, pdfFile } from './files';

test.describe.configure({ mode: 'serial' });

/** Letters only, so it finds just this run's rows. */
const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Shows only this run's rows in the page's table. */
const search = (page: Page, text: string, kind: string) => searchTable(page, text, `/api/${kind}`);

test('an administrator uploads two photos with descriptions to the gallery, sees them, and deletes one', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  const procession = await drawImage(page, 'image/jpeg', 800, 600, 'Procession');
  const rangoli = await drawImage(page, 'image/jpeg', 600, 800, 'Rangoli');

  await page.getByLabel('Choose images').setInputFiles([
    { name: 'procession.jpg', mimeType: 'image/jpeg', buffer: procession },
    { name: 'rangoli.jpg', mimeType: 'image/jpeg', buffer: rangoli },
  ]);
  await expectDecoded(page, 'Preview of procession.jpg');
  await page.getByRole('textbox', { name: 'Description of procession.jpg' }).fill(`Palkhi procession ${tag}`);
  await page.getByRole('textbox', { name: 'Description of rangoli.jpg' }).fill(`दिवाळी रांगोळी ${tag}`);
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2025');
  await page.getByRole('combobox', { name: 'Month' }).selectOption('10');
  await page.getByRole('button', { name: 'Upload 2 images' }).click();

  await expect(page.getByText('Uploaded: 2')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0);

  await search(page, tag, 'gallery');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expectDecoded(page, `Palkhi procession ${tag} (opens the original)`);
  await expectDecoded(page, `दिवाळी रांगोळी ${tag} (opens the original)`);
  // The thumbnail is the small WebP variant, not the original.
  await expect(page.getByRole('img', { name: `Palkhi procession ${tag} (opens the original)` })).toHaveAttribute('src', /-320\.webp$/);
  await expect(page.locator('tbody tr').first()).toContainText('October 2025');

  // The public list files them under October 2025.
  const listed = await request.get('/api/gallery', { params: { year: 2025, month: 10, q: tag } });
  expect(((await listed.json()) as Array<{ description: string }>).map((item) => item.description).sort()).toEqual(
    [`Palkhi procession ${tag}`, `दिवाळी रांगोळी ${tag}`].sort(),
  );

  await page.getByRole('button', { name: `Delete: Palkhi procession ${tag}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete “Palkhi procession ${tag}”?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('img', { name: `दिवाळी रांगोळी ${tag} (opens the original)` })).toBeVisible();
  const after = await request.get('/api/gallery', { params: { q: tag } });
  expect(((await after.json()) as Array<{ description: string }>).map((item) => item.description)).toEqual([`दिवाळी रांगोळी ${tag}`]);
  await page.context().close();
});

test('an administrator uploads a poster to events and sees it in the list', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const poster = await drawImage(page, 'image/png', 700, 1000, 'Utsav');
  await page.getByLabel('Choose images').setInputFiles({ name: 'utsav.png', mimeType: 'image/png', buffer: poster });
  await page.getByRole('textbox', { name: 'Description of utsav.png' }).fill(`Ganeshotsav poster ${tag}`);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Uploaded: 1')).toBeVisible({ timeout: 20_000 });

  await search(page, tag, 'events');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expectDecoded(page, `Ganeshotsav poster ${tag} (opens the original)`);
  // The original is served as it was stored.
  const href = await page.getByRole('link', { name: `Ganeshotsav poster ${tag} (opens the original)` }).getAttribute('href');
  const original = await request.get(href!);
  expect(original.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await original.body(), poster)).toBe(0);
  await page.context().close();
});

test('a text file named .png is refused with its message, and Remove takes it away', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/magazines');
  await expect(page.getByRole('heading', { level: 1, name: 'Magazines' })).toBeVisible();
  await page.getByLabel('Choose images or PDFs').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are meeting notes, not an image.\n') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const entry = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
  await expect(entry.getByRole('alert')).toHaveText(/not a JPEG, PNG, WebP, GIF or PDF file/);
  await expect(page.getByText('Uploaded: 0. Not uploaded: 1. See the message under each image.')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Retry: notes.png' })).toBeVisible();
  await entry.getByRole('button', { name: 'Remove: notes.png' }).click();
  await expect(page.getByRole('list', { name: 'Chosen images' })).toHaveCount(0);
  await page.context().close();
});

test('an administrator moves a poster up and corrects its description; visitors see the new order', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const token = await adminToken(request);
  const names = [`Order one ${tag}`, `Order two ${tag}`, `Order three ${tag}`];
  for (const [i, description] of names.entries()) {
    const response = await request.post('/api/events', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { image: { name: 'poster.jpg', mimeType: 'image/jpeg', buffer: await drawImage(page, 'image/jpeg', 300, 400, `${i + 1}`) }, description },
    });
    expect(response.status()).toBe(201);
  }
  const publicOrder = async () =>
    ((await (await request.get('/api/events', { params: { per_page: 100 } })).json()) as Array<{ description: string }>)
      .map((item) => item.description)
      .filter((description) => description.endsWith(tag) && description.startsWith('Order'));
  // A new upload comes first.
  expect(await publicOrder()).toEqual([names[2], names[1], names[0]]);

  await page.reload();
  const rowsInOrder = () => page.locator('tbody tr').filter({ hasText: new RegExp(`Order .* ${tag}`) });
  await expect(rowsInOrder()).toHaveText([new RegExp(names[2]), new RegExp(names[1]), new RegExp(names[0])]);
  await page.getByRole('button', { name: `Move up: ${names[0]}` }).click();
  await expect(page.getByText(`Moved up: ${names[0]}`)).toBeVisible();
  await expect(rowsInOrder()).toHaveText([new RegExp(names[2]), new RegExp(names[0]), new RegExp(names[1])]);
  // The focus stays on the button, so a second press moves it on.
  await expect(page.getByRole('button', { name: `Move up: ${names[0]}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowsInOrder()).toHaveText([new RegExp(names[0]), new RegExp(names[2]), new RegExp(names[1])]);
  expect(await publicOrder()).toEqual([names[0], names[2], names[1]]);
  await page.screenshot({ path: test.info().outputPath('events-moved-en-1280.png'), fullPage: true });

  // Edit corrects the description; the file stays.
  await page.getByRole('button', { name: `Edit: ${names[1]}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit image: ${names[1]}` });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`Order two corrected ${tag}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved: Order two corrected ${tag}`)).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: `Order two corrected ${tag}` })).toHaveCount(1);
  expect((await publicOrder()).at(-1)).toBe(`Order two corrected ${tag}`);

  // The visitors' home page strip follows the same order.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const strip = visitor.getByRole('img', { name: new RegExp(`^Order .* ${tag}$`) });
  await expect(strip.first()).toHaveAttribute('alt', names[0]);
  await visitor.context().close();
  await page.context().close();
});

test('a magazine uploaded as a PDF shows its first page as the cover, and the public page links the PDF', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/magazines');
  await expect(page.getByRole('heading', { level: 1, name: 'Magazines' })).toBeVisible();
  const description = `Diwali issue PDF ${tag}`;
  const pdf = pdfFile(`Diwali ank ${tag}`);
  await page.getByLabel('Choose images or PDFs').setInputFiles({ name: 'diwali-issue.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('textbox', { name: 'Description of diwali-issue.pdf' }).fill(description);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Uploaded: 1')).toBeVisible({ timeout: 20_000 });

  await search(page, description, 'magazines');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expectDecoded(page, `${description} (opens the PDF)`);
  const thumb = page.getByRole('link', { name: `${description} (opens the PDF)` });
  await expect(thumb).toContainText('PDF');
  await expect(page.getByRole('img', { name: `${description} (opens the PDF)` })).toHaveAttribute('src', /-320\.webp$/);
  await page.screenshot({ path: test.info().outputPath('magazines-pdf-en-1280.png'), fullPage: true });

  // The public page: the cover, a link that opens the PDF as it was sent, in a new tab.
  for (const lang of ['en', 'mr'] as const) {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
      const visitor = await context.newPage();
      await visitor.goto('/magazines');
      const name = lang === 'en' ? `${description} (PDF, opens in a new tab)` : `${description} (पीडीएफ, नवीन टॅबमध्ये उघडते)`;
      const link = visitor.getByRole('link', { name });
      await expect(link).toHaveAttribute('type', 'application/pdf');
      await expect(link).toHaveAttribute('target', '_blank');
      await expectDecoded(visitor, name);
      await expect(visitor.getByRole('img', { name })).toHaveAttribute('src', /\.webp$/);
      if (lang === 'en' && width === 1280) {
        const served = await request.get((await link.getAttribute('href'))!);
        expect(served.headers()['content-type']).toBe('application/pdf');
        expect(Buffer.compare(await served.body(), pdf)).toBe(0);
        const opened = visitor.context().waitForEvent('page');
        await link.click();
        const tab = await opened;
        expect(tab.url()).toMatch(/\/magazines\/[0-9a-f]{32}\.pdf$/);
        await tab.close();
      }
      await link.scrollIntoViewIfNeeded();
      await visitor.screenshot({ path: test.info().outputPath(`magazines-public-pdf-${lang}-${width}.png`) });
      await context.close();
    }
  }
  await page.context().close();
});

/** Puts one image with a description in each list through the API, so the tables are checked with rows. */
async function seed(request: APIRequestContext, page: Page) {
  const token = await adminToken(request);
  const image = await drawImage(page, 'image/jpeg', 640, 480, 'Samiti');
  for (const kind of ['events', 'gallery', 'magazines', 'career']) {
    const response = await request.post(`/api/${kind}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { image: { name: 'seed.jpg', mimeType: 'image/jpeg', buffer: image }, description: `नमुना प्रतिमा ${tag}` },
    });
    expect(response.status(), `${kind} accepts the seed image`).toBe(201);
  }
}

test.describe('the four dashboard pages in both languages (axe, WCAG 2.1 A/AA)', () => {
  const pages = [
    { kind: 'events', heading: { en: 'Events', mr: 'कार्यक्रम' } },
    { kind: 'gallery', heading: { en: 'Gallery', mr: 'छायाचित्र दालन' } },
    { kind: 'magazines', heading: { en: 'Magazines', mr: 'मासिके' } },
    { kind: 'career', heading: { en: 'Employment', mr: 'रोजगार' } },
  ];
  const choose = { en: 'Choose images', mr: 'प्रतिमा निवडा' };
  const chooseWithPdf = { en: 'Choose images or PDFs', mr: 'प्रतिमा किंवा पीडीएफ निवडा' };
  const upload = { en: 'Upload', mr: 'अपलोड करा' };

  test.beforeAll(async ({ browser, request }) => {
    const page = await browser.newPage();
    await page.goto('/');
    await seed(request, page);
    await page.close();
  });

  for (const lang of ['en', 'mr'] as const) {
    for (const target of pages) {
      test(`${target.kind} in ${lang}: no serious or critical violation, with a queued file refused`, async ({ browser, request }) => {
        const page = await adminPage(browser, request, lang);
        await page.goto(`/admin/dashboard/${target.kind}`);
        await expect(page.getByRole('heading', { level: 1, name: target.heading[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('table')).toBeVisible();
        // A refused file in the queue, so its message, preview and buttons are checked too.
        await page.getByLabel((target.kind === 'magazines' ? chooseWithPdf : choose)[lang]).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
        await page.getByRole('button', { name: upload[lang], exact: true }).click();
        await expect(page.getByRole('listitem').getByRole('alert')).toBeVisible();
        await page.waitForLoadState('networkidle');

        expect(await seriousViolations(page)).toEqual([]);

        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 900 });
          await expect(page.locator('section[data-layout]')).toHaveAttribute('data-layout', width === 360 ? 'cards' : 'table');
          await page.screenshot({ path: test.info().outputPath(`${target.kind}-${lang}-${width}.png`), fullPage: true });
        }
        await page.context().close();
      });
    }
  }
});
