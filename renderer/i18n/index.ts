import { useSyncExternalStore } from 'react';
import type { MessageKey, Messages } from './en';
import { initialLanguage, isLanguage, localeFor, type Language } from './lang';

export { LANGUAGES, dirOf, initialLanguage, type Language } from './lang';
const PREF_KEY = 'ui.language';

/**
 * The texts of each language and the one shown: a small catalog (dotted keys, {{name}} variables,
 * no plurals or nesting; React escapes what is shown), which is all the app asks of a library.
 */
type Tree = { [key: string]: string | Tree };
const catalogs = new Map<Language, Tree>();
let shownLanguage: Language = 'en';
const languageListeners = new Set<() => void>();

function merge(into: Tree, from: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === 'string') Object.defineProperty(into, key, { value, enumerable: true, configurable: true, writable: true });
    else if (typeof value === 'object' && value !== null) {
      const branch = into[key];
      const sub: Tree = typeof branch === 'object' ? branch : {};
      Object.defineProperty(into, key, { value: sub, enumerable: true, configurable: true, writable: true });
      merge(sub, value as Record<string, unknown>);
    }
  }
}

/** The text or branch at a dotted key, or undefined. */
function at(lang: Language, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = catalogs.get(lang);
  for (const part of key.split('.')) node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  return node;
}

/** {{name}} replaced by its value; a variable not given becomes empty. */
const fill = (text: string, vars: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_m, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : ''));

/** A key's text in a language; the default (else the key itself) when it has none. */
function translate(lang: Language, key: string, vars: Readonly<Record<string, string | number>> = {}, fallback?: string): string {
  const text = at(lang, key);
  return typeof text === 'string' ? fill(text, vars) : fallback ?? key;
}

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
    p = (part === 'shell' ? SHELL_TEXTS : ALL_TEXTS)[lang]().then((texts) => {
      const catalog = catalogs.get(lang) ?? {};
      merge(catalog, texts as Record<string, unknown>);
      catalogs.set(lang, catalog);
    });
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
  // Every language has every key (the typecheck says so), so nothing falls back to another.
  shownLanguage = lng;
  await load(lng, 'shell');
  allTexts = load(lng, 'all');
  return lng;
}

/** Changes the UI language and remembers it (a UI preference only). */
export async function changeLanguage(lang: Language): Promise<void> {
  allTexts = load(lang, 'all');
  await Promise.all([load(lang, 'shell'), allTexts]);
  shownLanguage = lang;
  for (const l of languageListeners) l();
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
    t: (key, vars) => (vars ? translate(lang, key, vars) : once(key, () => translate(lang, key))),
    dyn: (prefix, value) => once(`${prefix}.${value}`, () => translate(lang, `${prefix}.${value}`, {}, value.replace(/_/g, ' '))),
    maybe: (prefix, value) => {
      const key = `${prefix}.${value}`;
      return /^[A-Za-z_]+$/.test(value) && typeof at(lang, key) === 'string' ? translate(lang, key) : value;
    },
    maybeKey: (key, vars) => (typeof at(lang, key) === 'string' ? translate(lang, key, vars ?? {}) : null),
  };
}

/** Every label under a data prefix in a language ("status" -> { active: 'Active', ... }), for main to format files with. */
export function labelsOf(prefix: 'status' | 'enums', lang: Language): Record<string, string> {
  const r = at(lang, prefix);
  return typeof r === 'object' ? Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
}

let current: Tools | null = null;
const currentTools = (): Tools => {
  if (!current || current.lang !== shownLanguage) current = toolsFor(shownLanguage);
  return current;
};
const subscribe = (onChange: () => void) => {
  languageListeners.add(onChange);
  return () => { languageListeners.delete(onChange); };
};

/** The language on screen, outside a component (a route's loader). */
export const languageNow = (): Language => currentTools().lang;

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
