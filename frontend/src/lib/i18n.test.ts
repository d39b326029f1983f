/**
 * The client's choice of language: a prerendered page hydrates in the language the
 * server drew it in, and the choice is kept in localStorage and in the cookie the server reads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translations } from '@/test/i18n';
import i18n, { detectLanguage, initI18n, startLanguage } from './i18n';

const cookieProperty = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Every string written to document.cookie (jsdom reads back only name=value). */
function watchCookieWrites(): string[] {
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    cookieProperty.set!.call(document, value);
  });
  return writes;
}

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

function pageAt(search: string, htmlLang: string) {
  window.history.replaceState(null, '', `/${search}`);
  document.documentElement.lang = htmlLang;
}

beforeEach(() => {
  document.cookie = 'i18next=; path=/; max-age=0';
  localStorage.clear();
  sessionStorage.clear();
  browserLanguages(['en-US', 'en']);
  pageAt('', 'en');
});

afterEach(() => vi.restoreAllMocks());

describe('the language a page starts in', () => {
  it('is the prerendered page\'s own language for hydration, even when the browser prefers another', () => {
    // The server answered Marathi (say, from Accept-Language mr); the browser lists English first.
    pageAt('', 'mr');
    expect(startLanguage(true)).toEqual({ language: 'mr', pageLanguage: 'mr', hydrate: true });
  });

  it('is the browser\'s language on a page that was not prerendered (the shell says en)', () => {
    browserLanguages(['mr-IN', 'en']);
    expect(startLanguage(false)).toEqual({ language: 'mr', pageLanguage: 'en', hydrate: false });
  });

  it('follows ?lng= before the cookie, and the cookie before the stored choice', () => {
    document.cookie = 'i18next=en; path=/';
    pageAt('?lng=mr', 'en');
    expect(detectLanguage()).toBe('mr');
    pageAt('?lng=hi', 'en');
    document.cookie = 'i18next=mr; path=/';
    expect(detectLanguage()).toBe('mr');
  });

  it('does not hydrate HTML of another language than a choice kept only in this browser: it draws the page afresh', () => {
    localStorage.setItem('i18nextLng', 'mr');
    expect(startLanguage(true)).toEqual({ language: 'mr', pageLanguage: 'en', hydrate: false });
  });
});

describe('the site content editor\'s preview (a page framed with ?preview=1)', () => {
  it('starts in its ?lng= without keeping it as the administrator\'s choice, and draws afresh rather than hydrating', () => {
    document.cookie = 'i18next=en; path=/';
    localStorage.setItem('i18nextLng', 'en');
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
    pageAt('?lng=mr&preview=1', 'mr');
    expect(startLanguage(true)).toEqual({ language: 'mr', pageLanguage: 'mr', hydrate: false });
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('is only a page framed by another: the same address opened on its own is a page like any other', () => {
    pageAt('?lng=mr&preview=1', 'mr');
    expect(startLanguage(true)).toEqual({ language: 'mr', pageLanguage: 'mr', hydrate: true });
    expect(localStorage.getItem('i18nextLng')).toBe('mr');
  });
});

describe('the cookie kept in step with localStorage', () => {
  it('is written when only localStorage holds a choice, for a year, on the whole site', () => {
    const writes = watchCookieWrites();
    localStorage.setItem('i18nextLng', 'mr');
    expect(detectLanguage()).toBe('mr');
    expect(document.cookie).toContain('i18next=mr');
    expect(writes[0]).toBe('i18next=mr; path=/; max-age=31536000; SameSite=Lax');
  });

  it('is rewritten when it disagrees with localStorage', () => {
    document.cookie = 'i18next=en; path=/';
    localStorage.setItem('i18nextLng', 'mr-IN');
    expect(detectLanguage()).toBe('mr');
    expect(document.cookie).toContain('i18next=mr');
  });

  it('is left alone when it agrees, and the start remembers the language in both', () => {
    document.cookie = 'i18next=mr; path=/';
    localStorage.setItem('i18nextLng', 'mr');
    const writes = watchCookieWrites();
    expect(detectLanguage()).toBe('mr');
    expect(writes).toEqual([]);
    pageAt('?lng=en', 'en');
    expect(startLanguage(true).language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
  });
});

describe('a change of language', () => {
  it('loads the translations and writes the choice to localStorage and to the cookie', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const lang = url.includes('/mr/') ? 'mr' : 'en';
      return new Response(JSON.stringify(translations[lang]), { headers: { 'Content-Type': 'application/json' } });
    });
    await initI18n('en');
    expect(i18n.t('Contact Us')).toBe('Contact Us');
    // Keys are the English texts: no other language is fetched as a fallback (nor for Marathi below).
    expect(fetched).toEqual(['/locales/en/translation.json']);

    const writes = watchCookieWrites();
    await i18n.changeLanguage('mr');
    expect(fetched).toEqual(['/locales/en/translation.json', '/locales/mr/translation.json']);
    expect(i18n.t('Contact Us')).toBe(translations.mr['Contact Us']);
    expect(document.documentElement.lang).toBe('mr');
    expect(localStorage.getItem('i18nextLng')).toBe('mr');
    expect(writes).toEqual(['i18next=mr; path=/; max-age=31536000; SameSite=Lax']);
    vi.unstubAllGlobals();
  });
});
