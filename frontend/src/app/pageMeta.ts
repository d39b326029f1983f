/**
 * The head of every prerendered public page (issue 10): its title and description in the page's
 * language, canonical and hreflang links, and the preview tags read by WhatsApp and others.
 * The build's prerender writes `headTags(path, lang, t)` into each page; absolute URLs use
 * ORIGIN_PLACEHOLDER, which the server replaces with the site's public origin.
 */
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import type { Language } from '@/lib/i18n';
import { i18nKey } from '@/lib/text';

export const ORIGIN_PLACEHOLDER = '__SAMITI_ORIGIN__';

/** `title` is an i18n key ('' for the home page, which is titled by the organisation alone). */
export type PageMeta = { title: string };

export const pageMeta: Record<string, PageMeta> = {
  [paths.home]: { title: '' },
  [paths.about]: { title: i18nKey('About Us') },
  [paths.gallery]: { title: i18nKey('Gallery') },
  [paths.contact]: { title: i18nKey('Contact Us') },
  [paths.alandiRoomBooking]: { title: i18nKey('Alandi Room Booking') },
};

/** The public pages rendered to static HTML at build time, in both languages. */
export const prerenderedPaths = Object.keys(pageMeta);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The `<head>` elements of one page in one language, as HTML. */
export function headTags(path: string, lang: Language, t: TFunction): string {
  const meta = pageMeta[path];
  const name = site.shortName[lang];
  const title = meta?.title ? `${t(meta.title)} · ${name}` : name;
  return `<title>${escapeHtml(title)}</title>`;
}
