/**
 * The head the prerender writes into every public page: title and description in
 * the page's language, canonical and hreflang URLs in the contract's form, preview tags, the
 * organisation's structured data, and nothing a text can break out of. Also the files those
 * tags point to: the preview card, the icons and the web app manifest.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changedSite, sampleSite } from '@/test/sampleSite';
import { createTestI18n } from '@/test/i18n';
import { ORIGIN_PLACEHOLDER, headTags, organisationJsonLd, pageMeta, prerenderedPaths } from '@/config/pageMeta';
import { publicRoutes } from './router';

const languages = ['en', 'mr'] as const;
const t = { en: createTestI18n('en').t, mr: createTestI18n('mr').t };
const publicDir = join(__dirname, '../../public');
const O = ORIGIN_PLACEHOLDER;
const organisation = sampleSite.organisation;

/** The head HTML of one page, parsed the way a browser (or WhatsApp's crawler) reads it. */
function head(path: string, lang: 'en' | 'mr', translate: TFunction = t[lang], content = sampleSite) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${headTags(path, lang, translate, content)}</head><body></body></html>`, 'text/html');
  const meta = (key: string) => {
    const found = doc.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`);
    expect(found.length, `${path} ${lang}: one ${key}`).toBe(1);
    return found[0].getAttribute('content');
  };
  const href = (selector: string) => doc.head.querySelector(selector)?.getAttribute('href');
  return { doc, meta, href };
}

const devanagari = /[\u0900-\u097F]/;

describe('the prerendered pages', () => {
  it('are every public page of the issue, and only pages that need no login', () => {
    expect(prerenderedPaths).toEqual(
      expect.arrayContaining([
        '/', '/about', '/about/YuvajanSangh', '/about/SeniorCitizen', '/about/CounsellingClub', '/about/VadhuVarMandal',
        '/about/ShikshanSanstha', '/about/MahilaMandal', '/about/PurohitSangh', '/about/TempleCommittee', '/managementTeam',
        '/privacy-policy', '/contact', '/onlineServices', '/onlineServices/memberRegistraion',
        '/onlineServices/alandiRoomBooking', '/onlineServices/markandeyaAbhishek', '/onlineServices/poshavvadeviAbhishek',
        '/onlineServices/shitaladeviAbhishek', '/matrimonials', '/profilecard', '/loginUser', '/gallery', '/magazines', '/career',
      ]),
    );
    expect(prerenderedPaths).toHaveLength(25);
    expect(prerenderedPaths).not.toContain(paths.matches);
    const routePaths = publicRoutes.map((route) => (route.index ? '/' : route.path));
    for (const path of prerenderedPaths) expect(routePaths, path).toContain(path);
  });
});

