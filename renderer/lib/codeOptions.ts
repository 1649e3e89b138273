import { DEFAULT_CURRENCY, nameOfCode } from '../../shared';

export interface CodeOption { value: string; label: string }

/** Region codes Intl names that are not a country to live or trade in (groupings, reserved and withdrawn codes). */
const NOT_COUNTRIES = new Set(['AC', 'AN', 'BU', 'CP', 'CQ', 'CS', 'DD', 'DG', 'DY', 'EA', 'EU', 'EZ', 'FX', 'IC', 'NT', 'QO', 'SU', 'TA', 'TP', 'UN', 'XA', 'XB', 'YD', 'YU', 'ZR', 'ZZ']);
/** Currencies most of the app's users pick, listed first. */
const FIRST_CURRENCIES = [DEFAULT_CURRENCY, 'USD', 'EUR', 'GBP'];

const regionCodes = (): string[] => {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    if (!NOT_COUNTRIES.has(code) && names.of(code)) codes.push(code);
  }
  return codes;
};

const cache = new Map<string, CodeOption[]>();
function options(kind: 'region' | 'currency', locale: string, make: () => CodeOption[]): CodeOption[] {
  const key = `${kind}|${locale}`;
  let o = cache.get(key);
  if (!o) {
    o = make();
    cache.set(key, o);
  }
  return o;
}

/** Every country by its name in the locale, in the locale's alphabetical order ("IL" labelled "ישראל"). */
export const countryOptions = (locale: string): CodeOption[] => options('region', locale, () => {
  const collator = new Intl.Collator(locale);
  return regionCodes().map((value) => ({ value, label: nameOfCode('region', value, locale) })).sort((x, y) => collator.compare(x.label, y.label));
});

/** Every current currency by its name and code ("שקל חדש (ILS)"), the usual few first. */
export const currencyOptions = (locale: string): CodeOption[] => options('currency', locale, () => {
  const collator = new Intl.Collator(locale);
  const label = (value: string) => `${nameOfCode('currency', value, locale)} (${value})`;
  const rest = Intl.supportedValuesOf('currency').filter((c) => !FIRST_CURRENCIES.includes(c)).map((value) => ({ value, label: label(value) }));
  return [...FIRST_CURRENCIES.map((value) => ({ value, label: label(value) })), ...rest.sort((x, y) => collator.compare(x.label, y.label))];
});

/** The options with a value the record holds that the list lacks (an old or unusual code), so it is still shown. */
export const withValue = (opts: CodeOption[], value: string): CodeOption[] => (value && !opts.some((o) => o.value === value) ? [{ value, label: value }, ...opts] : opts);
