import {
  cellText, currencyDecimals, currencyOf, DECIMAL_TEXT, getPath, isEmptyValue, numberFormat,
  type CellTexts, type ExportColumn,
} from '../../../shared';

/**
 * Cells of an export. CSV holds the text the table shows. XLSX holds typed cells (numbers, dates)
 * with number formats that look like the table, so a spreadsheet can sum and sort them; every
 * other cell is text, which a spreadsheet never runs as a formula.
 */
export type XlsxCell =
  | { type: 'number'; value: number; format?: string }
  | { type: 'date'; value: Date; format: string }
  | { type: 'text'; value: string };

export const DATE_FORMAT = 'd mmm yyyy';
export const TIMESTAMP_FORMAT = 'd mmm yyyy hh:mm';

/** An Excel number format for a currency in a locale: the symbol where the locale puts it ("₪"#,##0.00 or #,##0.00 "₪"). */
export function currencyFormat(currency: string, locale: string): string {
  const decimals = currencyDecimals(currency);
  const digits = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  let parts: Intl.NumberFormatPart[];
  try {
    parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(1);
  } catch {
    return `${digits} "${currency.replace(/"/g, '')}"`;
  }
  const symbol = (parts.find((p) => p.type === 'currency')?.value ?? currency).replace(/"/g, '');
  const before = parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  return before ? `"${symbol}"${digits}` : `${digits} "${symbol}"`;
}

/** A local wall-clock time as Excel keeps it (a serial without time zone). */
const wallClock = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000);

function money(col: ExportColumn, row: unknown, value: unknown, locale: string): XlsxCell | null {
  const currency = currencyOf(col, row) ?? 'ILS';
  const format = currencyFormat(currency, locale);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { type: 'number', value: value / 10 ** currencyDecimals(currency), format };
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return { type: 'number', value: Number(value), format };
  return null;
}

function typed(col: ExportColumn, row: unknown, locale: string): XlsxCell | null {
  const value = getPath(row, col.key);
  if (isEmptyValue(value)) return null;
  const decimal = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : null;
  switch (col.kind) {
    case 'money':
    case 'decimalMoney':
      return money(col, row, value, locale);
    case 'number':
    case 'bytes':
      return decimal === null ? null : { type: 'number', value: decimal };
    case 'quantity':
      return decimal === null ? null : { type: 'number', value: decimal, format: '#,##0.###' };
    case 'percent':
      return decimal === null ? null : { type: 'number', value: decimal / 100, format: '0.##%' };
    case 'date': {
      const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      return m ? { type: 'date', value: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), format: DATE_FORMAT } : null;
    }
    case 'timestamp': {
      const d = typeof value === 'string' ? new Date(value) : null;
      return d && !Number.isNaN(d.getTime()) ? { type: 'date', value: wallClock(d), format: TIMESTAMP_FORMAT } : null;
    }
    default:
      return null;
  }
}

/**
 * One CSV cell: the text the table shows, and whether main formatted it itself from a typed number
 * or date. Only such text may start with "-" (a negative amount) unguarded: the column kind and the
 * yes / no and status words come from the page, so they decide nothing (csvField guards the rest).
 */
export function csvCell(col: ExportColumn, row: unknown, locale: string, texts: CellTexts): { text: string; formatted: boolean } {
  return { text: cellText(col, row, locale, texts), formatted: typed(col, row, locale) !== null };
}

/** One XLSX cell: typed where the value is a number or a date, else the table's text (null when empty). */
export function xlsxCell(col: ExportColumn, row: unknown, locale: string, texts: CellTexts): XlsxCell | null {
  const t = typed(col, row, locale);
  if (t) return t;
  const text = cellText(col, row, locale, texts);
  return text === '' ? null : { type: 'text', value: text };
}
