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
 * read as "this is text". The full-width forms count too (some spreadsheet locales read them).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One field. Every cell is guarded unless main formatted it from a typed number or date (`formatted`). */
export function csvField(value: string, formatted = false): string {
  const safe = !formatted && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ending with CRLF. */
export function csvRecord(cells: readonly { text: string; formatted: boolean }[]): string {
  return cells.map((c) => csvField(c.text, c.formatted)).join(',') + CSV_NEWLINE;
}
