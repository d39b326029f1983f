/**
 * The titles of the public pages that are prerendered, the one source of each: a page
 * shows `pageTitle(path, t)` as its heading, and its head (src/config/pageMeta.ts) carries the same
 * text. Kept apart from the descriptions and the head builder, which the first screen of a
 * prerendered page does not need: this module is in every page's code, those load when needed.
 */
import type { TFunction } from 'i18next';
import { paths } from './paths';
import type { Language } from '@/lib/i18n';
import type { SiteContent } from '@/lib/siteContent';
import { capitalise, i18nKey } from '@/lib/text';

/** Path -> title (an i18n key); the home page's is '' (it is titled by the organisation's name). */
export const pageTitles = {
  [paths.home]: '',
  [paths.about]: i18nKey('About Us'),
  [paths.aboutYuvajanSangh]: i18nKey('Yuvajan Sangh'),
  [paths.aboutSeniorCitizen]: i18nKey('Senior Citizens Club'),
  [paths.aboutCounsellingClub]: i18nKey('Senior Counselling Club'),
  [paths.aboutVadhuVarMandal]: i18nKey('Vadhu Var Mandal'),
  [paths.aboutShikshanSanstha]: i18nKey('Shikshan Sanstha'),
  [paths.aboutMahilaMandal]: i18nKey('Mahila Mandal'),
  [paths.aboutPurohitSangh]: i18nKey('Purohit Sangh'),
  [paths.aboutTempleCommittee]: i18nKey('Temple Committee'),
  [paths.managementTeam]: i18nKey('Management Team'),
  [paths.privacyPolicy]: i18nKey('Privacy Policy'),
  [paths.contact]: i18nKey('Contact Us'),
  [paths.onlineServices]: i18nKey('Online Services'),
  [paths.memberRegistration]: i18nKey('Member Registration'),
  [paths.alandiRoomBooking]: i18nKey('Alandi Room Booking'),
  [paths.markandeyaAbhishek]: i18nKey('Markandeya Abhishek'),
  [paths.poshavvadeviAbhishek]: i18nKey('Poshavvadevi Abhishek'),
  [paths.shitaladeviAbhishek]: i18nKey('Shitaladevi Abhishek'),
  [paths.matrimonials]: i18nKey('Matrimonials'),
  [paths.profileCard]: i18nKey('Create Profile'),
  [paths.loginUser]: i18nKey('Matrimonial Login'),
  [paths.gallery]: i18nKey('Images Gallery'),
  [paths.magazines]: i18nKey('Magazines'),
  [paths.career]: i18nKey('Employment'),
} as const satisfies Record<string, string>;

export type PublicPath = keyof typeof pageTitles;

/** The title a public page shows as its heading (and, with the organisation's name, in the tab). */
export function pageTitle(path: string, t: TFunction): string {
  const key = pageTitles[path as PublicPath];
  return key ? capitalise(t(key)) : '';
}

/** The browser tab's title: "<page> · <organisation>", or the organisation's full name alone. */
export function documentTitle(title: string, lang: Language, { organisation }: SiteContent): string {
  return title ? `${title} · ${organisation.short_name[lang]}` : organisation.name[lang];
}

/**
 * The URL of one language variant of a page. English, the default, is the plain address (also
 * the x-default); Marathi adds `?lng=mr`. So the plain address a visitor shares and a crawler
 * reads (no cookie, no Accept-Language) is its own canonical, not another language's.
 */
export function variantUrl(origin: string, path: string, lang?: Language): string {
  return lang === 'mr' ? `${origin}${path}?lng=mr` : `${origin}${path}`;
}
