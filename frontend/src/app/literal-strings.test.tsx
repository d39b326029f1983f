/**
 * Fails when a component shows text that did not pass through t(): the page is rendered in a
 * "pseudo" language whose every translation is wrapped in ⟦…⟧, and every visible text and
 * accessible attribute must then consist of wrapped text, the organisation's own content (the
 * site content, here the sample, and the fixed facts of src/config/site.ts), text
 * explicitly marked with another `lang`, dates that Intl wrote in the page's language inside a
 * <time> element, or digits and punctuation.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PublicLayout } from '@/components/layout/PublicLayout';
import HomePage from './HomePage';
import ContactPage from '@/features/contacts/components/ContactPage';
import GalleryPage from '@/features/media/components/GalleryPage';
import MagazinesPage from '@/features/media/components/MagazinesPage';
import CareerPage from '@/features/media/components/CareerPage';
import { mediaItem } from '@/features/media/testing/fakeMedia';
import NotFoundPage from '@/features/placeholder/NotFoundPage';
import AboutPage from '@/features/about/components/AboutPage';
import SubBodyPage from '@/features/about/components/SubBodyPage';
import ManagementTeamPage from '@/features/about/components/ManagementTeamPage';
import PrivacyPolicyPage from '@/features/about/components/PrivacyPolicyPage';
import OnlineServicesPage from '@/features/services/components/OnlineServicesPage';
import BookingPage from '@/features/bookings/components/BookingPage';
import BookingCheckPage from '@/features/bookings/components/BookingCheckPage';
import AdminAccount from '@/features/auth/admin/AdminAccount';
import FamilyRegistrationPage from '@/features/families/components/FamilyRegistrationPage';
import AdminHeads from '@/features/families/admin/AdminHeads';
import AdminFamily from '@/features/families/admin/AdminFamily';
import { family, headRow, memberRow } from '@/features/families/testing/fakeFamilies';
import AdminProfiles from '@/features/matrimony/admin/AdminProfiles';
import AdminBackup from '@/features/backup/admin/AdminBackup';
import AdminMailLog from '@/features/mail/admin/AdminMailLog';
import AdminUpdates from '@/features/mail/admin/AdminUpdates';
import { adminProfile } from '@/features/matrimony/testing/fakeAdminProfiles';
import RegistrationPage from '@/features/matrimony/components/RegistrationPage';
import LoginPage from '@/features/matrimony/components/LoginPage';
import CreateProfilePage from '@/features/matrimony/components/CreateProfilePage';
import MatchesPage from '@/features/matrimony/components/MatchesPage';
import MyProfilePage from '@/features/matrimony/components/MyProfilePage';
import ForgotPasswordPage from '@/features/matrimony/components/ForgotPasswordPage';
import ResetPasswordPage from '@/features/matrimony/components/ResetPasswordPage';
import { setMemberToken } from '@/features/matrimony/api';
import { publicProfile } from '@/features/matrimony/testing/fakeProfiles';
import { site } from '@/config/site';
import { createTestI18n, PSEUDO_CLOSE, PSEUDO_OPEN } from '@/test/i18n';
import { json, withSite } from '@/test/render';
import { sampleSite } from '@/test/sampleSite';
import { FakeWebSocket } from '@/test/fakeWebSocket';

function siteStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(siteStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(siteStrings);
  return [];
}
const allowed = siteStrings([site, sampleSite]).sort((a, b) => b.length - a.length);

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription'];

/** A translated part holding no other (a translation given as a value of another is inside it). */
const innermostTranslation = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g');

/** What is left of a text once translated parts (innermost first) and site content are removed. */
function untranslated(text: string): string {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(innermostTranslation, ' ');
  }
  for (const value of allowed) rest = rest.split(value).join(' ');
  return /\p{L}/u.test(rest) ? rest.trim() : '';
}

function excluded(element: Element | null): boolean {
  for (let el = element; el; el = el.parentElement) {
    if (el.getAttribute('aria-hidden') === 'true') return true;
    if (el.hasAttribute('lang') && el !== document.documentElement) return true;
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') return true;
    // <time dateTime="2099-01-01">1 Jan 2099</time>: Intl's words for the page's language.
    if (el.tagName === 'TIME' && el.hasAttribute('datetime')) return true;
  }
  return false;
}

