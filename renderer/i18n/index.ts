import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { en, type MessageKey } from './en';
import { he } from './he';

import { initialLanguage, isLanguage, type Language } from './lang';

export { LANGUAGES, dirOf, initialLanguage, type Language } from './lang';
const PREF_KEY = 'ui.language';

function readSaved(): string | null {
  try {
    return localStorage.getItem(PREF_KEY);
  } catch {
    return null;
  }
}


export function setupI18n(): Language {
  const lng = initialLanguage(window.location.search, readSaved());
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, he: { translation: he } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return lng;
}

/** Changes the UI language and remembers it (a UI preference only). */
export async function changeLanguage(lang: Language): Promise<void> {
  await i18next.changeLanguage(lang);
  try {
    localStorage.setItem(PREF_KEY, lang);
  } catch {
    /* storage can be unavailable; the choice then lasts for this session */
  }
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** Typed translation: static keys are checked; `dyn` looks up data-driven keys with a fallback. */
export function useT() {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const tt: Translate = useCallback((key, vars) => t(key, vars ?? {}), [t]);
  const dyn = useCallback(
    (prefix: 'fields' | 'status' | 'enums' | 'areas' | 'sections' | 'tables' | 'groups' | 'actions' | 'newRecord', value: string) =>
      t(`${prefix}.${value}`, { defaultValue: value.replace(/_/g, ' ') }),
    [t],
  );
  /** Translates a data value when a label exists (e.g. an enum title), else shows it unchanged. */
  const maybe = useCallback((prefix: 'enums' | 'status', value: string) => {
    const key = `${prefix}.${value}`;
    return /^[A-Za-z_]+$/.test(value) && i18n.exists(key) ? t(key) : value;
  }, [t, i18n]);
  /** A data-driven key when it exists (validation rules named by the contract), else null. */
  const maybeKey = useCallback((key: string, vars?: Record<string, string | number>) => (i18n.exists(key) ? t(key, vars ?? {}) : null), [t, i18n]);
  return { t: tt, dyn, maybe, maybeKey, lang };
}
