/**
 * No dead control while a page wakes up: a first visit on a slow phone (360 px, CPU 4x slower,
 * 400 kbit/s both ways, 300 ms) types and taps as soon as the page is painted, long before its
 * code has run. The menus open at once (<details>, CSS), the language links are links, and a form's
 * typing and tap are held (scripts/boot.js) and handed to the app once it has hydrated
 * (src/lib/held.ts): every tap acts, every typed value survives.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
// A throttled first visit takes a few seconds: the app arrives at about 50 KB/s.
test.setTimeout(90_000);
const AWAKE = { timeout: 45_000 };

async function slowPhone(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 50_000 });
}

/** Opens `path` and returns as soon as `heading` is painted, not waiting for the page's code. */
async function firstPaint(page: Page, context: BrowserContext, path: string, heading: string | RegExp) {
  await slowPhone(page, context);
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: heading }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** The app has not yet taken the page over: what the visitor does now is the browser's or held. */
async function expectAsleep(page: Page) {
  expect(await page.evaluate(() => (window as { samitiHeld?: { done?: boolean } }).samitiHeld?.done !== true), 'the page code had already run').toBe(true);
}

/** The app has taken over (and handed over what was held). */
async function awake(page: Page) {
  await expect.poll(() => page.evaluate(() => (window as { samitiHeld?: { done?: boolean } }).samitiHeld?.done === true), AWAKE).toBe(true);
}

/**
 * Every id the page's fields and controls name (aria-describedby, aria-controls, label for) is
 * there: the ids React draws after hydrating (an error's, say) are the prerendered HTML's.
 */
async function expectIdsResolve(page: Page) {
  const missing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('#root [aria-describedby], #root [aria-controls], #root label[for]')).flatMap((element) =>
      (element.getAttribute('aria-describedby') ?? element.getAttribute('aria-controls') ?? element.getAttribute('for') ?? '')
        .split(/\s+/)
        .filter((id) => id && !document.getElementById(id)),
    ),
  );
  expect(missing).toEqual([]);
}

test('home: the menu and a sub-menu open at the first tap', async ({ page, context }) => {
  await firstPaint(page, context, '/', 'Updates & Notifications');
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).last();
  const menu = nav.locator('summary').first();
  await menu.tap();
  await expectAsleep(page);
  await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
  await expect(menu).toHaveText('Close menu', { useInnerText: true });
  await nav.getByText('Show sub-menu: About').locator('..').tap();
  await expect(nav.getByRole('link', { name: 'Mahila Mandal' })).toBeVisible();
  await menu.tap();
  await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeHidden();
});

test('home: the subscription typed and tapped at the first paint is sent', async ({ page, context }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/subscribers')) posts.push(request.postData() ?? '');
  });
  await firstPaint(page, context, '/', 'Updates & Notifications');
  const box = page.getByRole('region', { name: 'Subscribe for Event Updates' });
  const input = box.getByPlaceholder('Enter Email or Mobile Number');
  const address = `first-paint-${Date.now()}@example.org`;
  await input.fill(address);
  await box.getByRole('button', { name: 'Subscribe' }).tap();
  await expectAsleep(page);
  // Held, not lost: once the code has run it is sent with what was typed.
  await expect(page.getByRole('dialog', { name: 'Thank you for subscribing!' })).toBeVisible(AWAKE);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toContain(address);
  await expect(box.getByRole('status')).not.toHaveText('Please enter email or mobile');
});

test('home: the language link works at the first tap', async ({ page, context }) => {
  await firstPaint(page, context, '/', 'Updates & Notifications');
  await page.getByRole('link', { name: 'मराठी' }).tap();
  await expect(page).toHaveURL(/\/\?lng=mr$/, AWAKE);
  await expect(page.getByRole('heading', { name: 'ताज्या घडामोडी व सूचना' })).toBeVisible(AWAKE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
});

test('contact: the message typed and sent at the first paint arrives, nothing typed is lost', async ({ page, context }) => {
  await firstPaint(page, context, '/contact', 'Contact Us');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get In Touch' }) });
  await form.getByLabel('Full name').fill('सुरेश पाटील');
  await form.getByLabel('Email').fill('suresh@example');
  await form.getByLabel('Message').fill('Namaskar, first paint.');
  await form.getByRole('button', { name: 'Send Message' }).tap();
  await expectAsleep(page);
  // The app answers the held tap with what was typed: the e-mail's own error, not "required".
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format', AWAKE);
  await expect(form.getByLabel('Full name')).toHaveValue('सुरेश पाटील');
  await expect(form.getByLabel('Full name')).not.toHaveAccessibleDescription('Full name is required');
  await expect(form.getByLabel('Message')).toHaveValue('Namaskar, first paint.');
  await form.getByLabel('Email').fill('suresh@example.org');
  await form.getByRole('button', { name: 'Send Message' }).tap();
  await expect(form.getByText('Message sent!')).toBeVisible();
});

test('matrimonial login: the Login tapped at the first paint signs in with what was typed', async ({ page, context }) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/.*login/i.test(request.url())) logins.push(request.postData() ?? '');
  });
  await firstPaint(page, context, '/loginUser', /Log in to see the matches|Login/);
  await page.getByLabel('Email or mobile number').fill('nobody-first-paint@example.org');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).tap();
  await expectAsleep(page);
  await expect(page.getByText('Invalid email/mobile or password')).toBeVisible(AWAKE);
  expect(logins).toHaveLength(1);
  expect(logins[0]).toContain('nobody-first-paint@example.org');
  await expect(page.getByLabel('Email or mobile number')).toHaveValue('nobody-first-paint@example.org');
});

