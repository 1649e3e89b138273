import { LOCAL_AREAS } from '../../../shared';
import type { SqlDb } from './sql';
import { isRanked, q, rankOf, tableOf } from './schema';

/**
 * Collation ranks of text columns: a number per value whose order is the order of
 * Intl.Collator in the user's language (Hebrew first and by its alphabet for "he", Latin first for
 * "en", digits by value). SQL then sorts and pages by an indexed number. Ranks are kept per
 * column and language (each its own column: a user switching language does not renumber anything), made
 * when a list first sorts by it in that language (one sort of its distinct values), then kept up to date
 * on every write by placing the new value between its neighbours (found in the values held in memory
 * after a build, else by seeking the rank's index: a file opened again loads nothing, where loading
 * 100,000 names cost 350 ms on the first sort); a write to a column no list has sorted yet leaves the
 * rank empty, to be made when one does.
 */
export const SORT_LANGUAGES = ['en', 'he'] as const;
export type SortLanguage = (typeof SORT_LANGUAGES)[number];
const LOCALES: Record<SortLanguage, string> = { en: 'en-US', he: 'he-IL' };
/** Up to this many values without a rank are placed one by one; more rebuild the column. */
const PLACE_MAX = 2_000;
const MIN_GAP = 1e-7;
/** Values placed by seeking before a column's values are loaded into memory. */
const SEEKS_BEFORE_LOAD = 50;

interface Loaded { language: SortLanguage; compare: (a: string, b: string) => number; values: string[]; ranks: number[] }

const collators = new Map<SortLanguage, Intl.Collator>();
export const collatorFor = (l: SortLanguage): Intl.Collator => {
  let c = collators.get(l);
  if (!c) { c = new Intl.Collator(LOCALES[l], { numeric: true }); collators.set(l, c); }
  return c;
};

export class Ranks {
  private readonly loaded = new Map<string, Loaded>();
  /** Columns whose ranks are complete in the file for a language, their values not loaded. */
  private readonly complete = new Set<string>();
  private readonly seeks = new Map<string, number>();
  /** Per area, how many times its ranks were numbered again: a keyset position of an older numbering is void. */
  private readonly epochs = new Map<string, number>();

  /** `renumbered`: an area's ranks were numbered again (its cached answers are stale). */
  constructor(private readonly db: SqlDb, private readonly renumbered: (area: string) => void = () => {}) {}

  /** The numbering of an area's ranks a keyset position was made in. */
  epoch(area: string): number {
    return this.epochs.get(area) ?? 0;
  }

  /** The ranks to store with a value being written, one per language (null where no list sorts by it yet). */
  ranksFor(area: string, column: string, value: string | null): (number | null)[] {
    return SORT_LANGUAGES.map((l) => this.rankFor(area, column, l, value));
  }

  private rankFor(area: string, column: string, language: SortLanguage, value: string | null): number | null {
    if (value === null) return null;
    const key = keyOf(area, column, language);
    const st = this.loaded.get(key);
    if (st) return this.place(area, column, st, value);
    if (!this.complete.has(key)) return null;
    // A few writes seek their places; many (a sync of a page) load the values once and place in memory.
    const n = (this.seeks.get(key) ?? 0) + 1;
    this.seeks.set(key, n);
    return n <= SEEKS_BEFORE_LOAD ? this.seek(area, column, language, value) : this.place(area, column, this.load(area, column, language), value);
  }

  /** Makes the column's ranks complete for this language before a query sorts by it (at most once per column and language). */
  ensure(area: string, column: string, language: SortLanguage): void {
    const key = keyOf(area, column, language);
    if (this.loaded.has(key) || this.complete.has(key)) return;
    const t = tableOf(area);
    const c = q(column);
    const k = q(rankOf(column, language));
    const stored = this.db.prepare('SELECT 1 AS x FROM _ranked WHERE area = ? AND col = ? AND lang = ?').get(area, column, language) !== undefined;
    const missing = this.db.prepare(`SELECT DISTINCT ${c} AS v FROM ${t} WHERE ${k} IS NULL AND ${c} IS NOT NULL LIMIT ${PLACE_MAX + 1}`).all().map((r) => String(r.v));
    if (stored && missing.length <= PLACE_MAX) {
      this.complete.add(key);
      const set = this.db.prepare(`UPDATE ${t} SET ${k} = ? WHERE ${k} IS NULL AND ${c} = ?`);
      this.db.transaction(() => { for (const v of missing) set.run(this.seek(area, column, language, v), v); });
      return;
    }
    this.rebuild(area, column, language);
  }

  /** Drops what is held in memory (the copy was cleared or closed). */
  reset(area?: string): void {
    for (const m of [this.loaded, this.seeks]) for (const key of [...m.keys()]) if (!area || key.startsWith(`${area}|`)) m.delete(key);
    for (const key of [...this.complete]) if (!area || key.startsWith(`${area}|`)) this.complete.delete(key);
    if (area) this.bump(area);
  }

  private bump(area: string): void {
    this.epochs.set(area, this.epoch(area) + 1);
    this.renumbered(area);
  }

