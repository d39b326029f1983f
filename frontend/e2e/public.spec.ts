import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Waits until the app has rendered (translations loaded) and the reveal animation is over. */
async function ready(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByTestId('reveal')).toHaveCount(0, { timeout: 5_000 });
}

test.describe('language', () => {
  test('switching to Marathi persists across a reload', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await expect(page.getByRole('heading', { name: 'Updates & Notifications' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('link', { name: 'मराठी' }).click();
    await expect(page.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('link', { name: 'मराठी' })).toHaveAttribute('aria-current', 'true');
    // Switched in place by the page's code: the address did not change.
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('mr');

    await page.reload();
    await ready(page);
    await expect(page.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('link', { name: 'संपर्क' }).first()).toBeAttached();

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Updates & Notifications' })).toBeVisible();
  });

  test('?lng=mr picks Marathi on a first visit', async ({ page }) => {
    await page.goto('/contact?lng=mr');
    await expect(page.getByRole('heading', { level: 1, name: 'संपर्क साधा' })).toBeVisible();
  });
});

test.describe('mobile menu at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const nav = page.getByRole('navigation', { name: 'Main navigation' }).last();
    const menu = nav.locator('details').first();
    const summary = menu.locator('summary').first();
    await expect(summary).toHaveText('Menu', { useInnerText: true });
    await summary.click();
    await expect(menu).toHaveJSProperty('open', true);
    await expect(summary).toHaveText('Close menu', { useInnerText: true });
    const list = menu.locator('ul').first();
    await expect(list).toBeVisible();
    await expect(list.getByRole('link', { name: 'Management Team' })).toBeVisible();

    await list.getByText('Show sub-menu: About').locator('..').click();
    await list.getByRole('link', { name: 'Mahila Mandal' }).click();
    await expect(page).toHaveURL(/\/about\/MahilaMandal$/);
    await expect(list).toBeHidden();
    await expect(menu).toHaveJSProperty('open', false);

    await summary.click();
    await list.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(list).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('subscription', () => {
  test('empty input sends nothing; a new address opens the channel popup and is sent its confirmation link; a repeat is refused', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/subscribers')) posts.push(request.postData() ?? '');
    });
    await page.goto('/');
    await ready(page);
    const box = page.getByRole('region', { name: 'Subscribe for Event Updates' });
    const input = box.getByPlaceholder('Enter Email or Mobile Number');

    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText('Please enter email or mobile');
    expect(posts).toHaveLength(0);

    const address = `e2e-${Date.now()}@example.org`;
    await input.fill(address);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thank you for subscribing!' });
    await expect(dialog).toBeVisible();
    const link = dialog.getByRole('link', { name: /Visit our YouTube channel/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(input).toHaveValue('');
    // Mail is on in the journeys' server (scripts/e2e-server.sh): an e-mail address is sent the
    // link that confirms it (double opt-in).
    await expect(dialog).toContainText('We sent a confirmation link to your e-mail. Updates start once you confirm.');
    expect(await page.evaluate(() => localStorage.getItem('isSubscribed'))).toBe('true');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // A mobile number is listed at once; the same number again is refused.
    const mobile = `9${String(Date.now()).slice(-9)}`;
    await input.fill(mobile);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText('confirmation link');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await input.fill(mobile);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText('This email or mobile number is already subscribed.');

    await input.fill('12345');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText('Enter a valid email address or 10-digit mobile number.');
    expect(posts).toHaveLength(4);
  });
});

test.describe('subscription in Marathi at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the field opens the ordinary keyboard, takes a mobile number with +91 or 0, and shows errors as errors', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'mr'));
    await page.goto('/');
    await ready(page);
    const box = page.getByRole('region', { name: 'कार्यक्रमांची माहिती नियमित मिळवा' });
    const input = box.getByRole('textbox', { name: 'ईमेल किंवा मोबाईल क्रमांक' });
    const button = box.getByRole('button', { name: 'माहिती मिळवा' });
    const message = box.getByRole('status');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('inputmode', 'text');

    // An error is in the error colour with its icon, and the field is marked invalid.
    await button.click();
    await expect(message).toHaveText('कृपया ईमेल किंवा मोबाईल क्रमांक लिहा');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    const shown = message.locator('p');
    expect(await shown.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(163, 22, 26)');
    await expect(shown.locator('svg')).toBeVisible();
    await input.fill('98765');
    await button.click();
    await expect(message).toHaveText('कृपया योग्य ईमेल पत्ता किंवा १० अंकी मोबाईल क्रमांक लिहा.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await box.screenshot({ path: test.info().outputPath('subscribe-mr-360-error.png') });
    await page.screenshot({ path: test.info().outputPath('home-mr-360-subscribe-error.png') });

    // A number written with +91, then the same number with a leading 0: one subscriber.
    const mobile = `9${String(Date.now()).slice(-9)}`;
    await input.fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'धन्यवाद! आता आपल्याला कार्यक्रमांची माहिती मिळत राहील.' });
    await expect(dialog).toBeVisible();
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'बंद करा' }).last().click();
    await expect(dialog).toBeHidden();
    await input.fill(`0${mobile}`);
    await button.click();
    await expect(message).toHaveText('या ईमेल किंवा मोबाईल क्रमांकावर कार्यक्रमांची माहिती आधीपासूनच पाठवली जाते.');
    await box.screenshot({ path: test.info().outputPath('subscribe-mr-360-repeat.png') });
  });
});

test.describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  for (const lng of ['en', 'mr'] as const) {
    for (const path of ['/', '/contact']) {
      test(`${path} in ${lng} has no serious or critical violations`, async ({ page }) => {
        await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), lng);
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          // The map is a third-party frame (not loaded without internet); its title is still checked.
          .options({ iframes: false })
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
      });
    }
  }
});
