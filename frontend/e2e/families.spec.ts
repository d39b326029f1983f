/**
 * The family registry against the real server: a visitor on a 360 px phone registers a family in
 * Marathi (head and two members, a third entry left empty) after seeing the field messages for
 * bad input, and it appears live in an administrator's open register; the administrator finds it by surname, opens it, downloads the family and the whole
 * register as Excel and PDF (read back: the xlsx's strings with unzip, the PDF's text with
 * pdftotext), and corrects a member. axe checks the form and both dashboard pages in both
 * languages; screenshots at 360 and 1280 px are kept in test-results/ for review.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import { adminPage, adminToken } from './admin-session';
import { seriousViolations } from './checks';

test.describe.configure({ mode: 'serial' });

/** A Marathi surname of this run only (letters, so the name rules accept it). */
const letters = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
const tag = Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const surname = `पाटील${tag}`;

/** A date `days` from today in Asia/Kolkata (YYYY-MM-DD). */
function inDays(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = scope.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

const member = (page: Page, n: string) => page.getByRole('group', { name: `कुटुंबातील व्यक्ती ${n}` });

async function api(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.status(), path).toBe(200);
  return response.json();
}

async function saved(download: Download): Promise<string> {
  return (await download.path())!;
}

/** The text of a workbook's sheets (shared or inline strings alike). */
const xlsxStrings = (path: string) => execFileSync('unzip', ['-p', path, 'xl/*.xml'], { encoding: 'utf8' });
const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });

