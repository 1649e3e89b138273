import type { Hits } from './hits';
import { LETTERS } from './schema';
import type { SqlValue } from './sql';
import type { LocalStore } from './store';
import { letterBit } from './values';

/** A piece of a WHERE clause and its bound values. */
export interface Clause { sql: string; params: SqlValue[] }

/**
 * One search box over every text column. One letter or digit: the letters column's bit, read from the
 * sort index being walked (schema.ts: LETTERS). Anything else: the matching records are found once per
 * text (hits.ts: trigram full text from three characters, a scan of each record's joined text below
 * that) and the query reads that set.
 */
export function letterOf(store: LocalStore, area: string, search: string | undefined): number | null {
  const s = search?.trim();
  return s && store.area(area).search.length ? letterBit(s) : null;
}

export function hitsOf(store: LocalStore, area: string, search: string | undefined): Hits | null {
  const s = search?.trim();
  if (!s || !store.area(area).search.length || letterBit(s) !== null) return null;
  return store.hits.of(area, store.generation(area), s);
}

export function searchClause(store: LocalStore, area: string, search: string | undefined): Clause | null {
  if (!search?.trim()) return null;
  const bit = letterOf(store, area, search);
  if (bit !== null) return { sql: `((r.${LETTERS} >> ?) & 1) = 1`, params: [bit] };
  const hits = hitsOf(store, area, search);
  return hits ? { sql: `r.rid IN (SELECT rid FROM ${hits.table})`, params: [] } : { sql: '0', params: [] };
}
