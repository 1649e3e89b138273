/**
 * Fixed clock for the demo data: every timestamp is counted backwards from EPOCH, never
 * from the real time, so a seed always gives the same records.
 */
import type { Rng } from './rng';

export const EPOCH_ISO = '2026-11-01T00:00:00.000Z';
export const EPOCH_MS = Date.parse(EPOCH_ISO);
const DAY_MS = 86_400_000;

/** The one updated_at several customers and documents share, to exercise cursor tie-breaks. */
export const SHARED_UPDATED_AT = '2026-10-28T09:30:00.000Z';

export const iso = (ms: number): string => new Date(ms).toISOString();
export const dateOf = (ms: number): string => iso(ms).slice(0, 10);
export const addDays = (date: string, days: number): string => dateOf(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS);

/** A moment between minDays and maxDays before EPOCH, with milliseconds. */
export function daysAgo(rng: Rng, minDays: number, maxDays: number): number {
  return EPOCH_MS - Math.floor((minDays + rng.next() * (maxDays - minDays)) * DAY_MS);
}

/** A moment at or after `fromMs`, at most `maxDays` later and never past EPOCH. */
export function laterThan(rng: Rng, fromMs: number, maxDays: number): number {
  const span = Math.min(maxDays * DAY_MS, EPOCH_MS - fromMs);
  return fromMs + Math.floor(rng.next() * Math.max(0, span));
}

/** created_at / updated_at pair, created between min and max days ago. */
export function stamps(rng: Rng, minDays: number, maxDays: number, touchedDays = 120): { created_at: string; updated_at: string; createdMs: number } {
  const createdMs = daysAgo(rng, minDays, maxDays);
  const updatedMs = rng.chance(0.35) ? createdMs : laterThan(rng, createdMs, touchedDays);
  return { created_at: iso(createdMs), updated_at: iso(updatedMs), createdMs };
}

export { DAY_MS };