test('a visitor on a phone registers a family in Marathi after seeing the messages for bad input', async ({ browser, request }) => {
  // An administrator has the register open, searched for this family: it appears live.
  const office = await adminPage(browser, request);
  await office.goto('/admin/dashboard/heads');
  await office.getByRole('searchbox', { name: 'Search' }).fill(surname);
  await expect(office.getByText('No results match your search.')).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/onlineServices/memberRegistraion?lng=mr');
  await expect(page.getByRole('heading', { level: 1, name: 'सभासद नोंदणी' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const head = page.getByRole('group', { name: 'कुटुंबप्रमुख' });

  // Bad input: the messages show as the fields change, then on submit with the focus on the first.
  await head.getByLabel('प्रथम नाव', { exact: true }).fill('Suresh1');
  await expect(head.getByLabel('प्रथम नाव', { exact: true })).toHaveAccessibleDescription('फक्त अक्षरे चालतील');
  await head.getByLabel('व्हॉट्सॲप क्रमांक', { exact: true }).fill('98765');
  await expect(head.getByLabel('व्हॉट्सॲप क्रमांक', { exact: true })).toHaveAccessibleDescription('कृपया १० अंकी क्रमांक लिहा');
  await head.getByLabel('जन्मदिनांक', { exact: true }).fill(inDays(1));
  await expect(head.getByLabel('जन्मदिनांक', { exact: true })).toHaveAccessibleDescription('जन्मदिनांक आजच्या नंतरचा असू शकत नाही');
  await page.getByRole('button', { name: 'सादर करा' }).click();
  await expect(head.getByLabel('प्रथम नाव', { exact: true })).toBeFocused();
  await expect(head.getByLabel('प्रथम नाव', { exact: true })).toBeInViewport();
  await expect(head.getByLabel('मधले नाव', { exact: true })).toHaveAccessibleDescription('मधले नाव आवश्यक आहे');
  await expect(head.getByLabel('वडिलांचे नाव', { exact: true })).toHaveAccessibleDescription('वडिलांचे नाव आवश्यक आहे');
  await expect(head.getByLabel('वैवाहिक स्थिती', { exact: true })).toHaveAccessibleDescription('वैवाहिक स्थिती आवश्यक आहे');
  await page.screenshot({ path: test.info().outputPath('form-mr-360-messages.png') });

  await fill(head, {
    'प्रथम नाव': 'सुरेश',
    'मधले नाव': 'रामचंद्र',
    'शेवटचे नाव': surname,
    आडनाव: surname,
    'वडिलांचे नाव': 'रामचंद्र',
    'आईचे नाव': 'सीता',
    जन्मदिनांक: '1970-05-14',
    लिंग: 'Male',
    शिक्षण: 'बी.कॉम.',
    व्यवसाय: 'शेती',
    'वैवाहिक स्थिती': 'Married',
    'कामाचा पत्ता': 'मंगळवार पेठ, सोलापूर',
    'व्हॉट्सॲप क्रमांक': '९८७६५४३२१०',
    परिसर: 'सोलापूर',
  });
  // The age follows the date of birth; Devanagari digits are read as Latin ones.
  await expect(head.getByLabel('वय', { exact: true })).toHaveValue(/^5\d$/);
  await expect(head.getByLabel('व्हॉट्सॲप क्रमांक', { exact: true })).toHaveValue('9876543210');
  await expect(head.locator('[aria-invalid="true"]')).toHaveCount(0);

  const person = (name: string, relation: string, dob: string, sex: string) => ({
    नाव: name,
    'कुटुंबप्रमुखाशी नाते': relation,
    'वडिलांचे नाव': 'सुरेश',
    'आईचे नाव': 'सुमन',
    आडनाव: surname,
    जन्मदिनांक: dob,
    लिंग: sex,
    शिक्षण: 'एम.ए.',
    व्यवसाय: 'शिक्षक',
    'वैवाहिक स्थिती': 'Unmarried',
    'कामाचा पत्ता': 'पुणे',
    'व्हॉट्सॲप क्रमांक': '9876543211',
    परिसर: 'पुणे',
  });
  await fill(member(page, '१'), person('सुनीता', 'मुलगी', '1998-02-01', 'Female'));
  await page.getByRole('button', { name: 'व्यक्ती जोडा' }).click();
  await expect(member(page, '२').getByLabel('नाव', { exact: true })).toBeFocused();
  // A member with a wrong value: its message under its own field.
  await fill(member(page, '२'), { ...person('रोहन', 'मुलगा', '2001-08-15', 'Male'), 'व्हॉट्सॲप क्रमांक': '12' });
  await expect(member(page, '२').getByLabel('व्हॉट्सॲप क्रमांक', { exact: true })).toHaveAccessibleDescription('कृपया १० अंकी क्रमांक लिहा');
  await member(page, '२').getByLabel('व्हॉट्सॲप क्रमांक', { exact: true }).fill('9876543212');
  // A third entry left empty is not sent.
  await page.getByRole('button', { name: 'व्यक्ती जोडा' }).click();
  await expect(member(page, '३')).toBeVisible();

  await page.getByRole('button', { name: 'सादर करा' }).click();
  await expect(page.getByText('कुटुंबाची नोंदणी यशस्वीरीत्या झाली!')).toBeVisible();
  // The form is empty again, with one empty member.
  await expect(head.getByLabel('प्रथम नाव', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^कुटुंबातील व्यक्ती / })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('form-mr-360-done.png') });
  await context.close();

  // familiesUpdated reloaded the administrator's list.
  await expect(office.getByRole('row', { name: new RegExp(surname) })).toBeVisible();
  await office.context().close();
});

test('the administrator finds the family by surname, opens it, exports it and corrects a member', async ({ browser, request }) => {
  const heads = await api(request, `/api/heads?q=${encodeURIComponent(surname)}`);
  expect(heads).toHaveLength(1);
  expect(heads[0]).toMatchObject({ firstName: 'सुरेश', surname, whatsapp: '9876543210', memberCount: 2, dob: '1970-05-14' });
  const id = heads[0].id as number;

  const page = await adminPage(browser, request);
  await page.goto('/admin/dashboard/heads');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Details' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(surname);
  const row = page.getByRole('row', { name: new RegExp(surname) });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

  // The whole register, as searched.
  for (const [button, name] of [['Export Excel', 'heads.xlsx'], ['Export PDF', 'heads.pdf']] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const text = name.endsWith('.xlsx') ? xlsxStrings(await saved(download)) : pdfText(await saved(download));
    expect(text, `${name} holds the Marathi names`).toContain(surname);
    expect(text).toContain('सुरेश');
  }

  await row.getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/family/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Family Members' })).toBeVisible();
  const headCard = page.getByRole('region', { name: 'Head of family' });
  await expect(headCard).toContainText('मंगळवार पेठ, सोलापूर');
  await expect(headCard).toContainText('Married');
  const members = page.getByRole('table', { name: 'Family members' });
  await expect(members.getByRole('row')).toHaveCount(3);
  await expect(members).toContainText('सुनीता');
  await expect(members).toContainText('रोहन');
  await page.getByRole('searchbox', { name: 'Search' }).fill('मुलगा');
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(members).toContainText('रोहन');
  await page.getByRole('searchbox', { name: 'Search' }).fill('कोणीही नाही');
  await expect(page.getByText('No family members found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(members.getByRole('row')).toHaveCount(3);

  // The family's own files.
  for (const [button, name] of [['Export Excel', `family_${id}.xlsx`], ['Export PDF', `family_${id}.pdf`]] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const text = name.endsWith('.xlsx') ? xlsxStrings(await saved(download)) : pdfText(await saved(download));
    for (const expected of ['सुरेश', 'सुनीता', 'रोहन', 'मुलगी']) expect(text, `${name} holds ${expected}`).toContain(expected);
  }

  // Correct a member: wrong input first, then the right one.
  await page.getByRole('button', { name: `Edit: रोहन ${surname}` }).click();
  const editor = page.getByRole('region', { name: 'Edit family member' });
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue('रोहन');
  await editor.getByLabel('Occupation', { exact: true }).fill('अभियंता 🙂');
  await expect(editor.getByLabel('Occupation', { exact: true })).toHaveAccessibleDescription('Emojis are not allowed');
  await editor.getByLabel('Occupation', { exact: true }).fill('अभियंता');
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Family member updated.')).toBeVisible();
  await expect(members).toContainText('अभियंता');
  const stored = await api(request, `/api/family-members/${id}`);
  expect(stored.map((m: { name: string; occupation: string }) => [m.name, m.occupation])).toEqual([
    ['सुनीता', 'शिक्षक'],
    ['रोहन', 'अभियंता'],
  ]);
  await page.context().close();
});

test.describe('the family form and the family pages in both languages (axe, WCAG 2.1 A/AA)', () => {

  const noSeriousViolation = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

  async function screenshots(page: Page, name: string) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    }
  }

  for (const lang of ['en', 'mr'] as const) {
    test(`the form in ${lang}, with its messages`, async ({ page }) => {
      await page.goto(`/onlineServices/memberRegistraion?lng=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Member Registration' : 'सभासद नोंदणी' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await noSeriousViolation(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Submit' : 'सादर करा' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
      await noSeriousViolation(page);
      await screenshots(page, `form-${lang}`);
    });

    test(`Family Details and the family page in ${lang}`, async ({ browser, request }) => {
      const heads = await api(request, `/api/heads?q=${encodeURIComponent(surname)}`);
      const page = await adminPage(browser, request, lang);
      await page.goto('/admin/dashboard/heads');
      await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Family Details' : 'कुटुंबाचा तपशील' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noSeriousViolation(page);
      await screenshots(page, `heads-${lang}`);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/admin/family/${heads[0].id}`);
      await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Family Members' : 'कुटुंबातील व्यक्ती' })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noSeriousViolation(page);
      await screenshots(page, `family-${lang}`);
      // The member editor and the delete confirmation too.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: lang === 'en' ? /^Edit: सुनीता/ : /^संपादित करा: सुनीता/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Edit family member' : 'कुटुंबातील व्यक्तीची माहिती संपादित करा' })).toBeVisible();
      await noSeriousViolation(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'रद्द करा' }).click();
      await page.getByRole('button', { name: lang === 'en' ? /^Delete: सुनीता/ : /^हटवा: सुनीता/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noSeriousViolation(page);
      await page.keyboard.press('Escape');
      await page.context().close();
    });
  }
});

test('what a visitor types is kept through a reload (in either language) and forgotten once the family is registered', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/onlineServices/memberRegistraion?lng=en');
  const head = page.getByRole('group', { name: 'Head of family' });
  const first = page.getByRole('group', { name: 'Family member 1' });
  const draftHead = {
    'First name': 'Suresh',
    'Middle name': 'Ramchandra',
    'Last name': surname,
    Surname: surname,
    "Father's name": 'Ramchandra',
    "Mother's name": 'Sita',
    'Date of birth': '1970-05-14',
    Sex: 'Male',
  };
  await fill(head, draftHead);
  await page.getByRole('button', { name: 'Add Member' }).click();
  await fill(page.getByRole('group', { name: 'Family member 2' }), { Name: 'Sunita', 'Relation to the head of family': 'Daughter' });

  await page.reload();
  await expect(page.getByText('What you typed earlier on this device has been filled in again.', { exact: false })).toBeVisible();
  for (const [label, value] of Object.entries(draftHead)) await expect(head.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(head.getByLabel('Age', { exact: true })).toHaveValue(/^5\d$/);
  await expect(page.getByTestId('family-member')).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Family member 2' }).getByLabel('Name', { exact: true })).toHaveValue('Sunita');
  await page.screenshot({ path: test.info().outputPath('draft-restored-en-1280.png') });
  // Nothing is checked yet: no message until a field changes or the form is sent.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  // The same draft in Marathi.
  await page.goto('/onlineServices/memberRegistraion?lng=mr');
  const headMr = page.getByRole('group', { name: 'कुटुंबप्रमुख' });
  await expect(headMr.getByLabel('प्रथम नाव', { exact: true })).toHaveValue('Suresh');
  await expect(member(page, '२').getByLabel('नाव', { exact: true })).toHaveValue('Sunita');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: test.info().outputPath('draft-restored-mr-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The rest, then Submit: registered, and the draft is gone.
  await page.goto('/onlineServices/memberRegistraion?lng=en');
  await fill(head, { Education: 'BCom', Occupation: 'Farming', 'Marital status': 'Married', 'Work address': 'Solapur', 'WhatsApp number': '9876543210', Area: 'Solapur' });
  // The first member entry is left empty (not sent); the second is completed.
  await expect(first.getByLabel('Name', { exact: true })).toHaveValue('');
  await fill(page.getByRole('group', { name: 'Family member 2' }), {
    "Father's name": 'Suresh',
    "Mother's name": 'Suman',
    Surname: surname,
    'Date of birth': '1998-02-01',
    Sex: 'Female',
    Education: 'MA',
    Occupation: 'Teacher',
    'Marital status': 'Unmarried',
    'Work address': 'Pune',
    'WhatsApp number': '9876543211',
    Area: 'Pune',
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Family registered successfully!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('familyRegistrationDraft'))).toBeNull();
  await page.reload();
  await expect(head.getByLabel('First name', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('family-member')).toHaveCount(1);
  await expect(page.getByText('What you typed earlier on this device has been filled in again.', { exact: false })).toHaveCount(0);
  await context.close();
});
