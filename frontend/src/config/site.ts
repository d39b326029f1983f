/**
 * The organisation's own content, in one place, in both languages.
 *
 * ┌──────────────────────────────────────────────────────────────────────────────────────────┐
 * │ SAMPLE VALUES. The specification does not give the organisation's names, address,        │
 * │ devotional line, social links, video channel or map. Every value marked SAMPLE below is  │
 * │ a placeholder: the organisation replaces it here and nowhere else.                        │
 * └──────────────────────────────────────────────────────────────────────────────────────────┘
 *
 * Fixed by the specification (not samples): established 1935, registration number A 1321.
 */
import type { Language } from '@/lib/i18n';

/** A text in both site languages. */
export type Bilingual = Record<Language, string>;

/** Postal address in parts (schema.org PostalAddress). */
const postalAddress = {
  streetAddress: { en: '123 Sample Road, Sample Peth', mr: '१२३, नमुना रस्ता, नमुना पेठ' }, // SAMPLE
  addressLocality: { en: 'Pune', mr: 'पुणे' }, // SAMPLE
  addressRegion: { en: 'Maharashtra', mr: 'महाराष्ट्र' }, // SAMPLE
  postalCode: '411002', // SAMPLE
  addressCountry: 'IN',
  countryName: { en: 'India', mr: 'भारत' },
} as const;

/** "street, town PIN, state, country", with Devanagari digits in Marathi. */
function addressLine(lang: Language): string {
  const a = postalAddress;
  const pin = lang === 'mr' ? marathiDigits(a.postalCode) : a.postalCode;
  return `${a.streetAddress[lang]}, ${a.addressLocality[lang]} ${pin}, ${a.addressRegion[lang]}, ${a.countryName[lang]}`;
}

export const site = {
  established: 1935,
  registrationNumber: 'A 1321',

  /** The organisation's name, as shown in the title area (docs/SPECIFICATION.md §2: Marathi, Telugu, English). */
  name: {
    mr: 'श्री समाज सेवा समिती, पुणे', // SAMPLE
    te: 'శ్రీ సమాజ సేవా సమితి, పుణె', // SAMPLE
    en: 'Shri Samaj Seva Samiti, Pune', // SAMPLE
  },
  /** Short name for the browser tab and the logo's alternative text. */
  shortName: { en: 'Samaj Seva Samiti', mr: 'समाज सेवा समिती' } satisfies Bilingual, // SAMPLE

  /** The devotional line of the top strip, always in Marathi (docs/SPECIFICATION.md §2). */
  devotionalLine: '॥ श्री मार्कंडेय प्रसन्न ॥', // SAMPLE

  /** Postal address, as written on the pages. */
  address: {
    en: addressLine('en'),
    mr: addressLine('mr'),
  } satisfies Bilingual,
  /** The same address in its parts (the organisation's structured data for search engines). */
  postalAddress,

  phone: '+91 20 0000 0000', // SAMPLE
  email: 'info@example.org', // SAMPLE

  /** Social links shown on the contact page and in the footer. */
  social: [
    { id: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/example' }, // SAMPLE
    { id: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/example' }, // SAMPLE
    { id: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@example' }, // SAMPLE
  ],

  /** The video channel the subscription popup invites visitors to. */
  videoChannelUrl: 'https://www.youtube.com/@example', // SAMPLE

  /**
   * The map on the contact page: a Google Maps embed of this place. (The server's
   * Content-Security-Policy allows frames from www.google.com and maps.google.com only.)
   */
  mapQuery: 'Shaniwar Wada, Pune, Maharashtra', // SAMPLE
} as const;

export function mapEmbedUrl(query: string = site.mapQuery): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=15&output=embed`;
}

/** The same place on the full map site, for visitors whose connection does not load the frame. */
export function mapLinkUrl(query: string = site.mapQuery): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(query)}`;
}

/** Digits 0-9 in Devanagari, for numbers written out in Marathi text. */
export function marathiDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]);
}
