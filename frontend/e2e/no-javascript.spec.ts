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

  test('the booking form is real HTML: labelled fields, which wait for the page code before they take input', async ({ page }) => {
    await page.goto('/onlineServices/alandiRoomBooking');
    // Typed before the code arrives, a value would be lost to the form's state: the fields wait.
    await expect(page.getByLabel('Full name')).toHaveAttribute('readonly');
    await expect(page.getByLabel('Room type')).toBeDisabled();
    // It is sent by the page's code, which this visit does not run: the button says so.
    await expect(page.getByRole('button', { name: 'Book now' })).toBeDisabled();
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
    // Hydrated: the switch is enabled (it waits for the page's code) and no element was replaced.
    await expect(page.getByRole('button', { name: 'English' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.querySelectorAll('main h1:not([data-from-server]), main form:not([data-from-server])').length)).toBe(0);

    // Hydrated: the client's own state (the switch) answers; switching writes both stores.
    await page.getByRole('button', { name: 'English' }).click();
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
    await page.getByRole('button', { name: 'मराठी' }).click();
    await expect(page.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
