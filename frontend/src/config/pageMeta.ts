/**
 * The head of every prerendered public page: its title and description in the page's
 * language, canonical and hreflang links, and the preview tags read by WhatsApp and others, with
 * the organisation's names and contacts from the published site content.
 * The build's prerender writes `headTags(path, lang, t, content)` into each page; absolute URLs use
 * ORIGIN_PLACEHOLDER, which the server replaces with the site's public origin. In the browser,
 * usePageTitle keeps the same tags in step with the page and the language (src/lib/documentHead.ts).
 * The titles come from src/config/pageTitles.ts, the same the pages show as their headings.
 */
import type { TFunction } from 'i18next';
import { paths } from './paths';
import { site } from './site';
import type { Language } from '@/lib/i18n';
import type { SiteContent } from '@/lib/siteContent';
import { i18nKey } from '@/lib/text';
import { documentTitle, pageTitle, pageTitles, variantUrl, type PublicPath } from './pageTitles';

export const ORIGIN_PLACEHOLDER = '__SAMITI_ORIGIN__';

/** An image for link previews: a root-relative URL, its size in pixels and its description (i18n key). */
export type PreviewImage = { url: string; width: number; height: number; alt: string };

/**
 * `title` and `description` are i18n keys; the home page's title is '' (it is titled by the
 * organisation's name alone). A description may use {{name}}, the organisation's name.
 * `image`: the page's own preview image, when it has one.
 */
export type PageMeta = { title: string; description: string; image?: PreviewImage };

/** The organisation's preview card (scripts/icons.sh draws it): emblem and name in Marathi and English. */
export const organisationPreview: PreviewImage = {
  url: '/images/icons/preview-card.png',
  width: 1200,
  height: 630,
  alt: i18nKey('The emblem of {{name}}, with its name in Marathi and English'),
};

/** The square emblem used as the organisation's logo in structured data (scripts/icons.sh). */
export const organisationLogo = '/images/icons/icon-512.png';

/** What each public page is about, in one sentence (an i18n key; {{name}} is the organisation's name). */
const descriptions: Record<PublicPath, string> = {
  [paths.home]: i18nKey('{{name}}: serving the community since 1935 with the temple, eight sub-bodies, online bookings, a matrimonial board and news of events.'),
  [paths.about]: i18nKey("The Samiti's story since 1935, its aims, and the eight sub-bodies that serve young people, elders, women, families and the temple."),
  [paths.aboutYuvajanSangh]: i18nKey("The Samiti's youth association: sports tournaments, blood donation camps, cultural programmes and career guidance for young people."),
  [paths.aboutSeniorCitizen]: i18nKey("The Samiti's senior citizens club: monthly meetings, health check-up camps and pilgrimages that keep our elders together."),
  [paths.aboutCounsellingClub]: i18nKey("Free, confidential guidance on family, legal and financial matters from the experienced members of the Samiti's senior counselling club."),
  [paths.aboutVadhuVarMandal]: i18nKey("The Samiti's matchmaking board: help for families looking for a suitable match, the matrimonial register and introduction meetings."),
  [paths.aboutShikshanSanstha]: i18nKey("The Samiti's education society: scholarships for students in need, honours for meritorious students every year, and a reading room."),
  [paths.aboutMahilaMandal]: i18nKey("The Samiti's women's association: haldi-kunku, skills workshops and support for the self-help groups of the community's women."),
  [paths.aboutPurohitSangh]: i18nKey("The Samiti's priests' association: the rituals of the temple, and guidance for families in religious ceremonies."),
  [paths.aboutTempleCommittee]: i18nKey("The Samiti's temple committee: the daily worship, the festivals and the upkeep of the temple, and the abhishek bookings."),
  [paths.managementTeam]: i18nKey('The trustees, office bearers, invited members and legal advisors who manage the Samiti, each with their role.'),
  [paths.privacyPolicy]: i18nKey('What the Samiti collects from its forms, how it uses and protects it, who can see it, and the choices you have.'),
  [paths.contact]: i18nKey("The Samiti's address, telephone number and e-mail, its social media pages, and a map to find the office."),
  [paths.onlineServices]: i18nKey("The Samiti's services online: member registration, the Alandi room booking and the abhishek bookings of the temple."),
  [paths.memberRegistration]: i18nKey('Register your family with the Samiti online: the head of family and every member of the household, in one form.'),
  [paths.alandiRoomBooking]: i18nKey("Book a room at the Samiti's pilgrim lodge in Alandi: choose the dates, guests and room type; your confirmation downloads at once."),
  [paths.markandeyaAbhishek]: i18nKey('Book a Markandeya abhishek online: choose the date, the time and the puja, such as Rudrabhishek; your confirmation downloads at once.'),
  [paths.poshavvadeviAbhishek]: i18nKey('Book a Poshavvadevi abhishek online: choose the date and time of the puja; your confirmation downloads at once.'),
  [paths.shitaladeviAbhishek]: i18nKey('Book a Shitaladevi abhishek online: choose the date and time of the puja; your confirmation downloads at once.'),
  [paths.matrimonials]: i18nKey("Register free with the Samiti's matrimonial board for yourself, a son, a daughter or a relative, and find suitable matches."),
  [paths.profileCard]: i18nKey("Create a matrimonial profile for the Samiti's matrimonial board: the details, a photo, and the biodata or janmapatrika."),
  [paths.loginUser]: i18nKey("Members of the Samiti's matrimonial board sign in with their e-mail or mobile number to see suitable matches."),
  [paths.gallery]: i18nKey("Photographs of the Samiti's festivals, programmes and community events, by year and month."),
  [paths.magazines]: i18nKey("The issues of the Samiti's magazine: open a cover to see it in full size."),
  [paths.career]: i18nKey('Employment notices shared by the Samiti: job openings for the community; open a notice to see it in full size.'),
};

