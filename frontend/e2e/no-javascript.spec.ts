/**
 * A first visit before any JavaScript has run: the server answers the page
 * prerendered in the visitor's language (the `i18next` cookie here), styled by its inlined CSS.
 * Then the same pages with JavaScript: the prerendered HTML hydrates without a console warning.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { watchConsole } from './checks';

type Lang = 'en' | 'mr';

/** What each page shows in each language: its main heading and a text of its body. */
const pages: Array<{ path: string; heading: Record<Lang, string>; text: Record<Lang, string> }> = [
  {
    path: '/',
    heading: { en: 'Updates & Notifications', mr: 'ताज्या घडामोडी व सूचना' },
    text: { en: 'Welcome to our community', mr: 'आपल्या समाजात आपले स्वागत आहे' },
  },
  {
    path: '/gallery',
    heading: { en: 'Images Gallery', mr: 'छायाचित्र दालन' },
    text: { en: 'Showing images for: All Years > All Months', mr: 'दाखवलेली छायाचित्रे: सर्व वर्षे > सर्व महिने' },
  },
  {
    path: '/onlineServices/alandiRoomBooking',
    heading: { en: 'Alandi Room Booking', mr: 'आळंदी खोली आरक्षण' },
    text: { en: 'Check-in date', mr: 'आगमन दिनांक' },
  },
];

async function withLanguageCookie(context: BrowserContext, lang: Lang | undefined, baseURL: string | undefined) {
  if (lang) await context.addCookies([{ name: 'i18next', value: lang, url: baseURL! }]);
}

/** The page is styled: the header's top strip is dark maroon, the page cream. */
async function expectStyled(page: Page) {
  const colours = await page.evaluate(() => {
    const strip = document.querySelector('header > div')!;
    return { strip: getComputedStyle(strip).backgroundColor, body: getComputedStyle(document.documentElement).backgroundColor };
  });
  expect(colours.strip).toBe('rgb(90, 20, 20)');
  expect(colours.body).toBe('rgb(255, 248, 238)');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of [undefined, 'mr'] as const) {
    const shown: Lang = lang ?? 'en';
    for (const { path, heading, text } of pages) {
      test(`${path} shows its content in ${shown === 'en' ? 'English' : 'Marathi'}${lang ? ' (cookie i18next=mr)' : ''}, styled`, async ({ page, context, baseURL }) => {
        await withLanguageCookie(context, lang, baseURL);
        const response = await page.goto(path);
        expect(response!.headers()['content-language']).toBe(shown);
        await expect(page.locator('html')).toHaveAttribute('lang', shown);
        await expect(page.getByRole('heading', { name: heading[shown] }).first()).toBeVisible();
        await expect(page.getByText(text[shown], { exact: false }).first()).toBeVisible();
        await expect(page.getByRole('navigation').first()).toBeVisible();
        await expectStyled(page);
        // No "this site needs JavaScript" notice on a page that shows itself.
        await expect(page.getByText('This site needs JavaScript')).toHaveCount(0);
      });
    }
  }

  test('the booking form is real HTML: labelled fields that take input; without the page code it cannot be sent, and says so', async ({ page }) => {
    await page.goto('/onlineServices/alandiRoomBooking');
    // Live from the first paint (with JavaScript, typing and a tap made before the code runs are
    // held for it: first-paint.spec.ts).
    await page.getByLabel('Full name').fill('Suresh Patil');
    await expect(page.getByLabel('Full name')).toHaveValue('Suresh Patil');
    await expect(page.getByLabel('Room type')).toBeEnabled();
    // Without JavaScript the button is shown unavailable and takes no tap: the browser never
    // sends the form itself (a GET with the visitor's details in the address).
    const button = page.getByRole('button', { name: 'Book now' });
    await expect(button).toHaveCSS('pointer-events', 'none');
    await button.click({ force: true });
    await expect(page).toHaveURL(/\/onlineServices\/alandiRoomBooking$/);
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('the menu and its sub-menus open and close, and their links lead on', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main navigation' }).last();
      const summary = nav.locator('summary').first();
      const contact = nav.getByRole('link', { name: 'Contact', exact: true });
      await expect(contact).toBeHidden();
      await summary.tap();
      await expect(contact).toBeVisible();
      await expect(summary).toHaveText('Close menu', { useInnerText: true });
      await nav.getByText('Show sub-menu: Online Services').locator('..').tap();
      await expect(nav.getByRole('link', { name: 'Alandi Room Booking' })).toBeVisible();
      // One sub-menu open at a time.
      await nav.getByText('Show sub-menu: About').locator('..').tap();
      await expect(nav.getByRole('link', { name: 'Mahila Mandal' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Alandi Room Booking' })).toBeHidden();
      await nav.getByRole('link', { name: 'Mahila Mandal' }).tap();
      await expect(page).toHaveURL(/\/about\/MahilaMandal$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mahila Mandal' })).toBeVisible();
      await summary.tap();
      await expect(contact).toBeVisible();
      await summary.tap();
      await expect(contact).toBeHidden();
    });
  });

  test('a desktop dropdown opens on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    const temple = nav.getByRole('link', { name: 'Temple Committee' });
    await expect(temple).toBeHidden();
    await nav.getByRole('link', { name: /^About/ }).hover();
    await expect(temple).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(temple).toBeHidden();
    // With the keyboard: Tab to About shows its dropdown, whose links come next.
    const about = nav.getByRole('link', { name: /^About/ });
    for (let i = 0; i < 12 && !(await about.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await expect(temple).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Yuvajan Sangh' })).toBeFocused();
    await expect(temple).toBeVisible();
  });

  test('the language links open the page in the other language', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('link', { name: 'मराठी' }).click();
    await expect(page).toHaveURL(/\/contact\?lng=mr$/);
    await expect(page.getByRole('heading', { level: 1, name: 'संपर्क साधा' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'मराठी' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('a prerendered Marathi page hydrates: the language switch and a navigation work, and nothing is written to the console', async ({ page, context, baseURL }) => {
    const problems = watchConsole(page);
    await withLanguageCookie(context, 'mr', baseURL);
    // The module scripts are held back until the HTML has shown itself: the content is there first.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/onlineServices/alandiRoomBooking', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'आळंदी खोली आरक्षण' })).toBeVisible();
    // The server's elements are marked: hydration keeps them, a fresh client render would not.
    await page.evaluate(() => document.querySelectorAll('#root *').forEach((element) => element.setAttribute('data-from-server', '')));
    releaseScripts();
    // Hydrated (the boot script's holding is over: lib/held.ts) and no element was replaced.
    await expect.poll(() => page.evaluate(() => (window as { samitiHeld?: { done?: boolean } }).samitiHeld?.done)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.querySelectorAll('main h1:not([data-from-server]), main form:not([data-from-server])').length)).toBe(0);

    // Hydrated: the client's own state (the switch) answers, in place; switching writes both stores.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alandi Room Booking' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value).toBe('en');

    // A navigation inside the app, without a new document.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    await page.getByRole('link', { name: 'Contact' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the home page hydrates in English, and the subscription below the fold answers too', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('reveal')).toHaveCount(0, { timeout: 5_000 });
    const box = page.getByRole('region', { name: 'Subscribe for Event Updates' });
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText('Please enter email or mobile');
    await page.getByRole('link', { name: 'मराठी' }).click();
    await expect(page.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