function literalTexts(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!text.trim() || excluded(node.parentElement)) continue;
    const rest = untranslated(text);
    if (rest) found.push(`text "${text.trim()}" in <${node.parentElement?.tagName.toLowerCase()}>`);
  }
  for (const el of root.querySelectorAll('*')) {
    if (excluded(el)) continue;
    for (const attr of ATTRIBUTES) {
      const value = el.getAttribute(attr);
      if (value && untranslated(value)) found.push(`${attr}="${value}" on <${el.tagName.toLowerCase()}>`);
    }
  }
  return found;
}

function renderPage(route: string) {
  const i18n = createTestI18n('pseudo');
  return render(
    withSite(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route index element={<HomePage />} />
              <Route path="/contact" element={<ContactPage />} />
              <Route path="/gallery" element={<GalleryPage />} />
              <Route path="/magazines" element={<MagazinesPage />} />
              <Route path="/career" element={<CareerPage />} />
              <Route path="/about" element={<AboutPage />} />
              <Route path="/about/MahilaMandal" element={<SubBodyPage id="MahilaMandal" />} />
              <Route path="/managementTeam" element={<ManagementTeamPage />} />
              <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
              <Route path="/onlineServices" element={<OnlineServicesPage />} />
              <Route path="/onlineServices/alandiRoomBooking" element={<BookingPage kind="room" />} />
              <Route path="/onlineServices/markandeyaAbhishek" element={<BookingPage kind="markandeya" />} />
              <Route path="/booking/:reference" element={<BookingCheckPage />} />
              <Route path="/onlineServices/memberRegistraion" element={<FamilyRegistrationPage />} />
              <Route path="/matrimonials" element={<RegistrationPage />} />
              <Route path="/loginUser" element={<LoginPage />} />
              <Route path="/profilecard" element={<CreateProfilePage />} />
              <Route path="/matches" element={<MatchesPage />} />
              <Route path="/myProfile" element={<MyProfilePage />} />
              <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
              <Route path="/resetPassword" element={<ResetPasswordPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}

describe('no literal strings', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    // Notifications carry server text; the image lists carry items without descriptions, so
    // every alt text is the translated fallback.
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), window.location.origin).pathname;
      if (path === '/api/bookings/availability') return json({ full: [], blocked: [{ date: '2099-01-01', reason: 'Yatra' }] });
      if (path.startsWith('/api/bookings/verify/')) {
        return json({ reference: 'ALN-2026-00001', kind: 'room', status: 'confirmed', date: '2099-01-01', end_date: '2099-01-02', time: null, first_name: 'Suresh' });
      }
      if (path === '/notifications') return json([{ id: 1, message: 'Server text is data, not UI', created_at: '2026-01-01T00:00:00Z' }]);
      const kind = path.replace('/api/', '') as 'events' | 'gallery' | 'magazines' | 'career';
      return json([mediaItem(2, kind), mediaItem(1, kind)], 200, { 'X-Total-Count': '30' });
    }) as typeof fetch;
  });

  it('detects a literal string (the check itself works)', () => {
    const i18n = createTestI18n('pseudo');
    const { container } = render(
      withSite(
        <I18nextProvider i18n={i18n}>
          <p>
            {i18n.t('Home')} Untranslated words <img alt="Literal alt" src="x.png" />
          </p>
        </I18nextProvider>,
      ),
    );
    expect(literalTexts(container)).toEqual(['text "Untranslated words" in <p>', 'alt="Literal alt" on <img>']);
  });

  for (const route of ['/', '/contact', '/gallery', '/magazines', '/career', '/about', '/about/MahilaMandal', '/managementTeam', '/privacy-policy', '/onlineServices', '/no-such-page']) {
    it(`renders ${route} with every text translated`, async () => {
      renderPage(route);
      await waitFor(() => expect(screen.getByRole('main')).not.toBeEmptyDOMElement());
      if (['/gallery', '/magazines', '/career'].includes(route)) {
        await waitFor(() => expect(document.querySelectorAll('main li img')).toHaveLength(2));
      }
      if (route === '/') {
        await screen.findByText('Server text is data, not UI', undefined, { timeout: 5000 });
        expect(screen.getByText('⟦Updates & Notifications⟧')).toBeInTheDocument();
      }
      // The notification text comes from the server: it is content, not a UI string.
      const banner = document.querySelector('[data-testid="banner-text"]');
      banner?.setAttribute('lang', 'und');
      expect(literalTexts(document.body)).toEqual([]);
    });
  }

  for (const route of ['/gallery', '/magazines']) {
    it(`renders the lightbox of ${route} with every text translated`, async () => {
      renderPage(route);
      const tile = await waitFor(() => document.querySelector<HTMLImageElement>('main li button img')!.closest('button')!);
      fireEvent.click(tile);
      await screen.findByRole('dialog');
      expect(literalTexts(document.body)).toEqual([]);
    });
  }

  for (const route of ['/onlineServices/alandiRoomBooking', '/onlineServices/markandeyaAbhishek']) {
    it(`renders the booking form ${route} with its error messages with every text translated`, async () => {
      renderPage(route);
      await screen.findByText(/1 Jan 2099/);
      fireEvent.submit(document.querySelector('main form')!);
      // The forgotten password's form has its one field.
      const invalid = route === '/forgotPassword' ? 0 : 1;
      await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(invalid));
      expect(literalTexts(document.body)).toEqual([]);
    });
  }

  it('renders the booking check page with every text translated', async () => {
    renderPage('/booking/ALN-2026-00001?code=abc');
    await screen.findByText('Suresh');
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders the administrator account page, its messages and its dialog with every text translated', async () => {
    const i18n = createTestI18n('pseudo');
    render(
      withSite(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <AdminAccount />
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
    // Empty fields and a mismatching confirmation: the error messages show.
    fireEvent.change(document.querySelector('input[name="confirm_password"]')!, { target: { value: 'x' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(1));
    expect(literalTexts(document.body)).toEqual([]);
    fireEvent.click(screen.getAllByRole('button').at(-1)!);
    await screen.findByRole('dialog');
    expect(literalTexts(document.body)).toEqual([]);
  });
});

describe('no literal strings in the family registry', () => {
  beforeEach(() => FakeWebSocket.install());

  it('renders the family form with a second member and every message with every text translated', async () => {
    renderPage('/onlineServices/memberRegistraion');
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === '⟦Add Member⟧')!);
    fireEvent.change(document.querySelectorAll('main fieldset')[1].querySelector('input')!, { target: { value: 'x1' } });
    fireEvent.submit(document.querySelector('main form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(20));
    expect(literalTexts(document.body)).toEqual([]);
  });

  // Server data holds no letters here (nor a date that Intl would spell out), so whatever
  // letters show are the page's own.
  const data = { created_at: '', firstName: '—', middleName: '—', lastName: '—', surname: '—', fatherName: '—', motherName: '—', education: '—', occupation: '—', workAddress: '—', area: '—' };
  const member = { ...data, name: '—', relation: '—' };

  function renderAdmin(path: string, entry: string, ui: React.ReactElement) {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      if (url.pathname === '/api/heads') return json([headRow(3, '—', '—', { ...data, duplicateOf: 1, memberCount: 1 })], 200, { 'X-Total-Count': '1' });
      return json(family(headRow(3, '—', '—', { ...data, duplicateOf: 1 }), [memberRow(11, 3, '—', '—', member)]));
    }) as typeof fetch;
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('pseudo')}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
  }

  it("renders 'Family Details' with every text translated", async () => {
    renderAdmin('/admin/dashboard/heads', '/admin/dashboard/heads', <AdminHeads />);
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders the family page, its member editor and its messages with every text translated', async () => {
    renderAdmin('/admin/family/:headId', '/admin/family/3', <AdminFamily />);
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(literalTexts(document.body)).toEqual([]);
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === '⟦Add family member⟧')!);
    fireEvent.submit(document.querySelector('main form, section form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(10));
    expect(literalTexts(document.body)).toEqual([]);
  });
});

