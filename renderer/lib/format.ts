import { cachedFormatter, formatDecimalMoney, formatMoney, formatQty, numberFormat } from '../../shared';

/** One date formatter per locale and options (building one per cell costs a frame on a long list). */
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cachedFormatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** Reads a dotted path ("customer.name") from a record. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** The translation key of a field's label: its own label, else the last segment of its dotted key. */
export const labelKeyOf = (f: { key: string; label?: string | undefined }): string => f.label ?? f.key.split('.').pop() ?? f.key;

export { localeFor } from '../i18n/lang';

/** A date without time ("2026-01-31"), shown in the locale without any time-zone shift. */
export function formatDate(date: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** A UTC timestamp shown in the user's time zone and locale. */
export function formatTimestamp(ts: string, locale: string): string {
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return ts;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatBytes(n: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return numberFormat(locale, { style: 'unit', unit: units[i], maximumFractionDigits: 1 }).format(v);
}

/** A plain decimal number as text ("-12.5"), as the API sends amounts, quantities and rates. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Money from minor units (integer) or a decimal string, with the record's currency. */
export function formatAmount(value: unknown, currency: string | undefined, locale: string): string | null {
  const cur = currency ?? 'ILS';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return formatMoney(value, cur, locale);
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return formatDecimalMoney(value, cur, locale);
  return null;
}

export function formatQuantity(value: unknown, locale: string): string | null {
  return typeof value === 'string' && DECIMAL_TEXT.test(value) ? formatQty(value, locale) : null;
}

/** A rate given in percent as a decimal string or number ("18" -> "18%"). */
export function formatPercent(value: unknown, locale: string): string | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100) : null;
}

export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
