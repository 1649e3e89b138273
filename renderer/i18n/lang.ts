export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'he';

/** `?lang=` wins on first load (the harness chooses with it), then the saved UI preference, then English. */
export function initialLanguage(search: string, saved: string | null): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) return fromUrl;
  return isLanguage(saved) ? saved : 'en';
}

export const dirOf = (lang: Language): 'rtl' | 'ltr' => (lang === 'he' ? 'rtl' : 'ltr');

/** The Intl locale for a UI language, keeping the user's region when it matches. */
export function localeFor(lang: string, navigatorLang: string): string {
  return navigatorLang.toLowerCase().startsWith(lang) ? navigatorLang : lang === 'he' ? 'he-IL' : 'en-US';
}
