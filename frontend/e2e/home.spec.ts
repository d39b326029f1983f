/**
 * The home page of a first visit, measured with bounding boxes in Chromium:
 * at 360×640 the first screen shows the organisation, the updates banner and the hero, the
 * hero's caption keeps clear of the slide dots and arrows, and the sponsor tile is no taller
 * than the hero; at 1280 px the vertical sponsor carousel shows whole tiles, before and after it
 * moves; nothing on the first screen shifts while images arrive and the images below it load
 * lazily; the reveal plays once per visit. Screenshots of each case are kept in test-results/.
 */
import { expect, test, type Page } from '@playwright/test';

type Language = 'en' | 'mr';

/**
 * Opens Home in `lng`, chosen as the site keeps a choice (localStorage and the cookie the server
 * reads, so the prerendered page arrives in it); with `reveal: false` as a visitor who has
 * already seen the reveal.
 */
async function openHome(page: Page, lng: Language, { reveal = false } = {}) {
  await page.context().addCookies([{ name: 'i18next', value: lng, url: test.info().project.use.baseURL! }]);
  await page.addInitScript(
    ([language, skipReveal]) => {
      localStorage.setItem('i18nextLng', language);
      if (skipReveal) sessionStorage.setItem('samiti.revealSeen', '1');
    },
    [lng, !reveal] as const,
  );
  await page.goto('/');
  await expect(page.locator('main#main h1')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

const hero = (page: Page) => page.locator('main section[aria-roledescription]').first();
const sponsors = (page: Page) => page.locator('main aside section[aria-roledescription]');
const banner = (page: Page) => page.locator('section[aria-labelledby="updates-label"]');

/**
 * Where the hero's caption text meets the slide dots or arrows, on every slide: the caption's
 * lines, the dots and the arrows are compared in the carousel's own coordinates, so slides out
 * of view count too.
 */
function captionOverlaps(page: Page): Promise<string[]> {
  return hero(page).evaluate((section) => {
    const frame = section.getBoundingClientRect();
    const controls = Array.from(section.querySelectorAll(':scope > button, :scope > div > button')).map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label'), top: r.top - frame.top, bottom: r.bottom - frame.top, left: r.left - frame.left, right: r.right - frame.left };
    });
    const problems: string[] = [];
    for (const figure of Array.from(section.querySelectorAll('figure'))) {
      const slide = figure.getBoundingClientRect();
      for (const line of Array.from(figure.querySelectorAll('figcaption > *'))) {
        for (const r of Array.from(line.getClientRects())) {
          const text = { top: r.top - slide.top, bottom: r.bottom - slide.top, left: r.left - slide.left, right: r.right - slide.left };
          for (const c of controls) {
            const meets = text.left < c.right && text.right > c.left && text.top < c.bottom && text.bottom > c.top;
            if (meets) problems.push(`"${line.textContent}" meets ${c.name}`);
          }
        }
      }
    }
    return problems;
  });
}

/** The sponsor carousel at rest: which tiles are shown, and whether every tile is whole in view or wholly out of it. */
function sponsorTiles(page: Page) {
  return sponsors(page).evaluate((section) => {
    const frame = section.getBoundingClientRect();
    const slides = Array.from(section.firstElementChild!.firstElementChild!.children);
    const shown = slides.filter((s) => s.getAttribute('aria-hidden') !== 'true');
    const edge = 0.5;
    const whole = slides.every((s) => {
      const r = s.getBoundingClientRect();
      return shown.includes(s) ? r.top >= frame.top - edge && r.bottom <= frame.bottom + edge : r.bottom <= frame.top + edge || r.top >= frame.bottom - edge;
    });
    const filled = shown.reduce((sum, s) => sum + s.getBoundingClientRect().height, 0) / frame.height;
    return { first: shown[0]?.getAttribute('aria-label') ?? '', shown: shown.length, whole, filled: Math.round(filled * 1000) / 1000 };
  });
}

async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
}

