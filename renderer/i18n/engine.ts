import i18next, { type i18n as I18n } from 'i18next';
import { numberFormat } from '../../shared/values';
import type { CountKey, MessageKey } from './en';
import { isLanguage, localeFor, type Language } from './lang';

/** Values put into a text's {{name}} places. */
export type Vars = Readonly<Record<string, string | number>>;

/**
 * A text in the current language. A count text (`CountKey`: its forms are `key_one`, `key_other`, and in
 * Hebrew `key_two` too, as Intl.PluralRules names them) takes the number it counts as `count`.
 */
export interface Translate {
  (key: MessageKey, vars?: Vars): string;
  (key: CountKey, vars: Vars & { readonly count: number }): string;
}

type DynPrefix = 'fields' | 'status' | 'enums' | 'areas' | 'sections' | 'tables' | 'groups' | 'actions' | 'newRecord' | 'notOffered' | 'starts';

/** The translation tools of one language: built once per language, so components that use them keep stable props. */
export interface Tools {
  t: Translate;
  /** Data-driven keys ("fields.<name>") with a readable fallback. */
  dyn: (prefix: DynPrefix, value: string) => string;
  /** Translates a data value when a label exists (e.g. an enum title), else shows it unchanged. */
  maybe: (prefix: 'enums' | 'status', value: string) => string;
  /** A data-driven key when it exists (validation rules named by the contract), else null. */
  maybeKey: (key: string, vars?: Vars) => string | null;
  /** How many of an area's records, in words ("1 customer", "3 לקוחות"): the area's own count text, else the number and its name. */
  countOf: (area: string, count: number) => string;
  lang: Language;
  /** The Intl locale for numbers and dates (the user's region when it matches the language). */
  locale: string;
}

type Tree = Readonly<Record<string, unknown>>;

/**
 * One i18next instance with the app's settings: dotted keys into one namespace, {{name}} variables
 * (React escapes what is shown), plurals by Intl.PluralRules, `{{count, number}}` written in the
 * user's locale. No key separator but the dot: data values (a status, a file name) are never split.
 */
export function createEngine(navigatorLanguage: () => string): I18n {
  const engine = i18next.createInstance();
  void engine.init({
    resources: {},
    lng: 'en',
    // Every language has every key (the typecheck says so), so nothing falls back to another.
    fallbackLng: false,
    initAsync: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
  });
  // i18next formats with its bare language code; the app's numbers follow the user's region too.
  engine.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Intl.NumberFormatOptions) =>
    typeof value === 'number' ? numberFormat(localeFor(lng ?? 'en', navigatorLanguage()), { maximumFractionDigits: options.maximumFractionDigits ?? 3 }).format(value) : String(value));
  return engine;
}

/** Adds a chunk of one language's texts (deep: a later chunk adds to the branches of an earlier one). */
export function addTexts(engine: I18n, lang: Language, texts: Tree): void {
  engine.addResourceBundle(lang, 'translation', texts, true, true);
}

/** The tools of one language over an engine. */
export function toolsFor(engine: I18n, language: string, navigatorLanguage: string): Tools {
  const lang: Language = isLanguage(language) ? language : 'en';
  const fixed = engine.getFixedT(lang);
  const tr = (key: string, options: Record<string, unknown> = {}): string => fixed(key, options);
  const text = (key: string): string | undefined => {
    const v: unknown = engine.getResource(lang, 'translation', key);
    return typeof v === 'string' ? v : undefined;
  };
  const exists = (key: string, vars?: Vars) => text(key) !== undefined || (vars?.count !== undefined && text(`${key}_other`) !== undefined);
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
    locale: localeFor(lang, navigatorLanguage),
    t: ((key: string, vars?: Vars) => (vars ? tr(key, vars) : once(key, () => tr(key)))) as Translate,
    dyn: (prefix, value) => once(`${prefix}.${value}`, () => text(`${prefix}.${value}`) ?? value.replace(/_/g, ' ')),
    maybe: (prefix, value) => (/^[A-Za-z_]+$/.test(value) ? text(`${prefix}.${value}`) ?? value : value),
    maybeKey: (key, vars) => (exists(key, vars) ? tr(key, vars ?? {}) : null),
    countOf: (area, count) => {
      const key = `counts.${area}`;
      return exists(key, { count }) ? tr(key, { count })
        : `${numberFormat(localeFor(lang, navigatorLanguage)).format(count)} ${text(`areas.${area}`) ?? area}`;
    },
  };
}

/** Every label under a data prefix in a language ("status" -> { active: 'Active', ... }). */
export function labelsIn(engine: I18n, prefix: 'status' | 'enums', lang: Language): Record<string, string> {
  const r: unknown = engine.getResource(lang, 'translation', prefix);
  return typeof r === 'object' && r !== null ? Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
}
