import { LOCAL_AREAS } from '../../../shared';
import { SORT_LANGUAGES, hasIndex, indexDdl, isRanked, q, rankOf, tableOf, type SortLanguage } from './layout';
import type { SqlDb, SqlParam, SqlValue } from './sql';
import { ridRangeSteps, runToEnd, sortInSteps, type Steps } from './steps';

export { SORT_LANGUAGES, type SortLanguage } from './layout';

/**
 * Collation ranks of collated text columns: a number per value whose order is the order of
 * Intl.Collator in the user's language (Hebrew first and by its alphabet for "he", Latin first for
 * "en", digits by value). SQL then sorts and pages by an indexed number. Ranks are kept per column and
 * language (each its own column: a user switching language renumbers nothing). A fill stores a
 * placeholder; its end ranks every collated column at once (`rankSteps`, a sort of each column's values
 * in steps), so the first sort finds them made. From then on each value written is placed between its
 * neighbours by seeking the rank's index; where neighbours leave no whole number between them, a few
 * ranks around are spread again.
 */
const LOCALES: Record<SortLanguage, string> = { en: 'en-US', he: 'he-IL' };
/** A rank still to be made: stored in 4 bytes, as the ranks that replace it are (a row keeps its size). */
export const PLACEHOLDER = -(2 ** 31);
/** Ranks start out spread over 1 .. 2^31 (4-byte integers). */
const RANK_SPAN = 2 ** 31 - 2;
/** Room left after the last value. */
const TAIL = 2 ** 16;
/** Ranks spread again around a value with no room, at first this many on each side. */
const RESPREAD = 16;
/** Ranks moved aside while their neighbours are spread again. */
const ASIDE = 2 ** 40;

const collators = new Map<SortLanguage, Intl.Collator>();
export const collatorFor = (l: SortLanguage): Intl.Collator => {
  let c = collators.get(l);
  if (!c) { c = new Intl.Collator(LOCALES[l], { numeric: true }); collators.set(l, c); }
  return c;
};
/** The language's order; values the collator calls equal are still told apart (by code points). */
export const orderIn = (l: SortLanguage) => {
  const compare = collatorFor(l).compare;
  return (a: string, b: string) => compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
};

/** The ranked (collated text) columns of an area. */
export const rankedColumns = (area: string): string[] => (LOCAL_AREAS[area]?.columns ?? []).filter(isRanked).map((c) => c.name);

let rankRuns = 0;
/** Values put in a column's table of ranks per step, and rows given their ranks per step. */
const RANK_VALUES = 5_000;
const RANK_ROWS = 2_000;

/**
 * Ranks every value of an area's collated columns (or of the ones given) in every language (or the
 * ones given), a chunk at a time: the values are read, sorted in steps and numbered evenly; each
 * column's values and their ranks go into a temporary table, and the rows take their ranks from it
 * by SQL, a range of rids at a time (in place: a rank takes the placeholder's 4 bytes). Row by row
 * from here the same took two to four times as long (110 to 130 ms at 10,000 customers).
 */
export function* rankSteps(db: SqlDb, area: string, columns = rankedColumns(area), languages: readonly SortLanguage[] = SORT_LANGUAGES): Steps {
  if (!columns.length) return;
  const t = tableOf(area);
  const read = db.prepare(`SELECT rid, ${columns.map(q).join(', ')} FROM ${t} WHERE rid > ? ORDER BY rid LIMIT ?`);
  const chunk = 2_000;
  const values = columns.map(() => new Set<string>());
  for (let after = -1; ;) {
    const rows = read.all(after, chunk);
    for (const r of rows) columns.forEach((c, i) => { const v = r[c]; if (typeof v === 'string') values[i]!.add(v); });
    yield;
    if (rows.length < chunk) break;
    after = Number(rows.at(-1)!.rid);
  }
  // One table per column: its values, and a rank for each language. Named for this run: a first sort may
  // rank a column (`ensure`) between the steps of a fill's end.
  const run = ++rankRuns;
  const tableFor = (i: number) => `temp.ranks_${run}_${i}`;
  try {
    yield* rankFromTables(db, area, columns, languages, values, tableFor);
  } finally {
    // Also when the run is stopped between its steps.
    for (const i of columns.keys()) db.exec(`DROP TABLE IF EXISTS ${tableFor(i)}`);
  }
  const done = db.prepare('INSERT OR REPLACE INTO _ranked (area, col, lang) VALUES (?, ?, ?)');
  db.transaction(() => { for (const c of columns) for (const l of languages) done.run(area, c, l); });
}