test('room booking: fields typed and chosen at the first paint reach the form, the tap checks them', async ({ page, context }) => {
  await firstPaint(page, context, '/onlineServices/alandiRoomBooking', 'Alandi Room Booking');
  await page.getByLabel('Full name').fill('सुरेश पाटील');
  await page.getByLabel('Email').fill('suresh@example');
  await page.getByLabel('Phone').fill('98765');
  await page.getByLabel('Room type').selectOption('deluxe');
  await page.getByRole('button', { name: 'Book now' }).tap();
  await expectAsleep(page);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format', AWAKE);
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Phone must be 10 digits');
  await expect(page.getByLabel('Full name')).not.toHaveAccessibleDescription(/required/);
  await expect(page.getByLabel('Full name')).toHaveValue('सुरेश पाटील');
  await expect(page.getByLabel('Room type')).toHaveValue('deluxe');
  await expectIdsResolve(page);
});

test('family registration: the head of family typed at the first paint survives the check', async ({ page, context }) => {
  await firstPaint(page, context, '/onlineServices/memberRegistraion', 'Member Registration');
  const first = page.getByLabel('First name').first();
  await first.fill('Ramesh');
  await page.locator('form button[type=submit]').tap();
  await expectAsleep(page);
  await expect(page.getByLabel('Last name').first()).toHaveAccessibleDescription('Last name is required', AWAKE);
  await expect(first).not.toHaveAccessibleDescription('First name is required');
  await expect(first).toHaveValue('Ramesh');
});

test('gallery: a year chosen and filtered at the first paint is applied', async ({ page, context }) => {
  await firstPaint(page, context, '/gallery', 'Images Gallery');
  const year = page.getByLabel('Year');
  const chosen = await year.locator('option').nth(1).getAttribute('value');
  await year.selectOption(chosen!);
  await page.getByRole('button', { name: 'Filter' }).tap();
  await expectAsleep(page);
  await expect(page.getByTestId('gallery-caption')).toHaveText(`Showing images for: ${chosen} > All Months`, AWAKE);
  await expect(page).toHaveURL(new RegExp(`year=${chosen}`));
  await awake(page);
});

/**
 * Moves the pointer off the dropdown's entry and answers how long after it left the dropdown was
 * hidden, measured in the page (a round trip from the test would take longer on a slow CPU).
 */
async function leaveAndTimeClosing(page: Page, entry: string, item: string): Promise<number> {
  await page.evaluate(
    ([entryName, itemName]) => {
      const links = Array.from(document.querySelectorAll('nav a'));
      const shown = links.find((link) => link.textContent === itemName)!;
      const li = links.find((link) => link.textContent?.startsWith(entryName))!.closest('li')!;
      (window as { closing?: Promise<number> }).closing = new Promise((done) =>
        li.addEventListener(
          'mouseleave',
          () => {
            const left = performance.now();
            const check = () => (getComputedStyle(shown).visibility === 'hidden' ? done(performance.now() - left) : requestAnimationFrame(check));
            check();
          },
          { once: true },
        ),
      );
    },
    [entry, item],
  );
  await page.mouse.move(640, 700);
  return page.evaluate(() => (window as { closing?: Promise<number> }).closing!);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a dropdown opens on hover at the first paint and closes 200 ms after the pointer leaves', async ({ page, context }) => {
    await firstPaint(page, context, '/', 'Updates & Notifications');
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    const about = nav.getByRole('link', { name: /^About/ });
    const dropdown = nav.getByRole('link', { name: 'Temple Committee' });
    await expect(dropdown).toBeHidden();
    await about.hover();
    await expectAsleep(page);
    await expect(dropdown).toBeVisible();
    // Still there just after the pointer left, gone once the 200 ms are over.
    const closed = await leaveAndTimeClosing(page, 'About', 'Temple Committee');
    expect(closed).toBeGreaterThanOrEqual(190);
    expect(closed).toBeLessThan(1_000);
    // (The same once the code has run: no-javascript.spec.ts and public.spec.ts.)
  });
});
