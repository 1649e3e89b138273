import { LOCAL_AREAS, type LocalArea } from '../../../shared';
import { Ranks, SORT_LANGUAGES } from './collation';
import { SearchHits } from './hits';
import { LETTERS, buildIndexes, clearArea, ftsTableOf, isRanked, jsonTableOf, q, rankOf, tableOf } from './schema';
import type { SqlDb, SqlParam, SqlValue } from './sql';
import { lettersOf, markOf, positionOf, rowValues, searchText, type Rec } from './values';

/** What one area's bookkeeping row holds (table _areas). */
export interface AreaMeta {
  filled: boolean;
  fill_cursor: string | null;
  fill_top: string | null;
  fill_pages: number;
  mark: string | null;
  last_sync: string | null;
  last_deletion_check: string | null;
  denied: boolean;
  message: string | null;
  /** A read under the current key succeeded: the area may be served (false after a key change until then). */
  verified: boolean;
  /** The server's clock when the last fill or cycle began. */
  cycle_start: string | null;
}
/** A record the API answered that failed the contract's check, kept out of the copy. */
export interface HeldRecord { id: string; reason: string; at: string }
export type AreaMetaPatch = Partial<{ [K in keyof AreaMeta]: AreaMeta[K] extends boolean ? boolean : AreaMeta[K] }>;

