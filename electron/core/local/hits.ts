import { LOCAL_AREAS } from '../../../shared';
import { LETTERS, ftsTableOf, searchMatchSql, tableOf } from './layout';
import type { SqlDb } from './sql';
import { letterBit } from './values';

/**
 * The records a search matches, found once per text and kept in a temporary table while the area
 * is unchanged: its total, every window of its rows and the letters typed after it read that set
 * instead of searching again (a short search reads every record's text: counting it and then
 * walking the sorted rows searched twice, 190 to 470 ms for one letter at 100,000 customers). One
 * letter or digit needs no set: the sort indexes hold each record's letters (query.ts). This many
 * sets are kept (the bench pushes a search's set out with as many other searches).
 *
 * A match is a record whose text (layout.ts: searchTextSql) holds the search, Latin letters in either
 * case. From three characters the trigram index names the records holding every three-character
 * piece of it (it keeps no text and no positions), and their text is checked; below three, the
 * records holding its letters (their letters column), and their text is checked.
 */
export const SEARCH_SETS_KEPT = 4;
/** Trigrams need three characters; a shorter search reads the full-text table's joined text. */
export const TRIGRAM_MIN = 3;

export const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
/** Every three-character piece of the search, each a term of the index's query. */
const trigrams = (s: string) => {
  const cs = [...s];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= cs.length; i++) out.add(`"${cs.slice(i, i + 3).join('').replaceAll('"', '""')}"`);
  return [...out].join(' AND ');
};
/** The letters column's bits a search needs (its letters and digits). */
const maskOf = (s: string) => [...s].reduce((m, ch) => { const b = letterBit(ch); return b === null ? m : m | (1n << BigInt(b)); }, 0n);
const slotTable = (i: number) => `temp.hits_${i}`;
const orderTable = (i: number) => `temp.hits_${i}_order`;

/**
 * A set's order: `wanted` once a window read in it was slow (its matches lie far apart in the sort's
 * index, or all of them had to be sorted), `kept` once its rows are numbered in a table beside the set.
 */
interface Order { order: string; kept: boolean }
interface Held { area: string; generation: number; search: string; count: number; used: number; order: Order | null }

export interface Hits {
  /** A temporary table of the matching rows' rids (`rid INTEGER PRIMARY KEY`). */
  table: string;
  count: number;
  slot: number;
}

/** A window read this slowly in a set's order has that order kept for the windows after it. */
export const ORDER_KEPT_AFTER_MS = 6;

export class SearchHits {
  private readonly held: (Held | null)[] = Array.from({ length: SEARCH_SETS_KEPT }, () => null);
  private clock = 0;

  /** `slowMs`: how long a window's read takes before its order is kept (tests set 0). */
  constructor(private readonly db: SqlDb, private readonly slowMs = ORDER_KEPT_AFTER_MS) {}

  /** The matches of a (trimmed, non-empty) search in an area at this generation of its records. */
  of(area: string, generation: number, search: string): Hits {
    const short = [...search].length < TRIGRAM_MIN;
    let narrow = -1;
    for (let i = 0; i < SEARCH_SETS_KEPT; i++) {
      const h = this.held[i];
      if (!h || h.area !== area || h.generation !== generation) continue;
      if (h.search === search) {
        h.used = ++this.clock;
        return { table: slotTable(i), count: h.count, slot: i };
      }
      // What contains the longer text contains the shorter one: the next letter typed looks only among these.
      if (short && search.includes(h.search) && (narrow < 0 || h.count < this.held[narrow]!.count)) narrow = i;
    }
    const slot = this.freeSlot(narrow);
    const t = slotTable(slot);
    if (this.held[slot]?.order?.kept) this.db.exec(`DELETE FROM ${orderTable(slot)}`);
    const a = LOCAL_AREAS[area]!;
    const r = tableOf(area);
    const holds = searchMatchSql(a, 'r.');
    this.held[slot] = null;
    this.db.exec(`CREATE TEMP TABLE IF NOT EXISTS hits_${slot} (rid INTEGER PRIMARY KEY)`);
    this.db.exec(`DELETE FROM ${t}`);
    const like = a.search.map(() => likeText(search));
    let count: number;
    if (!short) {
      const f = ftsTableOf(area);
      count = this.db.prepare(`INSERT INTO ${t} SELECT r.rid FROM ${r} r WHERE r.rid IN (SELECT rowid FROM ${f} WHERE ${f} MATCH ?) AND ${holds}`).run(trigrams(search), ...like).changes;
    } else if (narrow >= 0) {
      // What contains the longer text contains the shorter one: the next letter typed looks only among these.
      count = this.db.prepare(`INSERT INTO ${t} SELECT r.rid FROM ${r} r WHERE r.rid IN (SELECT rid FROM ${slotTable(narrow)}) AND ${holds}`).run(...like).changes;
    } else {
      const mask = maskOf(search);
      count = this.db.prepare(`INSERT INTO ${t} SELECT r.rid FROM ${r} r WHERE (r.${LETTERS} & ?) = ? AND ${holds}`).run(mask, mask, ...like).changes;
    }
    this.held[slot] = { area, generation, search, count, used: ++this.clock, order: null };
    return { table: t, count, slot };
  }

  /**
   * The set's rows numbered in this order (`pos` from 1, `rid`), where that order is kept: it is made
   * the next time a window is asked in an order whose window was slow (noteRead), so paging and
   * scrolling through many matches read their window instead of sorting or walking to it again.
   * `rows`: the area's rows as `r`, for the order's columns.
   */
  ordered(hits: Hits, order: string, rows: string): string | null {
    const h = this.held[hits.slot];
    if (!h || h.order?.order !== order) return null;
    const o = orderTable(hits.slot);
    if (!h.order.kept) {
      this.db.exec(`CREATE TEMP TABLE IF NOT EXISTS hits_${hits.slot}_order (pos INTEGER PRIMARY KEY, rid INTEGER NOT NULL)`);
      this.db.exec(`DELETE FROM ${o}`);
      this.db.prepare(`INSERT INTO ${o} (pos, rid) SELECT row_number() OVER (ORDER BY ${order}), r.rid FROM ${hits.table} h CROSS JOIN ${rows} ON r.rid = h.rid`).run();
      h.order.kept = true;
    }
    return o;
  }

  /** A window of the set was read in this order in `ms`: from `slowMs` on, the next one keeps the order. */
  noteRead(hits: Hits, order: string, ms: number): void {
    const h = this.held[hits.slot];
    if (h && ms >= this.slowMs && h.order?.order !== order) h.order = { order, kept: false };
  }

  /** Forgets every set (the copy was cleared or closed); the tables are emptied when next used. */
  reset(): void {
    this.held.fill(null);
  }

  /** An empty slot, else the least recently used one other than `keep`. */
  private freeSlot(keep: number): number {
    let best = -1;
    for (let i = 0; i < SEARCH_SETS_KEPT; i++) {
      if (i === keep) continue;
      const h = this.held[i];
      if (!h) return i;
      if (best < 0 || h.used < this.held[best]!.used) best = i;
    }
    return best;
  }
}
