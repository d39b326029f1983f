/**
 * The administrator table at every width, with the values that used to break it: a
 * 254-character e-mail address, a 2,000-character message and a long Marathi name. At each
 * width the row's Add note and Delete buttons and its Handled box must lie inside the window (no sideways scrolling)
 * and take clicks, long values must wrap, and sorting by a column must change the order.
 * A full-page screenshot of every width and language is kept in test-results/ for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminPage } from './admin-session';

test.describe.configure({ mode: 'serial' });

/** Letters only, so that it is valid inside a name and finds just this run's rows. */
const tag = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A valid address of exactly 254 characters (the most the rules allow): 64 + 1 + 63 + 1 + 63 + 1 + 57 + 4. */
const longEmail = `${tag}${'x'.repeat(64 - tag.length)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.org`;

const words =
  'Please send the timings of the Shravan programme and the details of the annadan seva for the coming month. ' +
  'Our family of six would like to attend on Sunday. ';
const link = `https://example.org/${'shravan-programme-'.repeat(12)}details`;
/** 2,000 characters: sentences, then one long unbroken link. */
const longMessage = (words.repeat(20).slice(0, 2000 - link.length - 1) + ' ' + link).slice(0, 2000);

const contacts = [
  { full_name: `Aarti Joshi ${tag}`, email: longEmail, message: longMessage },
  { full_name: `सौभाग्यवती अन्नपूर्णा बाळकृष्ण देशपांडे कुलकर्णी ${tag}`, email: `annapurna.${tag}@example.org`, message: 'कृपया श्रावण महिन्यातील कार्यक्रमांचे वेळापत्रक पाठवा.' },
  { full_name: `Zubin Mehta ${tag}`, email: `zubin.${tag}@example.org`, message: 'Short note.' },
];

const labels = {
  en: { heading: 'Contacts', search: 'Search', edit: /^Add note/, del: /^Delete/, editor: /^Note on the message of/, cancel: 'Cancel', fullName: 'Full name', handled: /^Handled/ },
  mr: { heading: 'संपर्क', search: 'शोधा', edit: /^टीप लिहा/, del: /^हटवा/, editor: /यांच्या संदेशावरील टीप$/, cancel: 'रद्द करा', fullName: 'पूर्ण नाव', handled: /^हाताळले/ },
} as const;

test.beforeAll(async ({ request }) => {
  for (const data of contacts) {
    const response = await request.post('/api/contacts', { data });
    expect(response.status(), `contact ${data.full_name.slice(0, 20)} is accepted`).toBe(201);
  }
});