describe('no literal strings in the matrimonial profiles of the dashboard', () => {
  beforeEach(() => FakeWebSocket.install());

  it("renders 'Matrimonial Profiles', its edit modal and its messages with every text translated", async () => {
    // Server data holds no letters here, so whatever letters show are the page's own.
    const blank = { name: '—', email: '—', mobile: '—', religion: '—', caste: '—', occupation: '—', education: '—', location: '—', height: '—', about: '—', dob: '', created_at: '', updated_at: '' };
    globalThis.fetch = (async () =>
      json([adminProfile(1, '—', blank), adminProfile(2, '—', { ...blank, status: 'uploaded', biodata: null, photo: null, photo_thumb: null })], 200, {
        'X-Total-Count': '2',
      })) as typeof fetch;
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('pseudo')}>
          <MemoryRouter>
            <AdminProfiles />
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(literalTexts(document.body)).toEqual([]);
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === '⟦Edit⟧')!);
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByRole('dialog').querySelector('input[name="email"]')!, { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(3));
    expect(literalTexts(document.body)).toEqual([]);
  });
});

describe('no literal strings in the matrimonial pages', () => {
  beforeEach(() => FakeWebSocket.install());

  for (const route of ['/matrimonials', '/loginUser', '/profilecard', '/forgotPassword', '/resetPassword?token=x']) {
    it(`renders ${route} with its error messages with every text translated`, async () => {
      // Create Profile is a signed-in member's form.
      if (route === '/profilecard') setMemberToken('member-token');
      renderPage(route);
      fireEvent.submit(document.querySelector('main form')!);
      // The forgotten password's form has its one field.
      const invalid = route === '/forgotPassword' ? 0 : 1;
      await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(invalid));
      expect(literalTexts(document.body)).toEqual([]);
    });
  }

  it('renders /profilecard without an account, and /loginUser asked to come back to it, with every text translated', async () => {
    renderPage('/profilecard');
    await waitFor(() => expect(document.querySelector('main a[href="/matrimonials"]')).not.toBeNull());
    expect(literalTexts(document.body)).toEqual([]);
    cleanup();
    renderPage('/loginUser?next=%2Fprofilecard');
    await waitFor(() => expect(document.querySelector('[role="note"]')).not.toBeNull());
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders /myProfile, its cards and its delete question with every text translated', async () => {
    setMemberToken('member-token');
    const data = { name: '—', religion: '—', caste: '—', occupation: '—', education: '—', location: '—', height: '—', about: '—', email: '—', mobile: '0000000000' };
    globalThis.fetch = (async () =>
      json([adminProfile(2, '—', { ...data, status: 'uploaded' }), adminProfile(1, '—', { ...data, photo: null, photo_thumb: null, status: 'pending' })])) as typeof fetch;
    renderPage('/myProfile');
    await waitFor(() => expect(document.querySelectorAll('[data-testid="own-profile"]')).toHaveLength(2));
    expect(literalTexts(document.body)).toEqual([]);
    // The first card's second button: Delete.
    fireEvent.click(document.querySelectorAll<HTMLButtonElement>('[data-testid="own-profile"] button')[1]);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders /matches, its cards and its filters with every text translated', async () => {
    setMemberToken('member-token');
    // Server data holds no letters here, so whatever letters show are the page's own.
    const data = { name: '—', religion: '—', caste: '—', occupation: '—', education: '—', location: '—', height: '—', about: '—' };
    globalThis.fetch = (async () =>
      json([publicProfile(2, '—', data), publicProfile(1, '—', { ...data, photo: null, photo_thumb: null, biodata: null, gender: 'Male', profile_for: 'Son' })], 200, {
        'X-Total-Count': '2',
      })) as typeof fetch;
    renderPage('/matches?gender=Female&age_min=17');
    await waitFor(() => expect(document.querySelectorAll('[data-testid="profile-card"]')).toHaveLength(2));
    fireEvent.submit(document.querySelector('main form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBe(1));
    expect(literalTexts(document.body)).toEqual([]);
  });
});

describe('no literal strings on the owners\' Backups page', () => {
  function renderBackups(status: unknown) {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.method === 'POST') return json({ error: 'A backup is being taken already; please try again in a minute' }, 409);
      return json(status);
    }) as typeof fetch;
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('pseudo')}>
          <MemoryRouter>
            <AdminBackup />
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
  }

  it('renders the page without a schedule, and its refusal, with every text translated', async () => {
    renderBackups({ schedule: null, kept: [] });
    await screen.findByText('SAMITI_BACKUP_DIR');
    expect(literalTexts(document.body)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '⟦Download a backup now⟧' }));
    await screen.findByRole('alert');
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders the schedule and the kept backups with every text translated', async () => {
    renderBackups({
      schedule: { every_minutes: 1440, keep: 14, off_site: false },
      kept: [{ name: 'samiti-backup-20261127T203000Z.tar.gz', taken_at: '2026-11-27T20:30:00Z', bytes: 12_897_485 }],
    });
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(literalTexts(document.body)).toEqual([]);
  });
});

