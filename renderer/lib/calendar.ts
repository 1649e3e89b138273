/**
 * Calendar days and months as the API writes them ("2026-11-25", months "2026-11"), counted on the
 * user's clock: "today" is the day it is in their time zone, and every other day is plain calendar
 * arithmetic from it (no zone, no daylight-saving step can move a day).
 */
import { cachedFormatter } from '../../shared/values';

const DAY_MS = 86_400_000;
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day an instant falls on in a time zone (IANA name). */
export function dayIn(instant: number, zone: string): string {
  const options = { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const parts = cachedFormatter('date', 'en-US', options, () => new Intl.DateTimeFormat('en-US', options)).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const addDays = (day: string, n: number): string => dayOf(dayMs(day) + n * DAY_MS);

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

export const monthOf = (day: string): string => day.slice(0, 7);

/** A month `n` months after this one ("2026-01", -2 -> "2025-11"). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month's first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** The `n` months up to and including the one `today` is in, oldest first. */
export const lastMonths = (today: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => addMonths(monthOf(today), i - n + 1));

export const yearStart = (day: string): string => `${day.slice(0, 4)}-01-01`;