async function openContacts(page: Page, lang: 'en' | 'mr') {
  const l = labels[lang];
  await page.goto('/admin/dashboard/contacts');
  await expect(page.getByRole('heading', { level: 1, name: l.heading })).toBeVisible();
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contacts' && new URL(r.url()).searchParams.get('q') === tag);
  await page.getByRole('searchbox', { name: l.search }).fill(tag);
  await searched;
  await expect(page.locator('tbody tr')).toHaveCount(contacts.length);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The button lies wholly inside the window and is what a click at its centre reaches. */
async function expectOnScreenAndHittable(page: Page, index: number, name: RegExp, role: 'button' | 'checkbox' = 'button') {
  const button = page.locator('tbody tr').nth(index).getByRole(role, { name });
  // Scroll the window vertically only (never sideways), so a button off to the right stays off.
  await button.evaluate((el) => window.scrollTo(0, Math.max(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2)));
  const box = await button.boundingBox();
  expect(box, `${name} of row ${index}`).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.x, `${name} of row ${index} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} of row ${index} ends inside the window`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  const hit = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(hit, `${name} of row ${index} takes the click`).toBe(true);
}

async function names(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
}

/** Sorts by Full name through what the layout offers: the column heading, or the cards' sort list. */
async function sortByName(page: Page, lang: 'en' | 'mr', direction: 'ascending' | 'descending') {
  const field = direction === 'ascending' ? 'full_name' : '-full_name';
  const requested = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && new URL(r.url()).searchParams.get('sort') === field);
  const layout = await page.locator('[data-layout]').getAttribute('data-layout');
  if (layout === 'table') {
    const heading = page.getByRole('columnheader', { name: labels[lang].fullName });
    const button = heading.getByRole('button');
    // A click on an unsorted heading sorts ascending; a click on the sorted one turns it around.
    const current = await heading.getAttribute('aria-sort');
    expect(current).not.toBe(direction);
    if (current === null && direction === 'descending') {
      await button.click();
      await expect(heading).toHaveAttribute('aria-sort', 'ascending');
    }
    await button.click();
    await requested;
    await expect(heading).toHaveAttribute('aria-sort', direction);
  } else {
    await page.getByRole('combobox', { name: lang === 'en' ? 'Sort by' : 'क्रमवारी' }).selectOption(field);
    await requested;
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const widths = [360, 768, 1024, 1280, 1920];

for (const lang of ['en', 'mr'] as const) {
  for (const width of widths) {
    test(`at ${width} px in ${lang} the contacts' Add note, Handled and Delete stay on screen, long values wrap, and sorting by name reorders the rows`, async ({ browser, request }, testInfo) => {
      const page = await adminPage(browser, request, lang, width);
      await openContacts(page, lang);
      const l = labels[lang];
      const layout = await page.locator('[data-layout]').getAttribute('data-layout');
      testInfo.annotations.push({ type: 'layout', description: `${width} px ${lang}: ${layout}` });
      // A phone gets cards; a wide desktop the table.
      if (width === 360) expect(layout).toBe('cards');
      if (width === 1920) expect(layout).toBe('table');

      // Nothing sticks out sideways: neither the page nor the table's own scroller.
      const overflow = await page.evaluate(() => {
        const scroller = document.querySelector('table')!.parentElement!;
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: scroller.scrollWidth - scroller.clientWidth,
        };
      });
      expect(overflow).toEqual({ page: 0, table: 0 });

      await page.screenshot({ path: testInfo.outputPath(`contacts-${lang}-${width}.png`), fullPage: true });
      await page.screenshot({ path: testInfo.outputPath(`contacts-${lang}-${width}-first-screen.png`) });

      for (let index = 0; index < contacts.length; index++) {
        await expectOnScreenAndHittable(page, index, l.edit);
        await expectOnScreenAndHittable(page, index, l.del);
        await expectOnScreenAndHittable(page, index, l.handled, 'checkbox');
      }

      // The long address wraps inside its cell instead of widening the table.
      const emailCell = page.locator('tbody tr td', { hasText: longEmail.slice(0, 30) }).first();
      const cell = (await emailCell.boundingBox())!;
      expect(cell.x + cell.width).toBeLessThanOrEqual(width);
      expect(cell.height).toBeGreaterThan(40);
      if (layout === 'table') {
        // The message column takes the free width, rather than being squeezed to a strip.
        const widthsOf = await page.locator('tbody tr').first().locator('td').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().width));
        const [name, email, message] = widthsOf;
        expect(message).toBeGreaterThan(email);
        expect(message).toBeGreaterThan(name);
        expect(message).toBeGreaterThanOrEqual(224);
      }

      // The buttons work: Add note of the long row opens its dialog; Delete asks, and Cancel keeps it.
      const longRow = page.locator('tbody tr', { hasText: longEmail.slice(0, 30) });
      await longRow.getByRole('button', { name: l.edit }).click();
      await expect(page.getByRole('dialog', { name: l.editor })).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: l.cancel }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('tbody tr')).toHaveCount(contacts.length);
      await longRow.getByRole('button', { name: l.del }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: l.cancel }).click();
      await expect(dialog).toBeHidden();

      // Sorting by name changes the order, and the other direction reverses it.
      await sortByName(page, lang, 'ascending');
      const ascending = await names(page);
      expect(ascending.indexOf(contacts[0].full_name)).toBeLessThan(ascending.indexOf(contacts[2].full_name));
      await sortByName(page, lang, 'descending');
      const descending = await names(page);
      expect(descending).toEqual([...ascending].reverse());
      expect(descending).not.toEqual(ascending);
      expect([...descending].sort()).toEqual(contacts.map((c) => c.full_name).sort());

      await page.context().close();
    });
  }
}
