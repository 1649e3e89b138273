/**
 * How values look on screen, in a locale: the list table shows them this way and exports write
 * the same text, so both live here (renderer/lib/format.ts re-exports them for the screens).
 */
import { FIRST_REVISION } from './assumptions';
import { cachedFormatter, formatDecimalMoney, formatMoney, formatQty, numberFormat } from './values';

/** What a field is, for display: the declarations' column kinds. */
export const CELL_KINDS = [
  'text', 'status', 'enum', 'money', 'decimalMoney', 'number', 'percent', 'quantity', 'date', 'timestamp', 'boolean', 'id', 'idList', 'tags', 'namedList', 'color', 'json', 'bytes',
  /** A list of `{ code, message }` (what blocks an approval), each in words: the UI's text for the code, else the service's. */
  'issues',
  /** A two-letter country code or a currency code, shown by its name in the user's language ("IL" -> "ישראל"). */
  'country', 'currency',
  /** A record's revision, shown as how many times it changed since it was created. */
  'revision',
] as const;
export type CellKind = (typeof CELL_KINDS)[number];

/** One date formatter per locale and options (building one per cell costs a frame on a long list). */
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cachedFormatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** A country's or a currency's name in a locale ("IL" -> "Israel", "ILS" -> "Israeli New Shekel"); the code itself when Intl has none. */
export function nameOfCode(type: 'region' | 'currency', code: string, locale: string): string {
  try {
    return cachedFormatter('names', locale, { type }, () => new Intl.DisplayNames(locale, { type, fallback: 'code' })).of(code) ?? code;
  } catch {
    return code; // not a well-formed code
  }
}

/** How many times a record changed since it was created, from its revision. */
export const changesOf = (revision: number): number => Math.max(0, revision - FIRST_REVISION);

/** Reads a dotted path ("customer.name") from a record. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

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
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Money from minor units (integer) or a decimal string, with the record's currency. */
export function formatAmount(value: unknown, currency: string | undefined, locale: string): string | null {
  const cur = currency ?? 'ILS';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return formatMoney(value, cur, locale);
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return formatDecimalMoney(value, cur, locale);
  return null;
}

/**
 * A quantity with no more decimals than it holds ("2.500" -> "2.5"), and its unit when the record
 * names one: in the locale's words for a unit Intl knows ("2.5 kg"), else as the record writes it.
 */
export function formatQuantity(value: unknown, locale: string, unit?: unknown): string | null {
  if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return null;
  if (typeof unit !== 'string' || unit.trim() === '') return formatQty(value, locale);
  try {
    return numberFormat(locale, { style: 'unit', unit: unit.trim(), maximumFractionDigits: 3 }).format(value as unknown as number);
  } catch {
    return `${formatQty(value, locale)} ${unit.trim()}`;
  }
}

/** A rate given in percent as a decimal string or number ("18" -> "18%"). */
export function formatPercent(value: unknown, locale: string): string | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100) : null;
}

export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The words a cell needs in the user's language: status and enum labels, yes and no. */
export interface CellTexts {
  status: Readonly<Record<string, string>>;
  enums: Readonly<Record<string, string>>;
  yes: string;
  no: string;
}

/** A column as the table declares it: the record path, its kind, where money finds its currency and a quantity its unit. */
export interface TextColumn { key: string; kind: CellKind; currency?: string | undefined; unit?: string | undefined }

/** The currency of a money cell: the column's currency path on the record, else the default. */
export function currencyOf(col: TextColumn, row: unknown): string | undefined {
  const cur = col.currency ? getPath(row, col.currency) : undefined;
  return typeof cur === 'string' ? cur : undefined;
}

/**
 * A cell as text, the way the list table shows it (ids in full: a file has room for them).
 * Empty values are empty text.
 */
export function cellText(col: TextColumn, row: unknown, locale: string, texts: CellTexts): string {
  const value = getPath(row, col.key);
  if (isEmptyValue(value) && col.kind !== 'boolean') return '';
  const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  switch (col.kind) {
    case 'status': return typeof value === 'string' ? texts.status[value] ?? value : str(value);
    case 'enum': return typeof value === 'string' ? texts.enums[value] ?? value : str(value);
    case 'money':
    case 'decimalMoney': return formatAmount(value, currencyOf(col, row), locale) ?? str(value);
    case 'number': return typeof value === 'number' ? numberFormat(locale).format(value) : str(value);
    case 'percent': return formatPercent(value, locale) ?? str(value);
    case 'quantity': return formatQuantity(value, locale, col.unit ? getPath(row, col.unit) : undefined) ?? str(value);
    case 'bytes': return typeof value === 'number' ? formatBytes(value, locale) : str(value);
    case 'date': return typeof value === 'string' ? formatDate(value, locale) : str(value);
    case 'timestamp': return typeof value === 'string' ? formatTimestamp(value, locale) : str(value);
    case 'boolean': return value === true ? texts.yes : value === false ? texts.no : '';
    case 'idList':
    case 'tags': return Array.isArray(value) ? value.map(str).join(', ') : str(value);
    case 'namedList':
      return Array.isArray(value) ? value.map((v) => `${String(getPath(v, 'name') ?? '')} × ${formatQuantity(getPath(v, 'quantity'), locale) ?? ''}`).join(', ') : str(value);
    case 'json': return JSON.stringify(value);
    case 'issues': return Array.isArray(value) ? value.map((v) => String(getPath(v, 'message') ?? getPath(v, 'code') ?? '')).join('; ') : str(value);
    case 'country': return typeof value === 'string' ? nameOfCode('region', value, locale) : str(value);
    case 'currency': return typeof value === 'string' ? nameOfCode('currency', value, locale) : str(value);
    case 'revision': return typeof value === 'number' ? numberFormat(locale).format(changesOf(value)) : str(value);
    case 'id':
    case 'color':
    case 'text':
    default: return str(value);
  }
}
