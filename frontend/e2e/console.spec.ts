/**
 * No page writes an error or a warning to the browser's console: every public
 * page of docs/SPECIFICATION.md §2, opened as a first visit in each language, the booking check page of a real
 * booking, the page of an unknown address, and the administrator's dashboard with each of its
 * sections. An uncaught exception counts too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPage } from './admin-session';
import { watchConsole } from './checks';

const publicPaths = [
  '/', '/about', '/about/YuvajanSangh', '/about/SeniorCitizen', '/about/CounsellingClub', '/about/VadhuVarMandal',
  '/about/ShikshanSanstha', '/about/MahilaMandal', '/about/PurohitSangh', '/about/TempleCommittee', '/gallery',
  '/onlineServices', '/onlineServices/memberRegistraion', '/onlineServices/alandiRoomBooking',
  '/onlineServices/markandeyaAbhishek', '/onlineServices/poshavvadeviAbhishek', '/onlineServices/shitaladeviAbhishek',
  '/matrimonials', '/managementTeam', '/magazines', '/career', '/contact', '/profilecard', '/loginUser', '/matches',
  '/myProfile', '/forgotPassword', '/resetPassword?token=e2e', '/privacy-policy', '/adminLogin', '/register', '/no/such/page',
];

const adminSections = [
  '', '/contacts', '/notifications', '/subscribers', '/events', '/gallery', '/magazines', '/profiles', '/bookings',
  '/abhishek-bookings', '/poshavvadevi-bookings', '/shitaladevi-bookings', '/booking-capacity', '/heads', '/career',
  '/account',
];

/** The page has drawn its heading and has finished loading what it shows. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main').getByText('Loading...', { exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** A room booking made through the API: the reference and code its confirmation's QR code holds. */
async function realBooking(request: APIRequestContext): Promise<string> {
  const day = (offset: number) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  };
  const response = await request.post('/api/bookings', {
    data: { fullName: 'Console Check', email: 'console@example.org', phone: '9876543210', checkIn: day(20), checkOut: day(21), guests: 1, roomType: 'standard' },
  });
  expect(response.status(), 'the room booking is accepted').toBe(200);
  const reference = response.headers()['x-booking-reference'];
  const code = response.headers()['x-booking-code'];
  return `/booking/${reference}?code=${code}`;
}

for (const lng of ['en', 'mr'] as const) {
  test.describe(`a first visit in ${lng === 'en' ? 'English' : 'Marathi'}`, () => {
    for (const path of publicPaths) {
      test(`${path} writes no error or warning to the console`, async ({ page }) => {
        const problems = watchConsole(page);
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        await settled(page);
        expect(problems).toEqual([]);
      });
    }
  });
}

test('the booking check page of a real booking writes no error or warning to the console', async ({ page, request }) => {
  const problems = watchConsole(page);
  await page.goto(await realBooking(request));
  await settled(page);
  await expect(page.getByTestId('booking-reference').or(page.getByText(/ALN-\d{4}-\d{5}/)).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('the administrator dashboard and each of its sections write no error or warning to the console', async ({ browser, request }) => {
  const page = await adminPage(browser, request);
  const problems = watchConsole(page);
  for (const section of adminSections) {
    await page.goto(`/admin/dashboard${section}`);
    await settled(page);
    expect(problems, `/admin/dashboard${section}`).toEqual([]);
  }
  await page.context().close();
});