  private rebuild(area: string, column: string, language: SortLanguage): void {
    const t = tableOf(area);
    const c = q(column);
    const k = q(rankOf(column, language));
    const compare = collatorFor(language).compare;
    // Values the collator calls equal are still told apart (code points), as `place` does.
    const values = this.db.prepare(`SELECT DISTINCT ${c} AS v FROM ${t} WHERE ${c} IS NOT NULL`).all().map((r) => String(r.v))
      .sort((a, b) => compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    const ranks = values.map((_v, i) => i + 1);
    this.db.transaction(() => {
      this.db.exec('CREATE TEMP TABLE IF NOT EXISTS rk (v TEXT PRIMARY KEY, k REAL) WITHOUT ROWID');
      this.db.exec('DELETE FROM temp.rk');
      const ins = this.db.prepare('INSERT OR IGNORE INTO temp.rk (v, k) VALUES (?, ?)');
      values.forEach((v, i) => ins.run(v, ranks[i]!));
      this.db.exec(`UPDATE ${t} SET ${k} = (SELECT k FROM temp.rk WHERE rk.v = ${t}.${c}) WHERE ${c} IS NOT NULL`);
      this.db.exec('DELETE FROM temp.rk');
      this.db.prepare('INSERT OR REPLACE INTO _ranked (area, col, lang) VALUES (?, ?, ?)').run(area, column, language);
    });
    const key = keyOf(area, column, language);
    this.complete.delete(key);
    this.loaded.set(key, { language, compare, values, ranks });
    // Positions read under the old numbers no longer mean the same rows.
    this.bump(area);
  }

  /** The column's values and ranks, read into memory. */
  private load(area: string, column: string, language: SortLanguage): Loaded {
    const c = q(column);
    const k = q(rankOf(column, language));
    const rows = this.db.prepare(`SELECT ${c} AS v, min(${k}) AS k FROM ${tableOf(area)} WHERE ${k} IS NOT NULL GROUP BY ${c} ORDER BY k`).all();
    const loaded: Loaded = { language, compare: collatorFor(language).compare, values: rows.map((r) => String(r.v)), ranks: rows.map((r) => Number(r.k)) };
    const key = keyOf(area, column, language);
    this.complete.delete(key);
    this.loaded.set(key, loaded);
    return loaded;
  }

  /**
   * The rank of a value among those held, by halving the span between a rank known to be below it
   * and one known to be above it (an index seek each): its own when held, else one strictly between
   * its neighbours. Held ranks are above 0.
   */
  private seek(area: string, column: string, language: SortLanguage, value: string): number {
    const t = tableOf(area);
    const c = q(column);
    const k = q(rankOf(column, language));
    const compare = collatorFor(language).compare;
    const atOrAfter = this.db.prepare(`SELECT ${c} AS v, ${k} AS k FROM ${t} WHERE ${k} >= ? ORDER BY ${k} LIMIT 1`);
    const after = this.db.prepare(`SELECT ${k} AS k FROM ${t} WHERE ${k} > ? ORDER BY ${k} LIMIT 1`);
    // Every held value ranked at or below lo sorts before the value; every one at or above hi, after it.
    let lo = 0;
    let hi = Number(this.db.prepare(`SELECT max(${k}) AS m FROM ${t}`).get()?.m ?? 0) + 2;
    while (hi - lo >= MIN_GAP) {
      const next = after.get(lo)?.k;
      if (next === undefined || next === null || Number(next) >= hi) return (lo + hi) / 2;
      const mid = (lo + hi) / 2;
      const row = atOrAfter.get(mid);
      if (!row || row.k === null || Number(row.k) >= hi) { hi = mid; continue; }
      const v = String(row.v);
      const order = compare(v, value) || (v < value ? -1 : v > value ? 1 : 0);
      if (order === 0) return Number(row.k);
      if (order < 0) lo = Number(row.k);
      else hi = Number(row.k);
    }
    // Neighbours too close to tell apart: number the column again.
    this.rebuild(area, column, language);
    return this.rankFor(area, column, language, value)!;
  }

  /** The rank of a value: its own when held, else one between its neighbours (renumbering when they are too close). */
  private place(area: string, column: string, st: Loaded, value: string): number {
    let lo = 0;
    let hi = st.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = st.compare(st.values[mid]!, value);
      if (c < 0 || (c === 0 && st.values[mid]! < value)) lo = mid + 1;
      else hi = mid;
    }
    if (st.values[lo] === value) return st.ranks[lo]!;
    const before = lo > 0 ? st.ranks[lo - 1]! : 0;
    const after = lo < st.ranks.length ? st.ranks[lo]! : before + 2;
    if (after - before < MIN_GAP) {
      this.rebuild(area, column, st.language);
      return this.place(area, column, this.loaded.get(keyOf(area, column, st.language))!, value);
    }
    const rank = (before + after) / 2;
    st.values.splice(lo, 0, value);
    st.ranks.splice(lo, 0, rank);
    return rank;
  }
}

const keyOf = (area: string, column: string, language: SortLanguage) => `${area}|${column}|${language}`;

/** The ranked (text) columns of an area. */
export const rankedColumns = (area: string): string[] => (LOCAL_AREAS[area]?.columns ?? []).filter(isRanked).map((c) => c.name);