describe('no literal strings on the mail pages', () => {
  // Server data holds no letters here (addresses of digits, subjects in dashes), so whatever
  // letters show are the pages' own.
  const status = { configured: false, from: null, rate_per_minute: null, waiting: 1, sending: 0, sent: 2, failed: 1 };
  const update = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    subject: { en: '—', mr: '—' },
    body: { en: '—', mr: '—' },
    created_at: '2026-11-01T04:30:00Z',
    created_by: '1@2.3',
    recipients: 4,
    sent: 2,
    failed: 1,
    waiting: 1,
    ...over,
  });
  const message = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    kind: 'update',
    recipient: `${id}@2.3`,
    lang: 'en',
    subject: '—',
    status: 'sent',
    attempts: 1,
    last_error: null,
    update_id: 1,
    created_at: '2026-11-01T04:30:00Z',
    next_attempt_at: '2026-11-01T04:30:00Z',
    sent_at: '2026-11-01T04:31:00Z',
    ...over,
  });

  function renderMail(page: React.ReactElement) {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const path = new URL(request.url).pathname;
      if (path === '/api/admin/mail') return json(status);
      if (path === '/api/admin/updates') return json([update(2), update(1, { recipients: 0, sent: 0, failed: 0, waiting: 0 })]);
      if (path === '/api/admin/updates/preview') return json({ en: { subject: '—', text: '—', html: '<p>—</p>' }, mr: { subject: '—', text: '—', html: '<p>—</p>' } });
      if (path === '/api/admin/mail/messages') {
        const rows = [
          message(3, { status: 'failed', kind: 'booking', attempts: 5, last_error: '550', sent_at: null }),
          message(2, { status: 'waiting', kind: 'confirmation', lang: 'mr', attempts: 2, sent_at: null }),
          message(1, { kind: 'test' }),
        ];
        return json(rows, 200, { 'X-Total-Count': '3' });
      }
      return json({ error: 'Not found' }, 404);
    }) as typeof fetch;
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('pseudo')}>
          <MemoryRouter>{page}</MemoryRouter>
        </I18nextProvider>,
      ),
    );
  }

  it('renders Updates by e-mail (mail not configured, the sent updates, the messages under the fields, the preview) with every text translated', async () => {
    renderMail(<AdminUpdates />);
    await screen.findByText('SAMITI_SMTP_URL');
    await waitFor(() => expect(document.querySelectorAll('progress')).toHaveLength(1));
    expect(literalTexts(document.body)).toEqual([]);
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(4));
    expect(literalTexts(document.body)).toEqual([]);
    for (const field of document.querySelectorAll('form input, form textarea')) fireEvent.change(field, { target: { value: '—' } });
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(literalTexts(document.body)).toEqual([]);
  });

  it('renders the send log (its counts, filters, rows and Send again) with every text translated', async () => {
    renderMail(<AdminMailLog />);
    await screen.findByText('SAMITI_SMTP_URL');
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(literalTexts(document.body)).toEqual([]);
  });
});
