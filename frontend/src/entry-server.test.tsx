// @vitest-environment node
/**
 * The build's prerender, run where there is no window, no document and no storage,
 * as in the build: the home page and a booking form come out as real HTML in both languages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translations } from '@/test/i18n';
import { changedSite, sampleSite } from '@/test/sampleSite';
import { addDays } from '@/features/bookings/dates';
import { prerenderedPaths, render } from './entry-server';

/**
 * Every public page of docs/SPECIFICATION.md §2 (as router.test.tsx lists them) but /matches, which needs a
 * member's sign-in, whether or not pageMeta lists it yet.
 */
const publicPaths = [
  '/', '/about', '/about/YuvajanSangh', '/about/SeniorCitizen', '/about/CounsellingClub', '/about/VadhuVarMandal',
  '/about/ShikshanSanstha', '/about/MahilaMandal', '/about/PurohitSangh', '/about/TempleCommittee', '/gallery',
  '/onlineServices', '/onlineServices/memberRegistraion', '/onlineServices/alandiRoomBooking',
  '/onlineServices/markandeyaAbhishek', '/onlineServices/poshavvadeviAbhishek', '/onlineServices/shitaladeviAbhishek',
  '/matrimonials', '/managementTeam', '/magazines', '/career', '/contact', '/profilecard', '/loginUser',
  '/privacy-policy',
];

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of the HTML, tags removed (React separates adjacent texts with comments). */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity])
    .replace(/\s+/g, ' ');

describe('the prerendered HTML', () => {
  let problems: ReturnType<typeof vi.spyOn>[];
  beforeEach(() => {
    problems = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  });
  afterEach(() => {
    for (const spy of problems) expect(spy).not.toHaveBeenCalled();
  });

  it('is drawn where no browser exists', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  for (const lang of ['en', 'mr'] as const) {
    const t = (key: string) => translations[lang][key];

    it(`of the home page in ${lang} has the shell, the banner, the hero, the subscription form and the footer, and no reveal`, async () => {
      const { html, head } = await render('/', lang, sampleSite);
      const text = textOf(html);
      for (const key of ['Skip to main content', 'Updates & Notifications', 'Subscribe for Event Updates', 'Events', 'Quick links']) {
        expect(text).toContain(t(key));
      }
      // The content it is given: the first slide's title, the organisation's names.
      expect(text).toContain(sampleSite.slides[0].title[lang]);
      expect(text).toContain(sampleSite.organisation.name.te);
      expect(html).toMatch(/<nav[^>]*aria-label="[^"]+"/);
      expect(html).toMatch(/<form[^>]*>.*<input[^>]*name="value"/s);
      expect(html).toContain('<footer');
      // Lists that change are in their loading state; the reveal is decided in the browser.
      expect(text).not.toContain(t('No notifications available.'));
      expect(html).not.toContain('data-testid="reveal"');
      expect(head).toContain('<title>');
    });

    it(`of the room booking form in ${lang} has its title and every field`, async () => {
      const { html } = await render('/onlineServices/alandiRoomBooking', lang, sampleSite);
      const text = textOf(html);
      for (const key of ['Alandi Room Booking', 'Full name', 'Email', 'Phone', 'Check-in date', 'Check-out date', 'Number of guests', 'Room type', 'Deluxe']) {
        expect(text).toContain(t(key));
      }
      for (const name of ['fullName', 'email', 'phone', 'checkIn', 'checkOut', 'guests', 'roomType']) {
        expect(html).toMatch(new RegExp(`<(input|select)[^>]*name="${name}"`));
      }
      // The first check-in day on offer is the build's day (the client redraws it with today's).
      expect(html).toContain(`min="${BUILD_DAY}"`);
      // The booking policy is drawn with its defaults (the client asks for the server's after
      // hydrating, so the first render matches this HTML): 180 days ahead, 4 guests in a standard room.
      expect(html).toContain(`max="${addDays(BUILD_DAY, 180)}"`);
      const guests = t('Up to {{count}} guests {{room}}.').replace('{{count}}', lang === 'mr' ? '४' : '4').replace('{{room}}', t('in a standard room'));
      expect(text).toContain(guests);
      // Live from the first paint: typing and a tap before the page's code has arrived are held
      // for it (scripts/boot.js, lib/held.ts), so nothing waits, read-only or disabled.
      expect(html).toMatch(/<button type="submit"[^>]*>/);
      expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
      expect(html).not.toMatch(/<(input|textarea)[^>]*readOnly/i);
      expect(html).not.toMatch(/<select[^>]*disabled/);
    });
  }

  it('of every public page renders in both languages, each with its heading', async () => {
    for (const path of new Set([...prerenderedPaths, ...publicPaths])) {
      for (const lang of ['en', 'mr'] as const) {
        const { html } = await render(path, lang, sampleSite);
        expect(html, `${path} in ${lang}`).toMatch(/<h1[^>]*>[^<]+/);
        expect(textOf(html), `${path} in ${lang}`).not.toContain(translations[lang]['Page not found']);
      }
    }
  });

  it("of the contact page keeps the map's place but not the map, which loads after the page", async () => {
    const { html } = await render('/contact', 'mr', sampleSite);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('maps.google.com/maps?q='); // the link to the map, which works without JavaScript
  });

  it('draws the content it is given, in the page and in its head', async () => {
    const content = changedSite((c) => {
      c.organisation.name.en = 'Navi Samiti, Nashik';
      c.organisation.short_name.en = 'Navi Samiti';
      c.team[0].members[0].name.en = 'Smt. Kamala Rao';
    });
    const { html, head } = await render('/managementTeam', 'en', content);
    expect(textOf(html)).toContain('Navi Samiti, Nashik');
    expect(textOf(html)).toContain('Smt. Kamala Rao');
    expect(textOf(html)).not.toContain(sampleSite.team[0].members[0].name.en);
    expect(head).toContain('<title>Management Team · Navi Samiti</title>');
  });

  it('refuses a path that is no page', async () => {
    await expect(render('/no/such/page', 'en', sampleSite)).rejects.toThrow('/no/such/page is not a page');
  });
});
