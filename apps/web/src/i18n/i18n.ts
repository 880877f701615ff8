import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@starlit/contract';
import i18next from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

/** Every namespace file under public/locales/<language>/: `common`, and one per feature of the same name. */
export const NAMESPACES = [
  'common',
  'home',
  'notices',
  'agents',
  'identities',
  'voices',
  'avatars',
  'cards',
  'chat',
  'community',
  'social',
  'users',
  'works',
  'comments',
  'reports',
  'moderation',
  'search',
  'recharge',
  'redeem',
  'exchange',
  'gifts',
  'checkin',
  'ledger',
  'store',
  'records',
  'economy-admin',
  'creation',
  'task-progress',
  'daily-tasks',
  'live',
] as const;

/** The key under which the chosen language is kept in localStorage (SPEC §3 languageType). */
export const LANGUAGE_STORAGE_KEY = 'languageType';

/** Whether a value is one of the supported languages. */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language saved in localStorage, or the default when none (or an unknown one) is saved. */
export function storedLanguage(store: Pick<Storage, 'getItem'> = window.localStorage): Language {
  const saved = store.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** The BCP 47 tag for <html lang>: en_US → en-US. */
export function htmlLang(language: string): string {
  return language.replace('_', '-');
}

/** Loads the saved language's strings; resolves once they can be shown. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  document.documentElement.lang = htmlLang(language);
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = htmlLang(lng);
  });
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // "en_US" is one code here, not "en" plus a region to fall back through
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // i18next's own defaults, made explicit because SPEC §9 names them
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
      react: { useSuspense: false },
    });
}

/** The language strings are shown in now. */
export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Switches the language live and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18next.changeLanguage(language);
}

export { i18next };
