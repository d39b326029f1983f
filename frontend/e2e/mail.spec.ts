/**
 * Mail (docs/DESIGN.md §14) against the real server, which scripts/e2e-server.sh starts with mail
 * configured against a test SMTP sink, at 360 and 1280 px in English and Marathi, with axe
 * (WCAG 2.1 A/AA) on every page and dialog it opens:
 *
 * - the journeys' owner adds an administrator with the role `communications` (through the API),
 *   who signs in and finds "Updates by e-mail" and "Send log" in the menu;
 * - a visitor subscribes with an e-mail address (through the API): a confirmation message is
 *   written to the outbox;
 * - on Updates by e-mail the administrator writes an update in both languages, is told what is
 *   missing first, previews it (the message in a frame, in either language), sends a test to
 *   themself, and sends the update after the question; the form empties and the update heads
 *   the list of updates sent, with its progress;
 * - the send log shows the outbox's counts and lists the test messages (to the administrator, in
 *   both languages) and the visitor's confirmation, filtered by kind, until they are sent.
 *
 * Screenshots are kept in test-results/ for review. Runs with the journeys that add
 * administrators (project `account` in playwright.config.ts); `npx playwright test
 * e2e/mail.spec.ts --no-deps` runs it alone.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken } from './admin-session';
import { animationsSettled, WCAG_TAGS } from './checks';

test.describe.configure({ mode: 'serial' });

type Lang = 'en' | 'mr';
const marathi = JSON.parse(readFileSync(new URL('../public/locales/mr/translation.json', import.meta.url), 'utf8')) as Record<string, string>;
/** A text of the screen in `lang` (the English key, or its Marathi), with its values put in. */
const tr = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  (lang === 'en' ? key : (marathi[key] ?? key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
/** A field's label in one language of the update: "Subject (English)", "विषय (मराठी)". */
const fieldName = (lang: Lang, label: string, language: 'English' | 'Marathi') => tr(lang, `{{label}} (${language})`, { label: tr(lang, label) });

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** An administrator with the role `communications` only, added by the journeys' owner: their token. */
async function communicationsToken(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const owner = await adminToken(request);
  const clerk = { email: `e2e-mail-${suffix()}@example.org`, password: 'mail-secret-1' };
  const created = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${owner}` }, data: { ...clerk, roles: ['communications'] } });
  expect(created.status(), 'the owner adds a communications clerk').toBe(201);
  const login = await request.post('/api/admin/login', { data: clerk });
  expect(login.status(), 'the clerk signs in').toBe(200);
  return { email: clerk.email, token: (await login.json()).token as string };
}

/** A new window signed in with `token`, in `lang` at `width`. */
async function newWindow(browser: Browser, token: string, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(
    ([value, lng]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        localStorage.setItem('adminToken', value);
        localStorage.setItem('i18nextLng', lng);
        sessionStorage.setItem('e2e-init', '1');
      }
    },
    [token, lang] as const,
  );
  return context.newPage();
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);
}

/**
 * Axe on the page, as checks.ts's `seriousViolations`, but for the preview's frame: it holds the
 * server's message in a sandbox that runs no script, so axe cannot run inside it (it tries for
 * minutes); the message's own HTML is the server's to check.
 */
async function axeClean(page: Page) {
  await page.waitForLoadState('load');
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('iframe[sandbox]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious).toEqual([]);
}

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/** Opens a section from the sidebar (the folded menu first on a phone). */
async function openFromMenu(page: Page, lang: Lang, width: number, label: string) {
  const menu = page.getByRole('navigation', { name: tr(lang, 'Administrator menu') });
  if (width < 900 && !(await menu.isVisible())) await page.getByRole('button', { name: tr(lang, 'Menu') }).click();
  await menu.getByRole('link', { name: tr(lang, label), exact: true }).click();
}

const combos: Array<[Lang, number]> = [
  ['en', 1280],
  ['mr', 360],
  ['en', 360],
  ['mr', 1280],
];

for (const [lang, width] of combos) {
  test(`${lang} at ${width} px: a communications clerk writes, previews, tests and sends an update; the send log lists the messages`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const run = suffix();
    const { email, token } = await communicationsToken(request);
    const visitor = `e2e-sub-${run}@example.org`;
    const subscribed = await request.post('/api/subscribers', { data: { value: visitor } });
    expect(subscribed.status(), 'a visitor subscribes with an e-mail address').toBe(201);
    expect((await subscribed.json()).confirmation_sent, 'a confirmation link is sent').toBe(true);

    const status = await request.get('/api/admin/mail', { headers: { Authorization: `Bearer ${token}` } });
    expect(status.status()).toBe(200);
    expect((await status.json()).configured, 'the journeys\' server has mail configured').toBe(true);

    const page = await newWindow(browser, token, lang, width);
    await page.goto('/admin/dashboard');
    await openFromMenu(page, lang, width, 'Updates by e-mail');
    await expect(page).toHaveURL(/\/admin\/dashboard\/updates$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Updates by e-mail') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'Updates sent') })).toBeVisible();
    await expect(page.getByText(tr(lang, 'Mail is not configured: nothing is sent.'))).toHaveCount(0);
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `updates-${lang}-${width}`);

    // Nothing written yet: the preview says what is missing, under the fields.
    const subjectEn = page.getByRole('textbox', { name: fieldName(lang, 'Subject', 'English') });
    await page.getByRole('button', { name: tr(lang, 'Preview'), exact: true }).click();
    await expect(subjectEn).toBeFocused();
    await expect(page.getByText(tr(lang, 'Please enter the subject'))).toHaveCount(2);
    await expect(page.getByText(tr(lang, 'Please enter the message'))).toHaveCount(2);
    await axeClean(page);
    await shot(page, `updates-${lang}-${width}-errors`);

    const subject = { en: `Diwali programme ${run}`, mr: `दिवाळी कार्यक्रम ${run}` };
    const body = { en: `Dear members,\nthe Diwali programme is on Sunday at 6 pm. (${run})`, mr: `सर्व सभासदांना नमस्कार,\nदिवाळी कार्यक्रम रविवारी संध्याकाळी ६ वाजता आहे. (${run})` };
    await subjectEn.fill(subject.en);
    await page.getByRole('textbox', { name: fieldName(lang, 'Message', 'English') }).fill(body.en);
    await page.getByRole('textbox', { name: fieldName(lang, 'Subject', 'Marathi') }).fill(subject.mr);
    await page.getByRole('textbox', { name: fieldName(lang, 'Message', 'Marathi') }).fill(body.mr);

    // The preview: the very messages, in a frame, in either language.
    await page.getByRole('button', { name: tr(lang, 'Preview'), exact: true }).click();
    const preview = page.getByRole('region', { name: tr(lang, 'Preview') });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(subject.en);
    await expect(page.frameLocator(`iframe[title="${tr(lang, 'The message in English')}"]`).locator('body')).toContainText('the Diwali programme is on Sunday');
    await preview.getByRole('radio', { name: 'मराठी' }).check();
    await expect(preview).toContainText(subject.mr);
    await expect(page.frameLocator(`iframe[title="${tr(lang, 'The message in Marathi')}"]`).locator('body')).toContainText('दिवाळी कार्यक्रम रविवारी');
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `updates-${lang}-${width}-preview`);

    // A test to the clerk's own address.
    await page.getByRole('button', { name: tr(lang, 'Send a test to me') }).click();
    await expect(page.getByText(tr(lang, 'Sent to {{to}}: the message in English and in Marathi.', { to: email }))).toBeVisible();

    // The real thing, after the question.
    await page.getByRole('button', { name: tr(lang, 'Send to all confirmed subscribers') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(subject.en);
    await axeClean(page);
    await shot(page, `updates-${lang}-${width}-question`, false);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/updates' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: tr(lang, 'Send'), exact: true }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(subjectEn).toHaveValue('');
    const sent = page.getByRole('region', { name: tr(lang, 'Updates sent') }).getByRole('listitem').first();
    await expect(sent.getByRole('heading', { level: 3 })).toHaveText(subject.en);
    await expect(sent).toContainText(subject.mr);
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `updates-${lang}-${width}-sent`);

    // The send log: the counts, and the messages of this run.
    await openFromMenu(page, lang, width, 'Send log');
    await expect(page).toHaveURL(/\/admin\/dashboard\/mail$/);
    await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Send log') })).toBeVisible();
    await expect(page.getByRole('region', { name: tr(lang, 'Outbox') })).toContainText(tr(lang, 'Sent'));
    const log = page.getByRole('region', { name: tr(lang, 'Send log') });
    await expect(log.locator('[aria-busy="true"]')).toHaveCount(0);
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `mail-${lang}-${width}`);

    // The two test messages went to the clerk; they are sent by the worker in a moment.
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/mail/messages' && new URL(r.url()).searchParams.get('q') === email);
    await log.getByRole('searchbox').fill(email);
    await searched;
    const rows = () => log.locator('tbody tr');
    await expect(rows()).toHaveCount(2);
    for (const row of await rows().all()) await expect(row).toContainText(tr(lang, 'Test message'));
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: tr(lang, 'Refresh') }).click();
          await expect(log.locator('[aria-busy="true"]')).toHaveCount(0);
          return (await rows().allTextContents()).filter((text) => text.includes(tr(lang, 'Sent'))).length;
        },
        { message: 'the test messages are sent', timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(2);

    // The visitor's confirmation, found by the kind filter and the search.
    await log.getByRole('searchbox').fill(visitor);
    await page.getByRole('combobox', { name: tr(lang, 'Kind') }).selectOption({ label: tr(lang, 'Subscription confirmation') });
    await expect(rows()).toHaveCount(1);
    await expect(rows().first()).toContainText(visitor);
    await expect(rows().first()).toContainText(tr(lang, 'Subscription confirmation'));
    await axeClean(page);
    await noOverflow(page);
    await shot(page, `mail-${lang}-${width}-filtered`);

    await page.context().close();
  });
}