/** The ranks' tables made and filled, and the rows given their ranks from them. */
function* rankFromTables(db: SqlDb, area: string, columns: readonly string[], languages: readonly SortLanguage[], values: Set<string>[], tableFor: (i: number) => string): Steps {
  const t = tableOf(area);
  for (const i of columns.keys()) {
    db.exec(`CREATE TABLE ${tableFor(i)} (v TEXT PRIMARY KEY, ${languages.map((l) => `${l} INTEGER`).join(', ')}) WITHOUT ROWID`);
    const of: Map<string, number>[] = [];
    for (const language of languages) {
      const sorted = yield* sortInSteps([...values[i]!], orderIn(language));
      const step = Math.max(1, Math.floor(RANK_SPAN / (sorted.length + 1)));
      of.push(new Map(sorted.map((v, j) => [v, (j + 1) * step])));
    }
    const put = db.prepare(`INSERT INTO ${tableFor(i)} VALUES (?, ${languages.map(() => '?').join(', ')})`);
    const all = [...values[i]!];
    values[i]!.clear();
    for (let from = 0; from < all.length; from += RANK_VALUES) {
      db.transaction(() => { for (const v of all.slice(from, from + RANK_VALUES)) put.run(v, ...of.map((m) => m.get(v)!)); });
      yield;
    }
  }
  // A text value takes its rank; another (a number, say) none, as a write would give it.
  const sets = columns.flatMap((c, i) => languages.map((l) =>
    `${q(rankOf(c, l))} = CASE WHEN typeof(r.${q(c)}) = 'text' THEN ifnull((SELECT ${l} FROM ${tableFor(i)} WHERE v = r.${q(c)}), ${PLACEHOLDER}) END`));
  const set = db.prepare(`UPDATE ${t} AS r SET ${sets.join(', ')} WHERE rid > ? AND rid <= ?`);
  yield* ridRangeSteps(db, t, RANK_ROWS, (after, upTo) => db.transaction(() => set.run(after, upTo)));
}

export class Ranks {
  /** Per column and language, whether its ranks are complete (read from `_ranked` once). */
  private readonly complete = new Map<string, boolean>();
  /** Per area, how many times its ranks were numbered again: a keyset position of an older numbering is void. */
  private readonly epochs = new Map<string, number>();

  /** `renumbered`: an area's ranks were numbered again (its cached answers are stale). */
  constructor(private readonly db: SqlDb, private readonly renumbered: (area: string) => void = () => {}) {}

  /** The numbering of an area's ranks a keyset position was made in. */
  epoch(area: string): number {
    return this.epochs.get(area) ?? 0;
  }

  isComplete(area: string, column: string, language: SortLanguage): boolean {
    const key = keyOf(area, column, language);
    let c = this.complete.get(key);
    if (c === undefined) {
      c = this.db.prepare('SELECT 1 AS x FROM _ranked WHERE area = ? AND col = ? AND lang = ?').get(area, column, language) !== undefined;
      this.complete.set(key, c);
    }
    return c;
  }

  /**
   * The ranks to store with a value being written, one per language, put in `row` from `at` on: a
   * placeholder where the column is not ranked yet, the row's own where it held the same value
   * (`held`), else its place among the others.
   */
  ranksInto(row: SqlParam[], at: number, area: string, column: string, value: string | null, held?: { value: SqlValue; ranks: readonly SqlValue[] }): void {
    for (let i = 0; i < SORT_LANGUAGES.length; i++) {
      const l = SORT_LANGUAGES[i]!;
      const kept = value !== null && held && held.value === value ? held.ranks[i] : undefined;
      row[at + i] = value === null ? null
        : typeof kept === 'number' && kept !== PLACEHOLDER ? kept
          : this.isComplete(area, column, l) ? this.seek(area, column, l, value) : PLACEHOLDER;
    }
  }

  /**
   * Makes the column's ranks complete for this language before a query sorts by it: made already at
   * the end of the area's fill; an area not filled yet (a test's, or one asked before its fill ended)
   * is ranked now, its rank index made with it (later writes seek it).
   */
  ensure(area: string, column: string, language: SortLanguage): void {
    if (this.isComplete(area, column, language)) return;
    const a = LOCAL_AREAS[area];
    const rank = rankOf(column, language);
    this.db.transaction(() => {
      runToEnd(rankSteps(this.db, area, [column], [language]));
      if (a && hasIndex(area, rank)) this.db.exec(indexDdl(a, { name: `${tableOf(area)}_${rank}`.slice(0, 63), key: rank }));
    });
    this.complete.set(keyOf(area, column, language), true);
    this.bump(area);
  }

  /** Drops what is held in memory (the copy was cleared or closed, or its ranks were made elsewhere). */
  reset(area?: string): void {
    for (const key of [...this.complete.keys()]) if (!area || key.startsWith(`${area}|`)) this.complete.delete(key);
    if (area) this.bump(area);
  }

