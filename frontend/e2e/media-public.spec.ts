/**
 * The public media pages against the real server: photos, a poster, a magazine cover and an
 * employment notice are uploaded through the API with the administrator token (the dashboard's
 * own journey is media-admin.spec.ts), then a visitor looks at them — on a 360 px phone for the
 * gallery — and axe checks the four pages in both languages. Screenshots of every page at 360
 * and 1280 px in both languages are kept in test-results/ for review.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminToken } from './admin-session';

test.describe.configure({ mode: 'serial' });

/**
 * A year and month of their own (among the filter's years, this year and the nine before), so other journeys' photos, and
 * those of an earlier attempt of this one, stay out: the first month with no photos yet.
 */
let year = new Date().getFullYear() - 7;
let month = 2;
/** Stored names of this journey's gallery photos. */
const ownPhotos: string[] = [];

async function emptyMonth(request: APIRequestContext): Promise<[number, number]> {
  const now = new Date().getFullYear();
  for (let y = now - 7; y >= now - 9; y -= 1) {
    for (let m = 1; m <= 12; m += 1) {
      const response = await request.get(`/api/gallery?year=${y}&month=${m}&per_page=1`);
      if (response.headers()['x-total-count'] === '0') return [y, m];
    }
  }
  throw new Error('no empty month left in the gallery filter years');
}
const tag = Math.random().toString(36).slice(2, 8);
const photos = [`Holi at the temple ${tag}`, `Palkhi procession ${tag}`, `Annadan seva ${tag}`];
const poster = `Rathotsav poster ${tag}`;
const magazine = `Diwali issue ${tag}`;
const notice = `Priest wanted ${tag}`;

