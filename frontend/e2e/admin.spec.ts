/**
 * Browser journeys of the administrator area against the real server (`samiti serve` with a
 * fresh database, started by scripts/e2e-server.sh through playwright.config.ts).
 *
 * The journeys share one server, so they are independent of their order: the first-run
 * registration happens through the UI when the server still says registration is open, and
 * every other journey signs in (registering through the API first if nobody did yet).
 */
import { statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { admin, adminPage, adminToken, ensureAdmin, registrationOpen, unique } from './admin-session';

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('first-run registration, sign-in, and a notification added, edited and deleted live on the home page', async ({ page, browser, request }) => {
  if (await registrationOpen(request)) {
    await page.goto('/adminLogin');
    await expect(page.getByText('No administrator account exists yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Create the first administrator account' }).click();
    await expect(page).toHaveURL(/\/register$/);

    // Checked on change with the shared rules, before anything is sent.
    await page.getByLabel('Email').fill('not-an-address');
    await expect(page.getByText('Invalid email address.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('123');
    await expect(page.getByText('Password must be at least 12 characters.')).toBeVisible();

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await expect(page.getByText('Invalid email address.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/adminLogin$/);
    await expect(page.getByText('Registered successfully')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(admin.email);
    expect(await registrationOpen(request)).toBe(false);
  } else {
    test.info().annotations.push({ type: 'note', description: 'registration already closed; signing in with the existing administrator' });
    await ensureAdmin(request);
  }

  // A wrong password is refused with the specification's message.
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await signIn(page);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();

  // A visitor has the home page open in another window.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Updates & Notifications' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/notifications$/);
  const box = page.getByRole('textbox', { name: 'Message (English)' });

  // Blank or whitespace-only: nothing happens.
  await box.fill('   ');
  await page.getByRole('button', { name: 'Add Notification' }).click();
  await expect(page.getByText('Notification added.')).toHaveCount(0);

  const message = unique('E2E notice: temple open from 6 am');
  await box.fill(message);
  await page.getByRole('button', { name: 'Add Notification' }).click();
  await expect(page.getByText('Notification added.')).toBeVisible();
  await expect(page.getByRole('cell', { name: message })).toBeVisible();
  await expect(box).toHaveValue('');
  // The visitor's banner shows it without a reload.
  await expect(visitor.getByTestId('banner-text')).toHaveText(message);

  // Edit fills the box; the button becomes Update Notification with Cancel.
  await page.getByRole('row', { name: message }).getByRole('button', { name: /^Edit/ }).click();
  await expect(box).toHaveValue(message);
  await expect(page.getByRole('button', { name: 'Update Notification' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Add Notification' })).toBeVisible();
  await expect(box).toHaveValue('');

  await page.getByRole('row', { name: message }).getByRole('button', { name: /^Edit/ }).click();
  const edited = `${message} (edited)`;
  await box.fill(edited);
  await page.getByRole('button', { name: 'Update Notification' }).click();
  await expect(page.getByText('Notification updated.')).toBeVisible();
  await expect(page.getByRole('cell', { name: edited })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Notification' })).toBeVisible();
  await expect(visitor.getByTestId('banner-text')).toHaveText(edited);

  // Delete asks first.
  await page.getByRole('row', { name: edited }).getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this notification?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: edited })).toHaveCount(0);
  await expect(visitor.getByText(edited)).toHaveCount(0);

  await visitor.context().close();
});

test('a contact sent through /contact is found, marked handled with a private note, answered and exported by the administrator', async ({ page, browser, request }) => {
  const name = unique('Sunita Deshpande');

  await page.goto('/contact');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
  // Bad input: messages under the fields, nothing sent.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill('sunita-at-example');
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toHaveCount(0);
  // Good input.
  await form.getByLabel('Email').fill('sunita@example.org');
  await form.getByLabel('Message').fill('Please send the timings of the Shravan programme.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();

  const adminView = await adminPage(browser, request);
  await adminView.goto('/admin/dashboard/contacts');
  await expect(adminView.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await adminView.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = adminView.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(adminView.getByText('Showing 1–1 of 1')).toBeVisible();

  // What the visitor wrote is read-only: no field holds it.
  await expect(row).toContainText('Please send the timings of the Shravan programme.');
  await expect(row.getByRole('textbox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  // Reply: an e-mail to the visitor about the message, named after the published organisation.
  const href = (await row.getByRole('link', { name: `Reply: ${name}` }).getAttribute('href'))!;
  expect(href.startsWith('mailto:sunita@example.org?')).toBe(true);
  const reply = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  const site = (await (await request.get('/api/site')).json()) as { organisation: { name: { en: string } } };
  expect(reply.get('subject')).toBe(`Re: your message to ${site.organisation.name.en}`);
  expect(reply.get('body')).toContain('> Please send the timings of the Shravan programme.');

  // A private note, kept in a dialog that shows the message read-only.
  await row.getByRole('button', { name: `Add note: ${name}` }).click();
  const noteDialog = adminView.getByRole('dialog', { name: `Note on the message of ${name}` });
  await expect(noteDialog).toContainText('Please send the timings of the Shravan programme.');
  await noteDialog.getByRole('textbox', { name: 'Private note' }).fill('Sent the Shravan timetable by e-mail.');
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(adminView.getByText('Note saved.')).toBeVisible();
  await expect(row).toContainText('Sent the Shravan timetable by e-mail.');

  // Handled, saved at once; the Not handled view leaves it out, the Handled view shows it.
  const handled = row.getByRole('checkbox', { name: `Handled: ${name}` });
  await expect(handled).not.toBeChecked();
  await handled.check();
  await expect(adminView.getByText(`${name}: marked as handled.`)).toBeVisible();
  await expect(handled).toBeChecked();
  const stored = (await (await request.get('/api/contacts', { headers: { Authorization: `Bearer ${await adminToken(request)}` }, params: { q: name } })).json()) as Array<{ handled: boolean; note: string | null; message: string }>;
  expect(stored).toEqual([expect.objectContaining({ handled: true, note: 'Sent the Shravan timetable by e-mail.', message: 'Please send the timings of the Shravan programme.' })]);
  await adminView.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Not handled' });
  await expect(row).toHaveCount(0);
  await adminView.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Handled' });
  await expect(row).toBeVisible();
  await adminView.screenshot({ path: test.info().outputPath('contacts-handled-en-1280.png'), fullPage: true });

  // Exports of the searched list, saved under the server's file names.
  for (const [button, fileName] of [
    ['Export Excel', 'contacts.xlsx'],
    ['Export PDF', 'contacts.pdf'],
  ] as const) {
    const downloading = adminView.waitForEvent('download');
    await adminView.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const path = await download.path();
    expect(statSync(path).size).toBeGreaterThan(0);
    await expect(adminView.getByText(`File downloaded: ${fileName}`)).toBeVisible();
  }

  // Delete asks first; Cancel keeps the row.
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(adminView.getByRole('dialog')).toContainText('Are you sure you want to delete this contact?');
  // It names the contact: the name and the e-mail.
  await expect(adminView.getByRole('dialog').getByRole('listitem')).toHaveText([name, 'sunita@example.org', /\d{4}/]);
  await adminView.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await adminView.context().close();
});

test('the subscribers page lists a subscription, exports it and deletes it', async ({ browser, request }) => {
  const value = `${unique('e2e-sub').replace(/\s+/g, '-')}@example.org`;
  const subscribed = await request.post('/api/subscribers', { data: { value } });
  expect(subscribed.status()).toBe(201);

  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(value);
  const row = page.getByRole('row', { name: new RegExp(value.replace(/[.+]/g, '\\$&')) });
  await expect(row).toBeVisible();

  for (const [button, fileName] of [
    ['Export Excel', 'subscribers.xlsx'],
    ['Export PDF', 'subscribers.pdf'],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect(statSync(await download.path()).size).toBeGreaterThan(0);
  }

  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this subscriber?');
  await expect(dialog.getByRole('listitem').first()).toHaveText(value);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully.')).toBeVisible();
  await expect(page.getByText('No results match your search.')).toBeVisible();

  const list = await request.get(`/api/subscribers?q=${encodeURIComponent(value)}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(await list.json()).toEqual([]);
  await page.context().close();
});

test('a refused token is dropped and the administrator lands on /adminLogin; Logout works', async ({ browser, request }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-init')) {
      localStorage.setItem('adminToken', 'forged.token.value');
      sessionStorage.setItem('e2e-init', '1');
    }
  });
  const page = await context.newPage();
  await page.goto('/admin/dashboard/contacts');
  // The login brings the administrator back to the contacts, and says why it is asked for.
  await expect(page).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard%2Fcontacts$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await context.close();

  const signedIn = await adminPage(browser, request);
  await signedIn.goto('/admin/dashboard');
  await signedIn.getByRole('button', { name: 'Logout' }).click();
  await expect(signedIn).toHaveURL(/\/adminLogin$/);
  expect(await signedIn.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await signedIn.goto('/admin/dashboard');
  await expect(signedIn).toHaveURL(/\/adminLogin\?next=%2Fadmin%2Fdashboard$/);
  await expect(signedIn.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
  await signedIn.context().close();
});

test('on a 360 px phone the sidebar folds behind the menu button and the lists become cards', async ({ browser, request }) => {
  await request.post('/api/subscribers', { data: { value: `${unique('phone').replace(/\s+/g, '-')}@example.org` } });
  const page = await adminPage(browser, request, 'en', 360);
  await page.goto('/admin/dashboard');
  const menu = page.getByRole('navigation', { name: 'Administrator menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL(/\/subscribers$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete/ }).first()).toBeVisible();
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});

test.describe('accessibility (axe, WCAG 2.1 A/AA): no serious or critical violation', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const pages = [
    { path: '/adminLogin', heading: { en: 'Admin Login', mr: 'प्रशासक लॉगिन' }, signedIn: false },
    { path: '/admin/dashboard/notifications', heading: { en: 'Notifications', mr: 'सूचना' }, signedIn: true },
    { path: '/admin/dashboard/contacts', heading: { en: 'Contacts', mr: 'संपर्क' }, signedIn: true },
    { path: '/admin/dashboard/subscribers', heading: { en: 'Subscribers', mr: 'माहिती घेणारे' }, signedIn: true },
  ];

  test.beforeAll(async ({ request }) => {
    // Rows in every list, so that the tables themselves are checked.
    const token = await adminToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    await request.post('/notifications', { data: { message: 'सभेची सूचना: रविवारी सकाळी १० वाजता.' }, headers });
    await request.post('/api/contacts', { data: { full_name: 'सुरेश पाटील', email: 'suresh@example.org', message: 'नमस्कार' } });
    await request.post('/api/subscribers', { data: { value: '9876543210' } });
  });

  for (const lang of ['en', 'mr'] as const) {
    for (const target of pages) {
      test(`${target.path} in ${lang}`, async ({ browser, request }) => {
        let page: Page;
        if (target.signedIn) {
          page = await adminPage(browser, request, lang);
        } else {
          const context = await browser.newContext();
          await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
          page = await context.newPage();
        }
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1, name: target.heading[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (target.signedIn) await expect(page.getByRole('table')).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (target.signedIn && lang === 'mr') {
          // Dates and times fully Marathi: Devanagari digits and the part of the day, no Latin AM/PM.
          const table = (await page.getByRole('table').textContent()) ?? '';
          expect(table).not.toMatch(/\b[AP]M\b/i);
          expect(table).toMatch(/[०-९]{4}, (सकाळी|दुपारी|संध्याकाळी|रात्री|पहाटे) [०-९]{1,2}:[०-९]{2}/);
        }

        const results = await new AxeBuilder({ page }).withTags(tags).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
        expect(serious).toEqual([]);

        if (target.signedIn) {
          // The delete confirmation is a dialog, checked too.
          await page.getByRole('button', { name: lang === 'en' ? /^Delete/ : /^हटवा/ }).first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          const dialogResults = await new AxeBuilder({ page }).withTags(tags).analyze();
          expect(dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        }
        await page.context().close();
      });
    }
  }
});
