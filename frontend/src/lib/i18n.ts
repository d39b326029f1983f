/**
 * i18next set-up (docs/DESIGN.md §9). Keys are the English texts themselves — the same texts the server
 * sends in its error bodies — so one message set serves both. Translation files are served from
 * `/locales/{lng}/translation.json` (frontend/public/locales).
 *
 * The language is detected here, in a few lines rather than with i18next's detector and HTTP
 * backend plugins (they cost the first screen 4 KB of JavaScript): query `lng`, cookie
 * `i18next`, localStorage `i18nextLng`, sessionStorage, the browser's languages, `<html lang>`.
 * The choice is kept in localStorage AND in the cookie, because the server reads the cookie to
 * pick the prerendered page's language: the two never disagree.
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'mr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = 'en';
/** localStorage key under which the chosen language is kept (docs/SPECIFICATION.md §9). */
export const languageStorageKey = 'i18nextLng';
/** Cookie that carries the choice to the server, which answers the page in that language. */
export const languageCookie = 'i18next';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Options shared by the app and the tests: keys are English sentences, so no separators. */
export const baseOptions = {
  fallbackLng: fallbackLanguage,
  supportedLngs: [...supportedLanguages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly' as const,
  keySeparator: false as const,
  nsSeparator: false as const,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
};

/** `mr`, `mr-IN` → mr; `en`, `en-GB` → en; anything else is no answer (the server reads them alike). */
export function readLanguage(value: string | null | undefined): Language | undefined {
  const code = value?.trim().toLowerCase() ?? '';
  if (code.startsWith('mr')) return 'mr';
  if (code.startsWith('en')) return 'en';
  return undefined;
}

/** Keeps `<html lang>` in step so screen readers and fonts pick the right language. */
export function syncHtmlLang(lng: string | undefined) {
  if (typeof document === 'undefined' || !lng) return;
  document.documentElement.lang = lng.startsWith('mr') ? 'mr' : 'en';
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language ?? fallbackLanguage;
  return lng.startsWith('mr') ? 'mr' : 'en';
}

function readCookie(): string | undefined {
  const prefix = `${languageCookie}=`;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/** A storage that refuses (private mode, disabled) reads as empty and ignores writes. */
function readStorage(storage: () => Storage): string | null {
  try {
    return storage().getItem(languageStorageKey);
  } catch {
    return null;
  }
}

/** Stores the choice in localStorage and in the cookie the server reads. */
export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(languageStorageKey, lang);
  } catch {
    /* storage refused: the cookie still carries the choice */
  }
  document.cookie = `${languageCookie}=${lang}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * The visitor's language in the detection order of docs/DESIGN.md §9. A choice kept only in
 * localStorage (from before the cookie existed) is first copied into the cookie. `pageLanguage`
 * is the `<html lang>` of a prerendered page: the server's reading of the browser's languages,
 * so it comes before them.
 */
export function detectLanguage(pageLanguage?: Language): Language {
  const stored = readLanguage(readStorage(() => localStorage));
  if (stored && readLanguage(readCookie()) !== stored) rememberLanguage(stored);
  const candidates = [
    new URLSearchParams(window.location.search).get('lng'),
    readCookie(),
    readStorage(() => localStorage),
    readStorage(() => sessionStorage),
    pageLanguage,
    ...(navigator.languages ?? [navigator.language]),
    document.documentElement.lang,
  ];
  for (const candidate of candidates) {
    const lang = readLanguage(candidate);
    if (lang) return lang;
  }
  return fallbackLanguage;
}

/** Whether this page is a preview framed by the site content editor (lib/sitePreview.ts). */
export function isSitePreview(): boolean {
  return typeof window !== 'undefined' && window.parent !== window && new URLSearchParams(window.location.search).get('preview') === '1';
}

/**
 * The language the client starts in, remembered, and whether it may hydrate the prerendered
 * HTML: only when that HTML is in the same language (the server read the same query and cookie;
 * only a choice kept in this browser's storage can differ), since the first render must draw
 * exactly the HTML it hydrates.
 */
export function startLanguage(prerendered: boolean): { language: Language; pageLanguage: Language; hydrate: boolean } {
  const pageLanguage = readLanguage(document.documentElement.lang) ?? fallbackLanguage;
  const language = detectLanguage(prerendered ? pageLanguage : undefined);
  // The editor's preview (lib/sitePreview.ts) shares the dashboard's storage: its `?lng=` must not
  // become the administrator's choice. It draws the content being edited, not its HTML's, so it
  // never hydrates.
  const preview = isSitePreview();
  if (!preview) rememberLanguage(language);
  return { language, pageLanguage, hydrate: prerendered && pageLanguage === language && !preview };
}

/** Loads `/locales/{lng}/{ns}.json`; i18next retries a failed load when told it may. */
const localesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then(async (response) => {
        if (response.ok) return callback(null, await response.json());
        callback(`${response.url}: ${response.status}`, response.status >= 500);
      })
      .catch((error: unknown) => callback(String(error), true));
  },
};

/**
 * Starts i18next in `lng` and resolves once its translations have arrived; `preload` adds other
 * languages to load alongside (a prerendered page's own, which its HTML asked the browser to
 * fetch early). Later changes of language are remembered (not in the editor's preview).
 */
export function initI18n(lng: Language, preload: Language[] = []): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  i18n.on('languageChanged', syncHtmlLang);
  return i18n
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      lng,
      preload,
      // Keys are the English texts, so a missing Marathi text reads as the key: the English
      // file need not be fetched as a fallback for a Marathi page.
      fallbackLng: false,
      react: { useSuspense: true },
    })
    .then(() => {
      if (!isSitePreview()) i18n.on('languageChanged', (changed: string) => rememberLanguage(readLanguage(changed) ?? fallbackLanguage));
    });
}

export default i18n;
