/**
 * The site content editor against the real server (docs/DESIGN.md §12), as an owner, at 360 and
 * 1280 px in English and Marathi, with axe (WCAG 2.1 A/AA) on every tab and dialog: the
 * organisation's name (in the screen's language) is changed, saved and published; the public
 * home page shows the new name without a rebuild; the earlier version is brought back and
 * published, and the home page shows the old name again. The preview frames the public page
 * with the name typed but not yet saved.
 *
 * Screenshots of each tab are kept in /tmp/i19-shots/ (or E2E_SHOTS) for review.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { seriousViolations, watchConsole } from './checks';

test.describe.configure({ mode: 'serial' });

type Lang = 'en' | 'mr';
const shots = process.env.E2E_SHOTS ?? '/tmp/i19-shots';
const marathi = JSON.parse(readFileSync(new URL('../public/locales/mr/translation.json', import.meta.url), 'utf8')) as Record<string, string>;
/** A text of the screen in `lang` (the English key, or its Marathi). */
const tr = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  (lang === 'en' ? key : (marathi[key] ?? key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Letters only, so that any rule on a name takes it. */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

type Draft = { revision: number; content: { organisation: { name: Record<Lang | 'te', string> } } };

async function draftOf(request: APIRequestContext, token: string): Promise<Draft> {
  const response = await request.get('/api/admin/site', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Draft;
}

/** The draft as it is, published: the version the journey brings back at its end. */
async function publishAsItIs(request: APIRequestContext, token: string): Promise<Draft> {
  const draft = await draftOf(request, token);
  const response = await request.post('/api/admin/site/publish', { data: { revision: draft.revision }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), 'the draft as it is, published').toBe(200);
  return draft;
}

async function axeClean(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/**
 * The public home page in `lang` shows `name` (published pages change within a few seconds): to a
 * visitor without JavaScript, in the prerendered HTML itself, and to one with it, whose page
 * hydrates with the content it was drawn with (no mismatch reported on the console).
 */
async function homeShows(page: Page, lang: Lang, name: string) {
  const browser = page.context().browser()!;
  const plain = await browser.newContext({ viewport: page.viewportSize()!, javaScriptEnabled: false });
  const home = await plain.newPage();
  await expect
    .poll(
      async () => {
        await home.goto(`/?lng=${lang}`);
        return home.getByText(name, { exact: false }).count();
      },
      { timeout: 20_000, message: `the home page in ${lang}, without JavaScript, shows “${name}”` },
    )
    .toBeGreaterThan(0);
  await plain.close();
  const visitor = await browser.newContext({ viewport: page.viewportSize()! });
  const live = await visitor.newPage();
  const problems = watchConsole(live);
  await live.goto(`/?lng=${lang}`);
  await live.waitForLoadState('networkidle');
  await expect(live.getByText(name, { exact: false }).first()).toBeVisible();
  expect(problems, 'hydration after a publish').toEqual([]);
  await visitor.close();
}

async function confirm(page: Page, lang: Lang, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await axeClean(page, `the dialog before ${button}`);
  await dialog.getByRole('button', { name: tr(lang, button), exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const lang of ['en', 'mr'] as const) {
  for (const width of [360, 1280]) {
    test(`an owner changes the organisation's name, publishes it and brings the earlier version back (${lang}, ${width} px)`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      const token = await adminToken(request);
      const earlier = await publishAsItIs(request, token);
      const oldName = earlier.content.organisation.name[lang];
      const newName = `${oldName} ${tag()}`;

      const page = await adminPage(browser, request, lang, width);
      await page.goto('/admin/dashboard/site-content');
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'Site content') })).toBeVisible();
      const nameField = page.getByRole('textbox', { name: tr(lang, lang === 'en' ? '{{label}} (English)' : '{{label}} (Marathi)', { label: tr(lang, 'Name') }), exact: true });
      await expect(nameField).toHaveValue(oldName);

      // Every tab, drawn and checked.
      const tabs = page.getByRole('tab');
      const tabCount = await tabs.count();
      for (let index = 0; index < tabCount; index += 1) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        const label = (await tabs.nth(index).textContent()) ?? `${index}`;
        if (index === tabCount - 2) await expect(page.frameLocator('iframe').locator('#root')).not.toBeEmpty();
        await axeClean(page, `the ${label} tab`);
        await page.screenshot({ path: `${shots}/site-content-${lang}-${width}-${index}.png`, fullPage: true });
      }
      await tabs.first().click();

      // The preview shows what is typed, before it is saved.
      await nameField.fill(newName);
      await expect(page.getByText(tr(lang, 'Changes not saved yet'))).toBeVisible();
      await page.getByRole('tab', { name: tr(lang, 'Preview') }).click();
      await page.getByRole('radio', { name: lang === 'en' ? 'English' : 'मराठी' }).check();
      await expect(page.frameLocator('iframe').getByText(newName).first()).toBeVisible({ timeout: 15_000 });
      await page.getByRole('tab', { name: tr(lang, 'Organisation'), exact: true }).click();

      await page.getByRole('button', { name: tr(lang, 'Save draft') }).click();
      await expect(page.getByText(tr(lang, 'Draft saved. Visitors see it once it is published.'))).toBeVisible();
      await expect(page.getByText(tr(lang, 'The draft has changes that visitors do not see yet. Publish to show them.'))).toBeVisible();
      expect((await draftOf(request, token)).content.organisation.name[lang]).toBe(newName);

      await page.getByRole('button', { name: tr(lang, 'Publish'), exact: true }).click();
      await confirm(page, lang, 'Publish');
      // Publishing draws every prerendered page again before it answers: seconds on a busy debug server.
      await expect(page.getByText(tr(lang, 'Published. Visitors see the new content within a few seconds.'))).toBeVisible({ timeout: 20_000 });
      await homeShows(page, lang, newName);

      // The earlier version comes back as the draft, and published, on the home page.
      await page.getByRole('tab', { name: tr(lang, 'Versions') }).click();
      const versions = page.getByRole('tabpanel').getByRole('listitem');
      await expect(versions.first()).toContainText(tr(lang, 'On the site now'));
      await versions.nth(1).getByRole('button', { name: new RegExp(`^${tr(lang, 'Bring back')}`) }).click();
      await confirm(page, lang, 'Bring back');
      await expect(page.getByText(tr(lang, 'That version is the draft again. Publish it to show it to visitors.'))).toBeVisible();
      await page.getByRole('tab', { name: tr(lang, 'Organisation'), exact: true }).click();
      await expect(nameField).toHaveValue(oldName);
      await page.getByRole('button', { name: tr(lang, 'Publish'), exact: true }).click();
      await confirm(page, lang, 'Publish');
      // Publishing draws every prerendered page again before it answers: seconds on a busy debug server.
      await expect(page.getByText(tr(lang, 'Published. Visitors see the new content within a few seconds.'))).toBeVisible({ timeout: 20_000 });
      await homeShows(page, lang, oldName);
      await page.context().close();
    });
  }
}

test('leaving the editor with unsaved changes asks first', async ({ browser, request }) => {
  const page = await adminPage(browser, request, 'en', 1280);
  await page.goto('/admin/dashboard/site-content');
  const field = page.getByRole('textbox', { name: 'Short name (English)', exact: true });
  await field.fill(`${await field.inputValue()} ${tag()}`);
  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Notifications' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Leave this page? The changes you have not saved are lost.');
  await axeClean(page, 'the leave dialog');
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/site-content$/);
  await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Notifications' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.context().close();
});
