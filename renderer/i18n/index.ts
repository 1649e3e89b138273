import { useSyncExternalStore } from 'react';
import { addTexts, createEngine, labelsIn, toolsFor, type Tools, type Translate } from './engine';
import { initialLanguage, type Language } from './lang';

export { LANGUAGES, dirOf, initialLanguage, type Language } from './lang';
export type { Tools, Translate } from './engine';
const PREF_KEY = 'ui.language';

const navigatorLanguage = () => (typeof navigator === 'undefined' ? 'en-US' : navigator.language);
/** The app's texts (i18next: plurals by Intl.PluralRules); its language is the one on screen. */
const engine = createEngine(navigatorLanguage);

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
const ALL_TEXTS: Record<Language, () => Promise<object>> = {
  en: () => import('./en').then((m) => m.en),
  he: () => import('./he').then((m) => m.he),
};
const loaded = new Map<string, Promise<void>>();
function load(lang: Language, part: 'shell' | 'all'): Promise<void> {
  const key = `${lang}:${part}`;
  let p = loaded.get(key);
  if (!p) {
    p = (part === 'shell' ? SHELL_TEXTS : ALL_TEXTS)[lang]().then((texts) => addTexts(engine, lang, texts as Readonly<Record<string, unknown>>));
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
  await load(lng, 'shell');
  await engine.changeLanguage(lng);
  allTexts = load(lng, 'all');
  return lng;
}

/** Changes the UI language and remembers it (a UI preference only). */
export async function changeLanguage(lang: Language): Promise<void> {
  allTexts = load(lang, 'all');
  await Promise.all([load(lang, 'shell'), allTexts]);
  await engine.changeLanguage(lang);
  try {
    localStorage.setItem(PREF_KEY, lang);
  } catch {
    /* storage can be unavailable; the choice then lasts for this session */
  }
}

/** Every label under a data prefix in a language ("status" -> { active: 'Active', ... }), for main to format files with. */
export const labelsOf = (prefix: 'status' | 'enums', lang: Language): Record<string, string> => labelsIn(engine, prefix, lang);

let current: Tools | null = null;
const currentTools = (): Tools => {
  if (!current || current.lang !== engine.language) current = toolsFor(engine, engine.language, navigatorLanguage());
  return current;
};
const subscribe = (onChange: () => void) => {
  engine.on('languageChanged', onChange);
  return () => engine.off('languageChanged', onChange);
};

/** The language on screen, outside a component (a route's loader). */
export const languageNow = (): Language => currentTools().lang;

/** The current language's translation outside a component (a notice built in an event handler). */
export const translateNow: Translate = ((...args: Parameters<Translate>) => currentTools().t(...args)) as Translate;

/**
 * Typed translation for components: static keys are checked, `dyn` looks up data-driven keys with a
 * fallback. The same object for every caller until the language changes (a table cell does not copy
 * anything to translate).
 */
export function useT(): Tools {
  return useSyncExternalStore(subscribe, currentTools);
}