/** Every prerendered page: its title (from src/config/pageTitles.ts), description and own preview image. */
export const pageMeta: Record<string, PageMeta> = Object.fromEntries(
  Object.entries(pageTitles).map(([path, title]) => [path, { title, description: descriptions[path as PublicPath] }]),
);

/** The public pages rendered to static HTML at build time, in both languages. */
export const prerenderedPaths = Object.keys(pageMeta);

const locales: Record<Language, string> = { en: 'en_IN', mr: 'mr_IN' };
const otherLanguage = (lang: Language): Language => (lang === 'en' ? 'mr' : 'en');

/** One element of the head: its tag, attributes and text (title, JSON-LD). */
export type HeadElement = { tag: 'title' | 'meta' | 'link' | 'script'; attrs: Record<string, string>; text?: string };

/**
 * The head of one page in one language. `title` is used for a page outside the table (a 404, the
 * matches, the dashboard): such a page gets no canonical, hreflang or og:url (it is not a page to
 * share or index) and the organisation's description.
 */
export function headElements(path: string, lang: Language, t: TFunction, origin: string, content: SiteContent, title = ''): HeadElement[] {
  const meta = pageMeta[path];
  const name = content.organisation.name[lang];
  const fullTitle = documentTitle(meta ? pageTitle(path, t) : title, lang, content);
  const description = t((meta ?? pageMeta[paths.home]).description, { name });
  const image = meta?.image ?? organisationPreview;
  const imageUrl = `${origin}${image.url}`;
  const metaTag = (key: 'name' | 'property', id: string, content: string): HeadElement => ({ tag: 'meta', attrs: { [key]: id, content } });
  const link = (attrs: Record<string, string>): HeadElement => ({ tag: 'link', attrs });

  const elements: HeadElement[] = [{ tag: 'title', attrs: {}, text: fullTitle }, metaTag('name', 'description', description)];
  if (meta) {
    elements.push(
      link({ rel: 'canonical', href: variantUrl(origin, path, lang) }),
      link({ rel: 'alternate', hreflang: 'en', href: variantUrl(origin, path, 'en') }),
      link({ rel: 'alternate', hreflang: 'mr', href: variantUrl(origin, path, 'mr') }),
      link({ rel: 'alternate', hreflang: 'x-default', href: variantUrl(origin, path) }),
    );
  }
  elements.push(
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', name),
    metaTag('property', 'og:title', fullTitle),
    metaTag('property', 'og:description', description),
  );
  if (meta) elements.push(metaTag('property', 'og:url', variantUrl(origin, path, lang)));
  elements.push(
    metaTag('property', 'og:image', imageUrl),
    metaTag('property', 'og:image:width', String(image.width)),
    metaTag('property', 'og:image:height', String(image.height)),
    metaTag('property', 'og:image:alt', t(image.alt, { name })),
    metaTag('property', 'og:locale', locales[lang]),
    metaTag('property', 'og:locale:alternate', locales[otherLanguage(lang)]),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', fullTitle),
    metaTag('name', 'twitter:description', description),
    metaTag('name', 'twitter:image', imageUrl),
  );
  // The organisation's structured data sits on the home page only: it describes the
  // organisation, which the home page stands for, and every other page stays smaller.
  if (path === paths.home) elements.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: organisationJsonLd(lang, origin, content) });
  return elements;
}

/**
 * schema.org Organization: the name in the page's language first, the other scripts as
 * alternates; the address as written on the pages (the content keeps it in one line).
 */
export function organisationJsonLd(lang: Language, origin: string, { organisation }: SiteContent): string {
  const names = [organisation.name[lang], ...(['mr', 'te', 'en'] as const).filter((script) => script !== lang).map((script) => organisation.name[script])];
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: names[0],
    alternateName: names.slice(1),
    url: variantUrl(origin, paths.home),
    logo: `${origin}${organisationLogo}`,
    foundingDate: String(site.established),
    telephone: organisation.phone,
    email: organisation.email,
    address: { '@type': 'PostalAddress', streetAddress: organisation.address[lang], addressCountry: 'IN' },
    sameAs: organisation.social.map((account) => account.url),
  };
  // Inside <script>, "</script>" or "<!--" in a value would end or confuse the element: JSON's
  // \u escapes keep the same value without those characters (also U+2028/9, for old parsers).
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One head element as HTML (the script's text is already safe: see organisationJsonLd). */
function elementHtml({ tag, attrs, text }: HeadElement): string {
  const attributes = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  if (tag === 'meta' || tag === 'link') return `<${tag}${attributes} />`;
  return `<${tag}${attributes}>${tag === 'script' ? text : escapeHtml(text ?? '')}</${tag}>`;
}

/** The `<head>` elements of one page in one language, as HTML, with the origin placeholder. */
export function headTags(path: string, lang: Language, t: TFunction, content: SiteContent): string {
  return headElements(path, lang, t, ORIGIN_PLACEHOLDER, content).map(elementHtml).join('\n    ');
}
