/**
 * CSV as RFC 4180 describes it: CRLF between records, a field in double quotes when it holds a
 * comma, a quote, CR or LF, and quotes inside doubled. UTF-8 with a byte order mark, so Excel
 * reads Hebrew as Hebrew rather than as Windows-1252.
 */
export const UTF8_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a name sent through a web
 * form could start with "=HYPERLINK(...)". Such text gets a leading apostrophe, which spreadsheets
 * read as "this is text". Only text cells: numbers and dates the app formats itself are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string, isText: boolean): string {
  const safe = isText && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ending with CRLF. `textColumns[i]` says whether column i holds free text. */
export function csvRecord(values: readonly string[], textColumns: readonly boolean[]): string {
  return values.map((v, i) => csvField(v, textColumns[i] ?? true)).join(',') + CSV_NEWLINE;
}
