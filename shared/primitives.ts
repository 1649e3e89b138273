import { z } from 'zod';

/** Field-level building blocks used by every schema of the contract. */
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');
/** ISO 8601 UTC with milliseconds, e.g. 2026-01-31T09:15:00.000Z. */
export const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be an ISO 8601 UTC timestamp with milliseconds');
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : MONTH_DAYS[m - 1]!);
/** True for an ISO 8601 date-time with a zone that names a real instant (no 2024-02-30, no 24:00). */
export function isRealDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const n = (i: number) => Number(m[i] ?? 0);
  return n(2) >= 1 && n(2) <= 12 && n(3) >= 1 && n(3) <= daysIn(n(1), n(2)) && n(4) <= 23 && n(5) <= 59 && n(6) <= 59
    && n(7) <= 23 && n(8) <= 59 && !Number.isNaN(Date.parse(text));
}
/** Query filters accept any ISO 8601 date-time with an offset that names a real instant. */
export const dateTimeFilter = z.string().refine(isRealDateTime, 'must be an ISO 8601 date-time with a time zone');
/** Idempotency-Key header (spec 4.2 rule 2, section 8): 16-100 letters, digits, `-`, `_`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
export const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD');
export const minorInt = z.number().int();
/** Quantity as returned by reads: fixed three decimals. */
export const qty3 = z.string().regex(/^-?\d+\.\d{3}$/, 'must have exactly three decimals');
/** Quantity in writes: up to three decimals. */
export const qtyWrite = z.string().regex(/^\d+(\.\d{1,3})?$/, 'must be a number with at most three decimals');
/** Amount in writes: decimal string in major units, up to two decimals. */
export const decimalAmount = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'must be an amount like 120.50');
export const positiveAmount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a positive amount like 120.50');
export const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');
export const colorHex = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #1A2B3C');
export const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address');
export const nonEmpty = z.string().trim().min(1, 'is required');

export const activeStatus = z.enum(['active', 'inactive']);
export const idName = z.looseObject({ id: uuid, display_name: z.string() });