/** A real JPEG drawn by the browser: a coloured field with a label, `width`×`height`. */
async function jpeg(browser: Browser, width: number, height: number, colour: string, label: string): Promise<Buffer> {
  const page = await browser.newPage();
  const data = await page.evaluate(
    ([w, h, c, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#fff';
      ctx.font = `${Math.round(h / 8)}px sans-serif`;
      ctx.fillText(text, w / 10, h / 2);
      return canvas.toDataURL('image/jpeg', 0.85).split(',')[1];
    },
    [width, height, colour, label] as const,
  );
  await page.close();
  return Buffer.from(data, 'base64');
}

async function upload(request: APIRequestContext, token: string, kind: string, image: Buffer, fields: Record<string, string>) {
  const response = await request.post(`/api/${kind}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: image }, ...fields },
  });
  expect(response.status(), `${kind} upload is accepted`).toBe(201);
  return (await response.json()) as Array<{ image: string }>;
}

test.beforeAll(async ({ browser, request }) => {
  const token = await adminToken(request);
  const colours = ['#b35900', '#7a1f1f', '#1e6b34'];
  // Uploaded oldest first, so the list (newest first) shows photos[2], photos[1], photos[0].
  [year, month] = await emptyMonth(request);
  for (const [i, description] of photos.entries()) {
    const stored = await upload(request, token, 'gallery', await jpeg(browser, 1600, 1200, colours[i], `${i + 1}`), { description, year: String(year), month: String(month) });
    ownPhotos.push(...stored.map((item) => item.image));
  }
  await upload(request, token, 'events', await jpeg(browser, 1000, 1500, '#5a1414', 'Rathotsav'), { description: poster });
  await upload(request, token, 'magazines', await jpeg(browser, 900, 1200, '#f29f05', 'Diwali'), { description: magazine });
  await upload(request, token, 'career', await jpeg(browser, 900, 1200, '#1b4fd8', 'Job'), { description: notice });
});

/** Waits until the app has rendered (translations loaded) and the reveal animation is over. */
async function ready(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByTestId('reveal')).toHaveCount(0, { timeout: 5_000 });
}

/** The image has really been fetched and decoded by the browser. */
async function expectDecoded(page: Page, selector: string) {
  await expect.poll(() => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('a visitor filters the gallery, opens the lightbox, goes next past the last photo to the first and closes it with Escape', async ({ page }) => {
    const originals: string[] = [];
    page.on('request', (r) => {
      if (/\/uploads\/[0-9a-f]{32}\.jpg$/.test(new URL(r.url()).pathname)) originals.push(r.url());
    });
    await page.goto('/gallery');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Images Gallery' })).toBeVisible();
    // All, then every year a photo can be uploaded under: this year in India and the nine before.
    const yearInIndia = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
    const years = page.getByRole('combobox', { name: 'Year' }).locator('option');
    await expect(years).toHaveCount(11);
    await expect(years.nth(1)).toHaveText(String(yearInIndia));
    await expect(years.last()).toHaveText(String(yearInIndia - 9));
    await expect(page.getByRole('combobox', { name: 'Month' }).locator('option')).toHaveCount(13);

    await page.getByRole('combobox', { name: 'Year' }).selectOption(String(year));
    await page.getByRole('combobox', { name: 'Month' }).selectOption(String(month));
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gallery' && new URL(r.url()).searchParams.get('year') === String(year));
    await page.getByRole('button', { name: 'Filter' }).click();
    expect((await filtered).headers()['x-total-count']).toBe('3');
    await expect(page.getByTestId('gallery-caption')).toHaveText(`Showing images for: ${year} > ${String(month).padStart(2, '0')}`);

    const grid = page.getByRole('list', { name: 'Images Gallery' });
    await expect(grid.getByRole('img')).toHaveCount(3);
    await expect(grid.getByRole('img').first()).toHaveAccessibleName(photos[2]);
    await expectDecoded(page, 'main li img');
    // One column on a phone; no sideways scrolling.
    const boxes = await grid.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('gallery-360-en.png'), fullPage: true });

    const opener = grid.getByRole('button', { name: photos[1] });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Gallery photo' });
    await expect(dialog.getByRole('img')).toHaveAccessibleName(photos[1]);
    await expect(dialog.getByText('2 of 3')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open the original image' })).toHaveAttribute('href', /^\/uploads\/[0-9a-f]{32}\.jpg$/);
    await expectDecoded(page, '[role="dialog"] img');
    await page.screenshot({ path: test.info().outputPath('gallery-lightbox-360-en.png') });

    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByRole('img')).toHaveAccessibleName(photos[0]);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByRole('img')).toHaveAccessibleName(photos[2]);
    await expect(dialog.getByText('1 of 3')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('img')).toHaveAccessibleName(photos[0]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The phone got this journey's photos, in the grid and the lightbox, from the resized variants,
    // never an original (other journeys' small photos may have no variant wide enough).
    expect(originals.filter((url) => ownPhotos.some((name) => url.endsWith(`/${name}`)))).toEqual([]);
    expect(ownPhotos).toHaveLength(3);
  });

  test('the poster opens from the home strip and closes with its button', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const button = page.getByRole('button', { name: poster });
    await button.scrollIntoViewIfNeeded();
    await expect(button.getByRole('img')).toHaveAttribute('src', /-320\.webp$/);
    await expectDecoded(page, `img[alt="${poster}"]`);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Event poster' });
    // 1000 px wide: no variant is larger, so the overlay shows the original.
    await expect(dialog.getByRole('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.jpg$/);
    await expectDecoded(page, '[role="dialog"] img');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('magazines and employment', () => {
  test('the magazine overlay opens full size and closes on the backdrop and with Escape', async ({ page }) => {
    await page.goto('/magazines');
    await ready(page);
    const tile = page.getByRole('button', { name: magazine });
    await tile.click();
    const dialog = page.getByRole('dialog', { name: 'Magazine' });
    await expect(dialog.getByRole('img')).toHaveAccessibleName(magazine);
    await expectDecoded(page, '[role="dialog"] img');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await tile.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tile).toBeFocused();
  });

  test('the employment overlay opens full size and closes with the close button', async ({ page }) => {
    await page.goto('/career');
    await ready(page);
    await page.getByRole('button', { name: notice }).click();
    const dialog = page.getByRole('dialog', { name: 'Employment notice' });
    await expectDecoded(page, '[role="dialog"] img');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('accessibility (axe, WCAG 2.1 A/AA) and screenshots', () => {
  // The gallery's month is chosen when the photos are uploaded, so its path is worked out then.
  const pages = [
    { path: '/', at: () => '/', image: poster },
    { path: '/gallery', at: () => `/gallery?year=${year}&month=${month}`, image: photos[0] },
    { path: '/magazines', at: () => '/magazines', image: magazine },
    { path: '/career', at: () => '/career', image: notice },
  ];
  for (const lng of ['en', 'mr'] as const) {
    for (const { path, at, image } of pages) {
      test(`${path} in ${lng} has no serious or critical violations`, async ({ page }) => {
        await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), lng);
        await page.goto(at());
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator(`img[alt="${image}"]`)).toHaveCount(1);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .options({ iframes: false })
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);

        const name = path.split('?')[0].replace(/\W/g, '') || 'home';
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${lng}.png`), fullPage: true });
        }
        await page.locator(`img[alt="${image}"]`).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        const dialogResults = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ iframes: false }).analyze();
        expect(dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      });
    }
  }
});