const str = (v: SqlValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** The copy's records and bookkeeping, one area at a time. Every write of a page is one transaction. */
export class LocalStore {
  readonly ranks: Ranks;
  readonly hits: SearchHits;
  /** Areas whose indexes and full-text rows exist (until then a write keeps only the table). */
  private readonly indexed = new Set<string>();
  /** Records held per area, counted once and then kept by each write. */
  private readonly counts = new Map<string, number>();
  /** Bumped by every change of an area: cached totals of older generations are stale. */
  private readonly generations = new Map<string, number>();
  /** Ids written by anything but a walk, per area, while a walk of that area runs (its version must not overwrite them). */
  private readonly watchers = new Map<string, Set<Set<string>>>();
  /** Records held aside per area, counted once and then kept. */
  private readonly heldCounts = new Map<string, number>();
  constructor(readonly db: SqlDb) {
    this.ranks = new Ranks(db, (area) => this.changed(area));
    this.hits = new SearchHits(db);
    for (const r of db.prepare('SELECT area FROM _areas WHERE indexed = 1').all()) this.indexed.add(String(r.area));
  }

  /** Builds an area's indexes (the end of its first fill). */
  index(area: string): void {
    if (this.indexed.has(area)) return;
    buildIndexes(this.db, area);
    this.indexed.add(area);
    this.changed(area); // the full-text rows exist now: searches found before are stale
  }

  isIndexed(area: string): boolean {
    return this.indexed.has(area);
  }

  /** Empties an area: its records, indexes, ranks and held-aside records go; it fills again from nothing. */
  clear(area: string): void {
    clearArea(this.db, area);
    this.cleared(area);
  }

  /** Forgets what is held in memory about an area that was cleared. */
  cleared(area: string): void {
    this.indexed.delete(area);
    this.heldCounts.delete(area);
    this.ranks.reset(area);
    this.counts.delete(area);
    this.changed(area);
  }

  generation(area: string): number {
    return this.generations.get(area) ?? 0;
  }

  private changed(area: string, delta = 0): void {
    this.generations.set(area, this.generation(area) + 1);
    const n = this.counts.get(area);
    if (n !== undefined) this.counts.set(area, n + delta);
  }

  area(area: string): LocalArea {
    const a = LOCAL_AREAS[area];
    if (!a) throw new Error(`unknown area ${area}`);
    return a;
  }

  /**
   * Ids written by anything but a walk from now until `stop()` (a walk's version of a record is the
   * truth, except where the record was written since the walk began).
   */
  watch(area: string): { ids: ReadonlySet<string>; stop(): void } {
    const ids = new Set<string>();
    let set = this.watchers.get(area);
    if (!set) { set = new Set(); this.watchers.set(area, set); }
    set.add(ids);
    return { ids, stop: () => { set.delete(ids); } };
  }

  private noteWritten(area: string, ids: readonly string[]): void {
    const set = this.watchers.get(area);
    if (set?.size) for (const w of set) for (const id of ids) w.add(id);
  }

  /**
   * Writes records as the API returned them. A record older than the one held (by its mark) or
   * identical to it is skipped, so overlapping reads never duplicate or step back. Returns the ids written.
   * `walk`: a full walk's records, the truth even when their mark is older than the one held (a server
   * with another clock), except those written since the walk began (`except`).
   */
  upsert(area: string, records: readonly Rec[], extra?: () => void, o: { fill?: boolean; walk?: { except: ReadonlySet<string> } } = {}): string[] {
    const a = this.area(area);
    const t = tableOf(area);
    const cols = a.columns.filter((c) => c.name !== 'id');
    const ranked = cols.filter(isRanked);
    const searched = a.search.length > 0;
    const names = ['id', 'w', ...cols.map((c) => c.name), ...ranked.flatMap((c) => SORT_LANGUAGES.map((l) => rankOf(c.name, l))), ...(searched ? [LETTERS] : [])];
    const upsert = this.db.prepare(
      `INSERT INTO ${t} (${names.map(q).join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ` +
      `ON CONFLICT(id) DO UPDATE SET ${names.slice(1).map((n) => `${q(n)} = excluded.${q(n)}`).join(', ')}${o.walk ? '' : ` WHERE excluded.w >= ${t}.w`} RETURNING rid`,
    );
    const held = this.db.prepare(`SELECT r.rid AS rid, r.w AS w, j.rec AS rec FROM ${t} r JOIN ${jsonTableOf(area)} j ON j.rid = r.rid WHERE r.id = ?`);
    const json = this.db.prepare(`INSERT OR REPLACE INTO ${jsonTableOf(area)} (rid, rec) VALUES (?, ?)`);
    const fts = searched && this.indexed.has(area);
    const ftsDel = fts ? this.db.prepare(`DELETE FROM ${ftsTableOf(area)} WHERE rowid = ?`) : null;
    const ftsIns = fts ? this.db.prepare(`INSERT INTO ${ftsTableOf(area)} (rowid, t) VALUES (?, ?)`) : null;
    const written: string[] = [];
    let added = 0;
    this.db.transaction(() => {
      // A fill writes without reading first (the upsert itself never steps back to an older mark);
      // a new row's rid is past the highest one held before.
      const top = o.fill ? Number(this.db.prepare(`SELECT ifnull(max(rid), 0) AS m FROM ${t}`).get()!.m) : 0;
      for (const rec of records) {
        const id = rec.id;
        const mark = markOf(a, rec);
        if (typeof id !== 'string' || mark === null) continue;
        const text = JSON.stringify(rec);
        const h = o.fill ? undefined : held.get(id);
        if (o.walk?.except.has(id)) continue;
        if (h && ((!o.walk && String(h.w) > mark) || h.rec === text)) continue;
        const values = rowValues(a, rec);
        const at = (name: string) => values[positionOf(a, name)] ?? null;
        const words = searched ? searchText(a, values) : '';
        const row: SqlParam[] = [id, mark, ...cols.map((c) => at(c.name)), ...ranked.flatMap((c) => this.ranks.ranksFor(area, c.name, at(c.name) as string | null)), ...(searched ? [lettersOf(words)] : [])];
        const got = upsert.get(...row);
        if (!got) continue; // held with a newer mark
        const rid = Number(got.rid);
        const isNew = o.fill ? rid > top : !h;
        json.run(rid, text);
        if (ftsDel && ftsIns) {
          if (!isNew) ftsDel.run(rid);
          ftsIns.run(rid, words);
        }
        written.push(id);
        if (isNew) added += 1;
      }
      extra?.();
    });
    if (written.length) {
      this.changed(area, added);
      if (!o.walk && !o.fill) this.noteWritten(area, written);
      if (this.heldCount(area)) this.release(area, written);
    }
    return written;
  }

  /** Drops records by id; returns how many were held. */
  remove(area: string, ids: readonly string[]): number {
    const a = this.area(area);
    const t = tableOf(area);
    const find = this.db.prepare(`SELECT rid FROM ${t} WHERE id = ?`);
    const del = this.db.prepare(`DELETE FROM ${t} WHERE rid = ?`);
    const delJson = this.db.prepare(`DELETE FROM ${jsonTableOf(area)} WHERE rid = ?`);
    const delFts = a.search.length ? this.db.prepare(`DELETE FROM ${ftsTableOf(area)} WHERE rowid = ?`) : null;
    let n = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        const rid = find.get(id)?.rid;
        if (rid === undefined || rid === null) continue;
        del.run(rid);
        delJson.run(rid);
        delFts?.run(rid);
        n += 1;
      }
    });
    if (n) {
      this.changed(area, -n);
      this.noteWritten(area, ids);
    }
    return n;
  }

  get(area: string, id: string): Rec | undefined {
    const r = this.db.prepare(`SELECT j.rec AS rec FROM ${tableOf(area)} r JOIN ${jsonTableOf(area)} j ON j.rid = r.rid WHERE r.id = ?`).get(id);
    return r ? (JSON.parse(String(r.rec)) as Rec) : undefined;
  }

  count(area: string): number {
    let n = this.counts.get(area);
    if (n === undefined) {
      n = Number(this.db.prepare(`SELECT count(*) AS n FROM ${tableOf(area)}`).get()!.n);
      this.counts.set(area, n);
    }
    return n;
  }

  /** The newest mark held (the next cycle reads what changed after it). */
  newestMark(area: string): string | null {
    return str(this.db.prepare(`SELECT max(w) AS w FROM ${tableOf(area)}`).get()?.w);
  }

  /** Held ids not seen in a walk whose mark is not after `notAfter` (records changed during the walk stay). */
  missingFrom(area: string, seen: ReadonlySet<string>, notAfter: string): string[] {
    return this.db.prepare(`SELECT id FROM ${tableOf(area)} WHERE w <= ?`).all(notAfter).map((r) => String(r.id)).filter((id) => !seen.has(id));
  }

  meta(area: string): AreaMeta {
    const r = this.db.prepare('SELECT * FROM _areas WHERE area = ?').get(area) ?? {};
    return {
      filled: r.filled === 1, fill_cursor: str(r.fill_cursor), fill_top: str(r.fill_top), fill_pages: Number(r.fill_pages ?? 0),
      mark: str(r.mark), last_sync: str(r.last_sync), last_deletion_check: str(r.last_deletion_check), denied: r.denied === 1, message: str(r.message),
      verified: r.verified === 1, cycle_start: str(r.cycle_start),
    };
  }

  /** A fact of the copy (the business it belongs to). */
  fact(name: string): string | null {
    return str(this.db.prepare('SELECT v FROM _facts WHERE k = ?').get(name)?.v);
  }

  setFact(name: string, value: string | null): void {
    this.db.prepare('INSERT OR REPLACE INTO _facts (k, v) VALUES (?, ?)').run(name, value);
  }

  heldCount(area: string): number {
    let n = this.heldCounts.get(area);
    if (n === undefined) {
      n = Number(this.db.prepare('SELECT count(*) AS n FROM _held WHERE area = ?').get(area)!.n);
      this.heldCounts.set(area, n);
    }
    return n;
  }

  /** Records of an area held aside (newest first), at most `limit`, and how many there are. */
  heldAside(area: string, limit: number): { count: number; records: HeldRecord[] } {
    const count = this.heldCount(area);
    if (!count) return { count, records: [] };
    const records = this.db.prepare('SELECT id, reason, at FROM _held WHERE area = ? ORDER BY at DESC, id LIMIT ?').all(area, limit)
      .map((r) => ({ id: String(r.id), reason: String(r.reason), at: String(r.at) }));
    return { count, records };
  }

  /** Holds records aside (their held versions leave the copy: what the API says of them now cannot be read). */
  holdAside(area: string, records: readonly { id: string; reason: string }[], at: string): void {
    if (!records.length) return;
    const put = this.db.prepare('INSERT OR REPLACE INTO _held (area, id, reason, at) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const r of records) put.run(area, r.id, r.reason, at);
      this.remove(area, records.map((r) => r.id));
    });
    this.heldCounts.delete(area);
  }

  /** Records that passed the check again (or are gone): no longer held aside. */
  release(area: string, ids: readonly string[]): void {
    if (!ids.length) return;
    const del = this.db.prepare('DELETE FROM _held WHERE area = ? AND id = ?');
    let n = 0;
    this.db.transaction(() => { for (const id of ids) n += del.run(area, id).changes; });
    if (n) this.heldCounts.delete(area);
  }

  setMeta(area: string, patch: AreaMetaPatch): void {
    const entries = Object.entries(patch).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null)] as const);
    if (!entries.length) return;
    this.db.prepare(`UPDATE _areas SET ${entries.map(([k]) => `${q(k)} = ?`).join(', ')} WHERE area = ?`).run(...entries.map(([, v]) => v as SqlValue), area);
  }
}
