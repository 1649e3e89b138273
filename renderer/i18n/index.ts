import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import type { MessageKey, Messages } from './en';
import { initialLanguage, isLanguage, localeFor, type Language } from './lang';

export { LANGUAGES, dirOf, initialLanguage, type Language } from './lang';
const PREF_KEY = 'ui.language';

function readSaved(): string | null {
  try {
    return localStorage.getItem(PREF_KEY);
  } catch {
    return null;
  }
}


/**
 * Each language's texts are their own chunks: the first screen waits only for its shell texts
 * (header, navigation) in the language it shows; the rest follows at once, in the background,
 * and the screens that need it wait for it (withAllTexts).
 */
const SHELL_TEXTS: Record<Language, () => Promise<object>> = {
  en: () => import('./en/shell').then((m) => m.enShell),
  he: () => import('./he/shell').then((m) => m.heShell),
};
const ALL_TEXTS: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  he: () => import('./he').then((m) => m.he),
};
const loaded = new Map<string, Promise<void>>();
function load(lang: Language, part: 'shell' | 'all'): Promise<void> {
  const key = `${lang}:${part}`;
  let p = loaded.get(key);
  if (!p) {
    p = (part === 'shell' ? SHELL_TEXTS : ALL_TEXTS)[lang]().then((texts) => void i18next.addResourceBundle(lang, 'translation', texts, true, true));
    loaded.set(key, p);
  }
  return p;
}
let allTexts: Promise<void> = Promise.resolve();

/** A lazy screen that also waits for every text of the current language (never shows a raw key). */
export function withAllTexts<T>(factory: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([factory(), allTexts]).then(([m]) => m);
}

/** Starts i18n in the saved (or asked-for) language; resolves once its texts are in. */
export async function setupI18n(): Promise<Language> {
  const lng = initialLanguage(window.location.search, readSaved());
  await i18next.init({
    resources: {},
    lng,
    // Every language has every key (the typecheck says so), so nothing falls back.
    fallbackLng: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  await load(lng, 'shell');
  allTexts = load(lng, 'all');
  return lng;
}

/** Changes the UI language and remembers it (a UI preference only). */
export async function changeLanguage(lang: Language): Promise<void> {
  allTexts = load(lang, 'all');
  await Promise.all([load(lang, 'shell'), allTexts]);
  await i18next.changeLanguage(lang);
  try {
    localStorage.setItem(PREF_KEY, lang);
  } catch {
    /* storage can be unavailable; the choice then lasts for this session */
  }
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
type DynPrefix = 'fields' | 'status' | 'enums' | 'areas' | 'sections' | 'tables' | 'groups' | 'actions' | 'newRecord' | 'notOffered' | 'starts';

/** The translation tools of one language: built once per language, so components that use them keep stable props. */
export interface Tools {
  t: Translate;
  /** Data-driven keys ("fields.<name>") with a readable fallback. */
  dyn: (prefix: DynPrefix, value: string) => string;
  /** Translates a data value when a label exists (e.g. an enum title), else shows it unchanged. */
  maybe: (prefix: 'enums' | 'status', value: string) => string;
  /** A data-driven key when it exists (validation rules named by the contract), else null. */
  maybeKey: (key: string, vars?: Record<string, string | number>) => string | null;
  lang: Language;
  /** The Intl locale for numbers and dates (the user's region when it matches the language). */
  locale: string;
}

function toolsFor(language: string): Tools {
  const lang: Language = isLanguage(language) ? language : 'en';
  const tr = i18next.getFixedT(lang);
  // A table asks for the same few words hundreds of times: texts without variables are looked up once.
  const memo = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    let v = memo.get(key);
    if (v === undefined) {
      v = make();
      memo.set(key, v);
    }
    return v;
  };
  return {
    lang,
    locale: localeFor(lang, typeof navigator === 'undefined' ? 'en-US' : navigator.language),
    t: (key, vars) => (vars ? tr(key, vars) : once(key, () => tr(key, {}))),
    dyn: (prefix, value) => once(`${prefix}.${value}`, () => tr(`${prefix}.${value}`, { defaultValue: value.replace(/_/g, ' ') })),
    maybe: (prefix, value) => {
      const key = `${prefix}.${value}`;
      return /^[A-Za-z_]+$/.test(value) && i18next.exists(key, { lng: lang }) ? tr(key) : value;
    },
    maybeKey: (key, vars) => (i18next.exists(key, { lng: lang }) ? tr(key, vars ?? {}) : null),
  };
}

/** Every label under a data prefix in a language ("status" -> { active: 'Active', ... }), for main to format files with. */
export function labelsOf(prefix: 'status' | 'enums', lang: Language): Record<string, string> {
  const r: unknown = i18next.getResource(lang, 'translation', prefix);
  return typeof r === 'object' && r !== null ? { ...(r as Record<string, string>) } : {};
}

let current: Tools | null = null;
const currentTools = (): Tools => {
  if (!current || current.lang !== i18next.language) current = toolsFor(i18next.language);
  return current;
};
const subscribe = (onChange: () => void) => {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
};

/** The current language's translation outside a component (a notice built in an event handler). */
export const translateNow: Translate = (key, vars) => currentTools().t(key, vars);

/**
 * Typed translation for components: static keys are checked, `dyn` looks up data-driven keys with a
 * fallback. The same object for every caller until the language changes (a table cell does not copy
 * anything to translate).
 */
export function useT(): Tools {
  return useSyncExternalStore(subscribe, currentTools);
}
