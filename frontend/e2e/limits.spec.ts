/**
 * The public forms under abuse, against the real server (scripts/e2e-server.sh: rate limits on,
 * loopback exempt and trusted as a proxy). A browser whose every request says
 * `X-Forwarded-For: 203.0.113.n` is that address to the server: it sends the contact form until
 * the server answers 429, and the form says, in English and in Marathi, how long to wait, with
 * everything typed still there. A script that fills the hidden honeypot field gets the form
 * refused. On every public form the honeypot is off-screen, never reached with Tab, and hidden
 * from screen readers; screenshots at 360 and 1280 px are kept in test-results/ for review.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './checks';

/** An address of TEST-NET-3 for this run (a reused server may remember earlier runs' addresses). */
const firstHost = 1 + Math.floor(Math.random() * 200);

async function visitorFrom(browser: Browser, host: number) {
  return browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${host}` } });
}

const texts = {
  en: {
    name: 'Full name',
    email: 'Email',
    message: 'Message',
    send: 'Send Message',
    sent: 'Message sent!',
    tooMany: /^Too many submissions from your connection\. Please wait \d+ (second|seconds|minute|minutes) and try again\.$/,
    refused: 'Error submitting message',
  },
  mr: {
    name: 'पूर्ण नाव',
    email: 'ईमेल',
    message: 'संदेश',
    send: 'संदेश पाठवा',
    sent: 'संदेश पाठवला!',
    tooMany: /^आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली\. कृपया [०-९]+ (सेकंद|मिनिट|मिनिटे) थांबून पुन्हा प्रयत्न करा\.$/,
    refused: 'संदेश पाठवताना त्रुटी आली',
  },
} as const;

/** The contact form of /contact and its outcome line. */
function contactForm(page: Page, lang: keyof typeof texts) {
  const t = texts[lang];
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: t.send }) });
  return { t, form, status: form.getByRole('status') };
}

for (const [index, lang] of (['en', 'mr'] as const).entries()) {
  test(`the contact form from one address, sent again and again, says how long to wait (${lang}) and keeps what was typed`, async ({ browser }) => {
    const context = await visitorFrom(browser, firstHost + index);
    const page = await context.newPage();
    await page.goto(`/contact?lng=${lang}`);
    const { t, form, status } = contactForm(page, lang);

    let refusedAfter = 0;
    for (let attempt = 1; attempt <= 20 && !refusedAfter; attempt++) {
      const typed = { name: `Asha More ${lang}`, email: `asha.${attempt}@example.org`, message: `Question number ${attempt}` };
      await form.getByLabel(t.name, { exact: true }).fill(typed.name);
      await form.getByLabel(t.email, { exact: true }).fill(typed.email);
      await form.getByLabel(t.message, { exact: true }).fill(typed.message);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contacts' && r.request().method() === 'POST');
      await form.getByRole('button', { name: t.send }).click();
      const response = await answered;
      if (response.status() === 429) {
        refusedAfter = attempt;
        expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
        await expect(status).toHaveText(t.tooMany);
        // Nothing typed is lost.
        await expect(form.getByLabel(t.name, { exact: true })).toHaveValue(typed.name);
        await expect(form.getByLabel(t.email, { exact: true })).toHaveValue(typed.email);
        await expect(form.getByLabel(t.message, { exact: true })).toHaveValue(typed.message);
        await page.screenshot({ path: test.info().outputPath(`contact-429-${lang}.png`), fullPage: true });
      } else {
        expect(response.status()).toBe(201);
        await expect(status).toHaveText(t.sent);
      }
    }
    // The bucket holds a few quick messages, not dozens.
    expect(refusedAfter).toBeGreaterThan(1);
    await context.close();
  });
}

test('a script that fills the hidden honeypot field gets the contact form refused', async ({ page }) => {
  await page.goto('/contact');
  const { t, form, status } = contactForm(page, 'en');
  await form.getByLabel(t.name, { exact: true }).fill('Bulk Sender');
  await form.getByLabel(t.email, { exact: true }).fill('bulk@example.org');
  await form.getByLabel(t.message, { exact: true }).fill('Cheap offers');
  // What a bot does: fill every input it finds, seen or not.
  await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contacts' && r.request().method() === 'POST');
  await form.getByRole('button', { name: t.send }).click();
  const response = await answered;
  expect(response.request().postDataJSON()).toMatchObject({ website: 'https://spam.example' });
  expect(response.status()).toBe(422);
  expect(await response.json()).toMatchObject({ fields: { website: 'Leave this field empty' } });
  await expect(status).toHaveText(t.refused);
});

/**
 * Every public form's page, and a button that shows its form has rendered. Create Profile is a
 * signed-in member's form (`member`: a member token in the browser; the page sends nothing).
 */
const formPages: Array<{ name: string; path: string; ready: string; member?: boolean }> = [
  { name: 'home', path: '/', ready: 'Subscribe' },
  { name: 'contact', path: '/contact', ready: 'Send Message' },
  { name: 'family', path: '/onlineServices/memberRegistraion', ready: 'Submit' },
  { name: 'room', path: '/onlineServices/alandiRoomBooking', ready: 'Book now' },
  { name: 'markandeya', path: '/onlineServices/markandeyaAbhishek', ready: 'Book now' },
  { name: 'shitaladevi', path: '/onlineServices/shitaladeviAbhishek', ready: 'Book now' },
  { name: 'poshavvadevi', path: '/onlineServices/poshavvadeviAbhishek', ready: 'Book now' },
  { name: 'matrimonials', path: '/matrimonials', ready: 'Register for Free' },
  { name: 'profilecard', path: '/profilecard', ready: 'Create Profile', member: true },
  { name: 'forgotPassword', path: '/forgotPassword', ready: 'Send the link' },
  { name: 'resetPassword', path: '/resetPassword?token=e2e', ready: 'Save the new password' },
];

for (const width of [360, 1280]) {
  test.describe(`the honeypot at ${width} px`, () => {
    test.use(width === 360 ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });

    for (const { name, path, ready, member } of formPages) {
      test(`${name}: never seen, never reached with Tab, hidden from screen readers`, async ({ page }) => {
        if (member) await page.addInitScript(() => localStorage.setItem('userToken', 'e2e-member-token'));
        await page.goto(path);
        await expect(page.getByRole('button', { name: ready, exact: true })).toBeVisible();
        const honeypot = page.locator('input[name="website"]');
        await expect(honeypot).toHaveCount(1);
        await expect(honeypot).toHaveAttribute('tabindex', '-1');
        await expect(honeypot).toHaveAttribute('autocomplete', 'off');
        await expect(page.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
        // Present for bots (not display:none), but drawn entirely left of the page.
        expect(await honeypot.evaluate((input) => getComputedStyle(input).display)).not.toBe('none');
        const box = await honeypot.evaluate((input) => {
          const rect = input.getBoundingClientRect();
          return { right: rect.right + window.scrollX };
        });
        expect(box.right).toBeLessThanOrEqual(0);
        // It widens nothing: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Tab walks the whole page round and never lands on it.
        const reached: string[] = [];
        for (let press = 0; press < 200; press++) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate((press) => {
            const element = document.activeElement as HTMLInputElement | null;
            if (!element || element === document.body) return '';
            // Each element reached is numbered once, so a second visit is known.
            element.dataset.tabStop ??= String(press);
            return `${element.dataset.tabStop}:${element.name ?? ''}:`;
          }, press);
          if (focused && reached[0] === focused) break;
          if (focused) reached.push(focused);
        }
        expect(reached.length).toBeGreaterThan(2);
        expect(reached.filter((entry) => entry.includes(':website:'))).toEqual([]);

        if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: test.info().outputPath(`honeypot-${name}-${width}.png`), fullPage: true });
      });
    }
  });
}