for (const lng of ['mr', 'en'] as const) {
  test.describe(`at 360×640 in ${lng === 'en' ? 'English' : 'Marathi'}`, () => {
    test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

    test('the first screen shows the organisation, the updates banner and the whole hero', async ({ page }) => {
      await openHome(page, lng);
      await keepScreenshot(page, `home-360-${lng}.png`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const [what, locator] of [
        ['the organisation (header)', page.locator('header').first()],
        ['the updates banner', banner(page)],
        ['the hero', hero(page)],
      ] as const) {
        const box = (await locator.boundingBox())!;
        expect(box.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${what} ends on the first screen`).toBeLessThanOrEqual(640);
      }
    });

    test('the hero caption keeps clear of the slide dots and arrows, and the sponsor tile is no taller than the hero', async ({ page }) => {
      await openHome(page, lng);
      expect(await captionOverlaps(page)).toEqual([]);
      const heroBox = (await hero(page).boundingBox())!;
      const sponsorBox = (await sponsors(page).boundingBox())!;
      expect(sponsorBox.height).toBeGreaterThan(0);
      expect(sponsorBox.height).toBeLessThanOrEqual(heroBox.height);
      await sponsors(page).scrollIntoViewIfNeeded();
      await keepScreenshot(page, `home-360-${lng}-sponsor.png`);
    });
  });

  test.describe(`at 1280×800 in ${lng === 'en' ? 'English' : 'Marathi'}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the sponsor carousel beside the hero shows two whole tiles, never a sliver of another, before and after it moves', async ({ page }) => {
      await openHome(page, lng);
      await keepScreenshot(page, `home-1280-${lng}.png`);
      const heroBox = (await hero(page).boundingBox())!;
      const sponsorBox = (await sponsors(page).boundingBox())!;
      expect(Math.abs(sponsorBox.height - heroBox.height), 'the sponsor column is as tall as the hero').toBeLessThanOrEqual(1);
      expect(Math.abs(sponsorBox.y - heroBox.y)).toBeLessThanOrEqual(1);

      const start = await sponsorTiles(page);
      expect(start).toEqual({ first: start.first, shown: 2, whole: true, filled: 1 });
      // Autoplay (every 6 s, moving for 1.5 s): once it has moved and come to rest, the tiles are whole again.
      await expect
        .poll(async () => {
          const now = await sponsorTiles(page);
          return now.first !== start.first && now.whole && now.shown === 2 && now.filled === 1;
        }, { timeout: 15_000 })
        .toBe(true);
      await keepScreenshot(page, `home-1280-${lng}-moved.png`);
      expect(await captionOverlaps(page)).toEqual([]);
    });
  });
}

test.describe('images on the first screen', () => {
  for (const { width, height } of [{ width: 360, height: 640 }, { width: 1280, height: 800 }]) {
    test(`at ${width} px nothing shifts while the images arrive, and the images below the fold load lazily`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: Array<{ value: number; nodes: string[] }> = [];
        (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 80) ?? '?') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openHome(page, 'mr');
      await expect
        .poll(() =>
          page.evaluate((fold) =>
            Array.from(document.images)
              // The images in view: on the first screen and not in a carousel slide out of view.
              .filter((img) => img.getBoundingClientRect().top < fold && !img.closest('[aria-hidden="true"]'))
              .every((img) => img.complete && img.naturalWidth > 0),
          height),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      // Entries are delivered to the observer on a later frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts)).toEqual([]);

      const images = await page.evaluate((fold) =>
        Array.from(document.images).map((img) => ({
          src: img.getAttribute('src'),
          below: img.getBoundingClientRect().top >= fold,
          lazy: img.loading === 'lazy',
          sized: img.hasAttribute('width') && img.hasAttribute('height'),
        })),
      height);
      expect(images.filter((img) => img.below && !img.lazy)).toEqual([]);
      expect(images.filter((img) => !img.sized)).toEqual([]);
      // The first slide of the hero is fetched at once, not lazily.
      expect(await hero(page).locator('img[fetchpriority="high"]').first().getAttribute('loading')).toBe('eager');
      // Their boxes do not wait for the images: the carousels hold their proportions themselves.
      // (On wide screens the sponsor column takes the hero's height instead.)
      for (const locator of width < 900 ? [hero(page), sponsors(page)] : [hero(page)]) {
        expect(await locator.evaluate((el) => getComputedStyle(el).aspectRatio)).not.toBe('auto');
      }
      await context.close();
    });
  }
});

test.describe('the reveal animation', () => {
  test('plays over the rendered page on the first opening of Home, then not again in the same visit nor on a way back to Home', async ({ page }) => {
    await openHome(page, 'en', { reveal: true });
    await expect(page.getByTestId('reveal')).toBeVisible();
    // The page is already there beneath it.
    await expect(hero(page)).toBeVisible();
    await expect(page.getByTestId('reveal')).toHaveCount(0);

    await page.reload();
    await expect(page.locator('main#main h1')).toBeAttached();
    await expect(hero(page)).toBeVisible();
    await expect(page.getByTestId('reveal')).toHaveCount(0);

    await page.locator('nav a[href="/gallery"]:visible').first().click();
    await expect(page).toHaveURL(/\/gallery$/);
    await page.locator('nav a[href="/"]:visible').first().click();
    await expect(hero(page)).toBeVisible();
    await expect(page.getByTestId('reveal')).toHaveCount(0);
  });

  test('does not play on Home reached through a link from the page the visit opened on', async ({ page }) => {
    await page.goto('/gallery?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('nav a[href="/"]:visible').first().click();
    await expect(hero(page)).toBeVisible();
    await expect(page.getByTestId('reveal')).toHaveCount(0);
  });

  test('does not play for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page, 'en', { reveal: true });
    await expect(hero(page)).toBeVisible();
    await expect(page.getByTestId('reveal')).toHaveCount(0);
  });
});