describe('headTags', () => {
  for (const path of prerenderedPaths) {
    it(`${path}: title and description in both languages, at most 160 characters, the Marathi in Marathi`, () => {
      const [en, mr] = languages.map((lang) => {
        const { doc, meta } = head(path, lang);
        return { title: doc.title, description: meta('description') ?? '', ogTitle: meta('og:title'), twitterDescription: meta('twitter:description') };
      });
      for (const page of [en, mr]) {
        expect(page.title).not.toBe('');
        expect(page.description.length).toBeGreaterThan(40);
        expect(page.description.length).toBeLessThanOrEqual(160);
        expect(page.ogTitle).toBe(page.title);
        expect(page.twitterDescription).toBe(page.description);
        expect(page.description).not.toMatch(/\{\{/);
      }
      expect(mr.title).toMatch(devanagari);
      expect(mr.description).toMatch(devanagari);
      expect(mr.description).not.toBe(en.description);
      expect(en.title).toContain(path === '/' ? organisation.name.en : organisation.short_name.en);
      expect(mr.title).toContain(path === '/' ? organisation.name.mr : organisation.short_name.mr);
    });
  }

  it('give each page its own title and description', () => {
    for (const lang of languages) {
      const heads = prerenderedPaths.map((path) => head(path, lang));
      expect(new Set(heads.map((h) => h.doc.title)).size).toBe(prerenderedPaths.length);
      expect(new Set(heads.map((h) => h.meta('description'))).size).toBe(prerenderedPaths.length);
    }
  });

  it('title a page as its heading does: the page name, then the organisation', () => {
    expect(head(paths.gallery, 'en').doc.title).toBe('Images Gallery · Samaj Seva Samiti');
    expect(head(paths.gallery, 'mr').doc.title).toBe(`छायाचित्र दालन · ${organisation.short_name.mr}`);
    expect(head(paths.alandiRoomBooking, 'mr').doc.title).toBe(`आळंदी खोली आरक्षण · ${organisation.short_name.mr}`);
    expect(head(paths.home, 'en').doc.title).toBe(organisation.name.en);
  });

  it('name the organisation as the published content does', () => {
    const content = changedSite(({ organisation }) => {
      organisation.name.mr = 'नवी समिती, नाशिक';
      organisation.short_name.mr = 'नवी समिती';
    });
    expect(head(paths.home, 'mr', t.mr, content).doc.title).toBe('नवी समिती, नाशिक');
    const contact = head(paths.contact, 'mr', t.mr, content);
    expect(contact.doc.title).toBe('संपर्क साधा · नवी समिती');
    expect(contact.meta('og:site_name')).toBe('नवी समिती, नाशिक');
    expect(contact.meta('og:image:alt')).toBe('नवी समिती, नाशिक यांचे बोधचिन्ह, मराठी व इंग्रजी नावासह');
  });

  it('link the canonical URL of the variant (plain in English, ?lng=mr in Marathi) and its English, Marathi and default variants', () => {
    for (const lang of languages) {
      const { href, meta } = head(paths.gallery, lang);
      const own = lang === 'mr' ? `${O}/gallery?lng=mr` : `${O}/gallery`;
      expect(href('link[rel="canonical"]')).toBe(own);
      expect(href('link[rel="alternate"][hreflang="en"]')).toBe(`${O}/gallery`);
      expect(href('link[rel="alternate"][hreflang="mr"]')).toBe(`${O}/gallery?lng=mr`);
      expect(href('link[rel="alternate"][hreflang="x-default"]')).toBe(`${O}/gallery`);
      expect(meta('og:url')).toBe(own);
    }
    const home = head(paths.home, 'mr');
    expect(home.href('link[rel="canonical"]')).toBe(`${O}/?lng=mr`);
    expect(home.href('link[rel="alternate"][hreflang="x-default"]')).toBe(`${O}/`);
    const booking = head(paths.memberRegistration, 'en');
    expect(booking.href('link[rel="canonical"]')).toBe(`${O}/onlineServices/memberRegistraion`);
  });

  it('carry Open Graph and Twitter card tags with an absolute preview image', () => {
    const { meta } = head(paths.contact, 'mr');
    expect(meta('og:type')).toBe('website');
    expect(meta('og:site_name')).toBe(organisation.name.mr);
    expect(meta('og:image')).toBe(`${O}/images/icons/preview-card.png`);
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:image:alt')).toBe(`${organisation.name.mr} यांचे बोधचिन्ह, मराठी व इंग्रजी नावासह`);
    expect(meta('og:locale')).toBe('mr_IN');
    expect(meta('og:locale:alternate')).toBe('en_IN');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(meta('og:image'));
    expect(meta('twitter:title')).toBe(meta('og:title'));
    expect(head(paths.contact, 'en').meta('og:locale')).toBe('en_IN');
  });

  it('use a page’s own preview image when it has one', () => {
    const image = { url: '/uploads/poster.jpg', width: 800, height: 1131, alt: 'Gallery' };
    pageMeta[paths.gallery].image = image;
    try {
      const { meta } = head(paths.gallery, 'mr');
      expect(meta('og:image')).toBe(`${O}/uploads/poster.jpg`);
      expect(meta('og:image:height')).toBe('1131');
      expect(meta('og:image:alt')).toBe('छायाचित्र दालन');
    } finally {
      delete pageMeta[paths.gallery].image;
    }
  });

  it('escape every text, so a translation cannot add or break elements', () => {
    const hostile = '</title><script>alert("x")</script> & "quoted" <b>';
    const { doc, meta } = head(paths.contact, 'en', ((key: string) => (key === 'Contact Us' ? hostile : hostile + key)) as unknown as TFunction);
    expect(doc.title).toBe(`${hostile} · ${organisation.short_name.en}`);
    expect(meta('description')).toBe(hostile + pageMeta[paths.contact].description);
    expect(doc.querySelectorAll('script, b')).toHaveLength(0);
    expect(doc.body.childNodes).toHaveLength(0);
  });

  it('put the organisation’s structured data on the home page only', () => {
    for (const lang of languages) {
      expect(head(paths.home, lang).doc.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
      expect(head(paths.contact, lang).doc.querySelectorAll('script')).toHaveLength(0);
    }
  });
});

describe('the organisation’s structured data', () => {
  const parsed = (lang: 'en' | 'mr') => {
    const script = head(paths.home, lang).doc.querySelector('script[type="application/ld+json"]');
    return JSON.parse(script?.textContent ?? '');
  };

  it('is a schema.org Organization with its names in Marathi, Telugu and English', () => {
    const data = parsed('mr');
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Organization');
    expect(data.name).toBe(organisation.name.mr);
    expect(data.alternateName).toEqual([organisation.name.te, organisation.name.en]);
    expect(parsed('en').name).toBe(organisation.name.en);
    expect(parsed('en').alternateName).toEqual([organisation.name.mr, organisation.name.te]);
  });

  it('gives the address, founding year, contacts, logo and social links', () => {
    const data = parsed('en');
    expect(data.address).toEqual({ '@type': 'PostalAddress', streetAddress: organisation.address.en, addressCountry: 'IN' });
    expect(parsed('mr').address.streetAddress).toBe(organisation.address.mr);
    expect(data.foundingDate).toBe('1935');
    expect(data.telephone).toBe(organisation.phone);
    expect(data.email).toBe(organisation.email);
    expect(data.url).toBe(`${O}/`);
    expect(data.logo).toBe(`${O}/images/icons/icon-512.png`);
    expect(data.sameAs).toEqual(organisation.social.map((account) => account.url));
  });

  it('cannot end its script element early, and still reads back the same values', () => {
    const origin = 'https://x.example/</script><!--<script>';
    const json = organisationJsonLd('en', origin, sampleSite);
    expect(json).not.toMatch(/<\/script|<!--|<script/i);
    expect(JSON.parse(json).url).toBe(`${origin}/`);
  });

  it('says what the published content says: another name, address, phone, e-mail and profiles', () => {
    const content = changedSite(({ organisation }) => {
      organisation.name.en = 'Navi Samiti, Nashik';
      organisation.address.en = '9 Temple Lane, Nashik 422001, India';
      organisation.phone = '+91 253 000 0000';
      organisation.email = 'office@navi.example';
      organisation.social = [{ label: 'Facebook', url: 'https://www.facebook.com/navi' }];
    });
    const script = head(paths.home, 'en', t.en, content).doc.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '');
    expect(data.name).toBe('Navi Samiti, Nashik');
    expect(data.address.streetAddress).toBe('9 Temple Lane, Nashik 422001, India');
    expect(data.telephone).toBe('+91 253 000 0000');
    expect(data.email).toBe('office@navi.example');
    expect(data.sameAs).toEqual(['https://www.facebook.com/navi']);
  });
});

/** Width and height of a PNG file (its IHDR chunk). */
function pngSize(file: string) {
  const bytes = readFileSync(join(publicDir, file));
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

describe('the images and the web app manifest', () => {
  const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.webmanifest'), 'utf8'));
  const indexHtml = readFileSync(join(__dirname, '../../index.html'), 'utf8');
  const css = readFileSync(join(__dirname, '../styles/global.css'), 'utf8');

  it('the preview card is 1200 x 630 and under 150 KB', () => {
    const card = pngSize('images/icons/preview-card.png');
    expect(card).toMatchObject({ width: 1200, height: 630 });
    expect(card.bytes).toBeLessThan(150 * 1024);
  });

  it('the manifest leaves the names to the server (the published content), in its colours, and its icons have their stated sizes', () => {
    // backend/src/site/manifest.rs adds `name` and `short_name` from the published content.
    expect(manifest.name).toBeUndefined();
    expect(manifest.short_name).toBeUndefined();
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(css).toContain(`--c-maroon: ${manifest.theme_color};`);
    expect(css).toContain(`--c-cream: ${manifest.background_color};`);
    expect(indexHtml).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === 'image/png');
    expect(pngs.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of pngs) {
      const { width, height } = pngSize(icon.src.slice(1));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(pngSize('images/icons/apple-touch-icon.png')).toMatchObject({ width: 180, height: 180 });
    expect(statSync(join(publicDir, 'images/logo.svg')).isFile()).toBe(true);
  });

  it('index.html links the manifest and icons outside the span the prerender replaces', () => {
    const outside = indexHtml.replace(/<!--page-head[\s\S]*<!--\/page-head-->/, '');
    for (const tag of ['<link rel="manifest" href="/manifest.webmanifest" />', '<link rel="apple-touch-icon" href="/images/icons/apple-touch-icon.png" />', '<link rel="icon" type="image/svg+xml" href="/images/logo.svg" />', '<meta name="theme-color"']) {
      expect(outside).toContain(tag);
    }
  });
});