  private bump(area: string): void {
    this.epochs.set(area, this.epoch(area) + 1);
    this.renumbered(area);
  }

  /**
   * The rank of a value among those held, by halving the span between a rank known to be below it
   * and one known to be above it (an index seek each): its own when held, else a whole number strictly
   * between its neighbours. Held ranks are above 0 (placeholders below).
   */
  private seek(area: string, column: string, language: SortLanguage, value: string): number {
    const t = tableOf(area);
    const c = q(column);
    const k = q(rankOf(column, language));
    const order = orderIn(language);
    const atOrAfter = this.db.prepare(`SELECT ${c} AS v, ${k} AS k FROM ${t} WHERE ${k} >= ? ORDER BY ${k} LIMIT 1`);
    const after = this.db.prepare(`SELECT ${k} AS k FROM ${t} WHERE ${k} > ? ORDER BY ${k} LIMIT 1`);
    const top = Number(this.db.prepare(`SELECT max(${k}) AS m FROM ${t}`).get()?.m ?? 0) + 2 * TAIL;
    // Every held value ranked at or below lo sorts before the value; every one at or above hi, after it.
    let lo = 0;
    let hi = top;
    for (;;) {
      const held = after.get(lo)?.k;
      const next = held === undefined || held === null ? top : Number(held);
      if (next >= hi) {
        // Nothing held between lo and next: the value goes between them.
        const mid = Math.floor((lo + next) / 2);
        if (mid > lo && mid < next) return mid;
        this.spread(area, column, language, lo, next);
        return this.seek(area, column, language, value);
      }
      const mid = (lo + hi) / 2;
      const row = atOrAfter.get(mid);
      if (!row || row.k === null || Number(row.k) >= hi) { hi = mid; continue; }
      const v = String(row.v);
      const o = order(v, value);
      if (o === 0) return Number(row.k);
      if (o < 0) lo = Number(row.k);
      else hi = Number(row.k);
    }
  }

  /**
   * Spreads the ranks around two neighbours with no whole number between them evenly over a wider span
   * (more neighbours each time until there is room), leaving room between the two. The rows keep their
   * order; keyset positions in the area are void (its epoch moves on).
   */
  private spread(area: string, column: string, language: SortLanguage, lo: number, hi: number): void {
    const t = tableOf(area);
    const k = q(rankOf(column, language));
    for (let n = RESPREAD; ; n *= 2) {
      const below = this.db.prepare(`SELECT DISTINCT ${k} AS k FROM ${t} WHERE ${k} > 0 AND ${k} <= ? ORDER BY ${k} DESC LIMIT ?`).all(lo, n + 1).map((r) => Number(r.k)).reverse();
      const above = this.db.prepare(`SELECT DISTINCT ${k} AS k FROM ${t} WHERE ${k} >= ? ORDER BY ${k} LIMIT ?`).all(hi, n + 1).map((r) => Number(r.k));
      // The span's bounds stay where they are: the rank beyond each side, or 0 and room past the last.
      const left = below.length > n ? below.shift()! : 0;
      const right = above.length > n ? above.pop()! : (above.at(-1) ?? below.at(-1) ?? lo) + 2 * TAIL;
      const moved = [...below, ...above];
      // One slot more than the ranks moved: the room between the two neighbours.
      const step = Math.floor((right - left) / (moved.length + 2));
      if (step < 1) {
        if (below.length === n || above.length === n) continue;
        throw new Error(`no room to rank ${column} of ${area}`);
      }
      if (!moved.length) return;
      this.db.transaction(() => {
        this.db.prepare(`UPDATE ${t} SET ${k} = ${k} - ${ASIDE} WHERE ${k} BETWEEN ? AND ?`).run(moved[0]!, moved.at(-1)!);
        const put = this.db.prepare(`UPDATE ${t} SET ${k} = ? WHERE ${k} = ?`);
        moved.forEach((r, i) => put.run(left + step * (i < below.length ? i + 1 : i + 2), r - ASIDE));
      });
      this.bump(area);
      return;
    }
  }
}

/** Each key made once: a fill asks for every ranked column's key per record and language. */
const keys = new Map<string, Map<string, Map<SortLanguage, string>>>();
function keyOf(area: string, column: string, language: SortLanguage): string {
  let byArea = keys.get(area);
  if (!byArea) { byArea = new Map(); keys.set(area, byArea); }
  let byColumn = byArea.get(column);
  if (!byColumn) { byColumn = new Map(); byArea.set(column, byColumn); }
  let key = byColumn.get(language);
  if (key === undefined) { key = `${area}|${column}|${language}`; byColumn.set(language, key); }
  return key;
}
