import { setImmediate as turn } from 'node:timers/promises';
import { LOCAL_AREAS, type LocalArea } from '../../../shared';
import { Ranks, SORT_LANGUAGES } from './collation';
import { buildStatements, finishSteps, finished, orderSteps, readBackSteps, type BackRoom } from './finish';
import { Bookkeeping } from './bookkeeping';
import { SearchHits } from './hits';
import { LETTERS, ORDINAL, ftsTableOf, isRanked, jsonTableOf, q, rankOf, searchTextSql, tableOf } from './layout';
import { ordinalGuess, ordinalOf } from './ordinals';
import { Shapes } from './record-shape';
import { clearArea, eagerIndexes } from './schema';
import type { SqlDb, SqlParam, SqlRow } from './sql';
import { SLICE_MS, drive, runToEnd, topRid, type Steps } from './steps';
import { lettersOf, markOf, positionOf, rowValues, searchText, type Rec } from './values';

export { type AreaMeta, type AreaMetaPatch, type HeldRecord } from './bookkeeping';

/** Areas this large end their fill in the back room (its index builds would hold the engine's thread too long). */
export const BACK_ROOM_FROM = 5_000;
/**
 * Pages the log grows to before the engine's own connection checkpoints it (on its thread, the file synced):
 * SQLite's default; and while a back room started ahead checkpoints a large fill's pages (back-room.ts), four
 * times that, a bound it only meets when the back room cannot keep up.
 */
export const ENGINE_CHECKPOINT_PAGES = 1_000;
export const ENGINE_CHECKPOINT_PAGES_BESIDE_ROOM = 4_000;

/** One area's write plan: its statements, made once per area. */
interface Plan {
  a: LocalArea;
  cols: LocalArea['columns'];
  ranked: LocalArea['columns'];
  names: string[];
  /** Where each of `cols` and `ranked` sits in the record's values (values.ts: rowValues). */
  colAt: number[];
  rankedAt: number[];
  /** What a record is read back from: its row's id, mark and columns (not its ranks, ordinal or letters), and its rest. */
  record: string;
}

/** `walk`: a full walk's records (the truth, but for `except`); `overlay`: an outbox entry's change shown (over a pin, whatever its mark). */
export interface UpsertOptions { fill?: boolean; walk?: { except: ReadonlySet<string> }; overlay?: boolean }

/** The copy's records and bookkeeping, one area at a time. Every write of a page is one transaction. */
export class LocalStore extends Bookkeeping {
  readonly ranks: Ranks;
  readonly hits: SearchHits;
  readonly shapes: Shapes;
  /** Areas whose fill has ended (finish.ts): ranks and ordinals in order, indexes and full-text rows kept by every write. */
  private readonly indexed = new Set<string>();
  /** A copy in memory keeps its indexes and full-text rows from the start. */
  private readonly eager: boolean;
  /** Records held per area, counted once and then kept by each write. */
  private readonly counts = new Map<string, number>();
  /** Bumped by every change of an area: cached totals of older generations are stale. */
  private readonly generations = new Map<string, number>();
  /** Ids written by anything but a walk, per area, while a walk of that area runs (its version must not overwrite them). */
  private readonly watchers = new Map<string, Set<Set<string>>>();
  /**
   * Records an outbox entry changed and has not sent yet, per area: a sync leaves them as the user's
   * change shows them (the entry's answer, or a read after it, brings the service's version).
   */
  private readonly pins = new Map<string, Set<string>>();
  /** Set while an area's fill ends: nothing else writes meanwhile (the back room writes the file). */
  private gate: Promise<void> | null = null;
  private readonly plans = new Map<string, Plan>();

  /**
   * `sliceMs`: the longest run of steps before the engine answers what waits (steps.ts; tests set 0: a turn after
   * every step). `orderKeptAfterMs`: how slow a window of a search's matches is before their order is kept
   * (hits.ts; tests set 0).
   */
  constructor(db: SqlDb, private readonly o: { backRoom?: BackRoom; sliceMs?: number; orderKeptAfterMs?: number } = {}) {
    super(db);
    this.eager = eagerIndexes(db);
    this.ranks = new Ranks(db, (area) => this.changed(area));
    this.hits = new SearchHits(db, o.orderKeptAfterMs);
    this.shapes = new Shapes(db);
    for (const r of db.prepare('SELECT area FROM _areas WHERE indexed = 1').all()) this.indexed.add(String(r.area));
  }

  /** Ends an area's fill at once (tests, and a copy in memory's first sort). */
  index(area: string): void {
    if (this.indexed.has(area)) return;
    runToEnd(finishSteps(this.db, area, { build: !this.eager }));
    this.finished(area);
  }

  /**
   * Ends an area's fill (ordinals, ranks, indexes, full-text rows) a few milliseconds at a time on this
   * thread; a large area of a copy on disk has its indexes and full-text rows built in the back room.
   * Nothing else writes meanwhile.
   */
  async finish(area: string, signal: AbortSignal): Promise<void> {
    if (this.indexed.has(area)) return;
    let built = false;
    await this.exclusive(async () => {
      const room = this.o.backRoom;
      if (!room || this.eager || this.count(area) < BACK_ROOM_FROM) return void await drive(finishSteps(this.db, area, { build: !this.eager }), signal, this.o.sliceMs);
      await drive(orderSteps(this.db, area), signal, this.o.sliceMs);
      // The thread ends with its job: this connection checkpoints on its own again.
      try { await room.run(buildStatements(area), signal); } finally { this.checkpointEvery(ENGINE_CHECKPOINT_PAGES); }
      finished(this.db, area);
      built = true;
    });
    this.finished(area);
    // Reads, after the gate: the next area's writes need not wait for them. Only the cache's warmth rides on them:
    // a stopped pass stops them without undoing the fill (the pass itself stops at its next step).
    if (built) await drive(readBackSteps(this.db, area), signal, this.o.sliceMs).catch(() => undefined);
  }

  private checkpointPages = ENGINE_CHECKPOINT_PAGES;
  private checkpointEvery(pages: number): void {
    if (this.checkpointPages === pages) return;
    this.db.exec(`PRAGMA wal_autocheckpoint = ${pages}`);
    this.checkpointPages = pages;
  }

  private finished(area: string): void {
    this.indexed.add(area);
    this.ranks.reset(area);
    this.changed(area); // the full-text rows exist now: searches found before are stale
  }

  isIndexed(area: string): boolean {
    return this.indexed.has(area);
  }

  /** Waits while an area's fill ends (the back room writes the file then). */
  async writable(): Promise<void> {
    while (this.gate) await this.gate;
  }

  private async exclusive(fn: () => Promise<void>): Promise<void> {
    await this.writable();
    let release = () => {};
    this.gate = new Promise<void>((r) => { release = r; });
    try {
      await fn();
    } finally {
      this.gate = null;
      release();
    }
  }

  /** Empties an area: its records, indexes, ranks and held-aside records go; it fills again from nothing. */
  clear(area: string): void {
    clearArea(this.db, area);
    this.cleared(area);
  }

  /** Forgets what is held in memory about an area that was cleared. */
  cleared(area: string): void {
    this.indexed.delete(area);
    this.forgetHeld(area);
    this.ranks.reset(area);
    this.shapes.forget(area);
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

  private plan(area: string): Plan {
    let p = this.plans.get(area);
    if (!p) {
      const a = this.area(area);
      const cols = a.columns.filter((c) => c.name !== 'id' && c.name !== a.order);
      const ranked = cols.filter(isRanked);
      const names = ['id', 'w', ORDINAL, ...cols.map((c) => c.name), ...ranked.flatMap((c) => SORT_LANGUAGES.map((l) => rankOf(c.name, l))), ...(a.search.length ? [LETTERS] : [])];
      const record = `SELECT ${['rid', 'id', 'w', ...cols.map((c) => c.name)].map((n) => `r.${q(n)}`).join(', ')}, j.s AS _s, j.v AS _v FROM ${tableOf(area)} r JOIN ${jsonTableOf(area)} j ON j.rid = r.rid`;
      p = { a, cols, ranked, names, record, colAt: cols.map((c) => positionOf(a, c.name)), rankedAt: ranked.map((c) => positionOf(a, c.name)) };
      this.plans.set(area, p);
    }
    return p;
  }

  /** Whether writes keep an area's full-text rows (in memory from the start; on disk once its fill has ended). */
  private searchKept(area: string): boolean {
    return this.area(area).search.length > 0 && (this.eager || this.indexed.has(area));
  }

  /** A row and its rest, read back as the record. */
  private recordOf(a: LocalArea, row: SqlRow): Rec {
    return this.shapes.decode(a, row, Number(row._s), String(row._v));
  }

  /**
   * Writes records as the API returned them. A record older than the one held (by its mark) or
   * identical to it is skipped, so overlapping reads never duplicate or step back. Returns the ids written.
   * `walk`: a full walk's records, the truth even when their mark is older than the one held (a server
   * with another clock), except those written since the walk began (`except`).
   */
  pin(area: string, id: string): void {
    let set = this.pins.get(area);
    if (!set) { set = new Set(); this.pins.set(area, set); }
    set.add(id);
  }

  unpin(area: string, id: string): void {
    this.pins.get(area)?.delete(id);
  }

  isPinned(area: string, id: string): boolean {
    return this.pins.get(area)?.has(id) ?? false;
  }

  upsert(area: string, records: readonly Rec[], extra?: () => void, o: UpsertOptions = {}): string[] {
    const { a, cols, ranked, names, colAt, rankedAt } = this.plan(area);
    const t = tableOf(area);
    const kept = this.searchKept(area);
    const ordered = this.indexed.has(area);
    const upsert = this.db.prepare(
      `INSERT INTO ${t} (${names.map(q).join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ` +
      `ON CONFLICT(id) DO UPDATE SET ${names.filter((n) => n !== 'id' && n !== ORDINAL).map((n) => `${q(n)} = excluded.${q(n)}`).join(', ')}${o.walk || o.overlay ? '' : ` WHERE excluded.w >= ${t}.w`} RETURNING rid`,
    );
    const held = this.db.prepare(`SELECT r.*, j.s AS _s, j.v AS _v FROM ${t} r JOIN ${jsonTableOf(area)} j ON j.rid = r.rid WHERE r.id = ?`);
    const rest = this.db.prepare(`INSERT OR REPLACE INTO ${jsonTableOf(area)} (rid, s, v) VALUES (?, ?, ?)`);
    const text = kept ? searchTextSql(a) : '';
    const searchOut = kept ? this.db.prepare(`DELETE FROM ${ftsTableOf(area)} WHERE rowid = ?`) : null;
    const searchIn = kept ? this.db.prepare(`INSERT INTO ${ftsTableOf(area)} (rowid, t) SELECT rid, ${text} FROM ${t} WHERE rid = ?`) : null;
    // A fill writes without reading first (the upsert itself never steps back to an older mark), unless
    // the full-text rows are kept already (a row written again leaves the index first).
    const readFirst = !o.fill || kept;
    const written: string[] = [];
    let added = 0;
    try {
      this.db.transaction(() => {
        // A new row's rid is past the highest one held before.
        const top = o.fill ? topRid(this.db, t) : 0;
        for (const rec of records) {
          const id = rec.id;
          const mark = markOf(a, rec);
          if (typeof id !== 'string' || mark === null || o.walk?.except.has(id)) continue;
          if (!o.overlay && this.pins.get(area)?.has(id)) continue;
          const h = readFirst ? held.get(id) : undefined;
          if (h && !o.walk && !o.overlay && String(h.w) > mark) continue;
          const values = rowValues(a, rec);
          const enc = this.shapes.encode(a, rec, values);
          if (h && h._s === enc.s && h._v === enc.v && h.w === mark && cols.every((c, i) => h[c.name] === (values[colAt[i]!] ?? null))) continue;
          // Made at its size and filled in place: a fill makes one of these per record.
          const row: SqlParam[] = new Array<SqlParam>(names.length);
          row[0] = id;
          row[1] = mark;
          row[2] = h ? Number(h[ORDINAL]) : ordered ? ordinalOf(this.db, area, id) : ordinalGuess(id);
          let n = 3;
          for (const i of colAt) row[n++] = values[i] ?? null;
          for (let i = 0; i < ranked.length; i++, n += SORT_LANGUAGES.length) {
            const c = ranked[i]!;
            const was = h ? { value: h[c.name] ?? null, ranks: SORT_LANGUAGES.map((l) => h[rankOf(c.name, l)] ?? null) } : undefined;
            this.ranks.ranksInto(row, n, area, c.name, (values[rankedAt[i]!] ?? null) as string | null, was);
          }
          if (a.search.length) row[n] = lettersOf(searchText(a, values));
          if (h) searchOut?.run(Number(h.rid));
          const got = upsert.get(...row);
          if (!got) continue; // held with a newer mark
          const rid = Number(got.rid);
          rest.run(rid, enc.s, enc.v);
          searchIn?.run(rid);
          written.push(id);
          if (o.fill ? rid > top : !h) added += 1;
        }
        extra?.();
      });
    } catch (e) {
      this.shapes.forget(area); // a shape met in the write was not kept
      throw e;
    }
    if (written.length) {
      this.changed(area, added);
      if (!o.walk && !o.fill) this.noteWritten(area, written);
      if (this.heldCount(area)) this.release(area, written);
    }
    return written;
  }

  /**
   * The same, a few milliseconds at a time (a page of a fill or a walk): the engine answers the screens
   * between its parts. `extra` is written with the last part (a fill's cursor).
   */
  async write(area: string, records: readonly Rec[], extra?: () => void, o: UpsertOptions = {}): Promise<string[]> {
    // A fill that will end in the back room has its thread started now.
    if (o.fill && this.o.backRoom && !this.eager && !this.indexed.has(area) && this.count(area) + records.length >= BACK_ROOM_FROM) {
      this.o.backRoom.prepare();
      this.checkpointEvery(ENGINE_CHECKPOINT_PAGES_BESIDE_ROOM);
    }
    const written: string[] = [];
    let size = 25;
    for (let i = 0; i < records.length || (i === 0 && extra);) {
      await this.writable();
      const part = records.slice(i, i + size);
      const last = i + part.length >= records.length;
      const t0 = performance.now();
      written.push(...this.upsert(area, part, last ? extra : undefined, o));
      const ms = performance.now() - t0;
      size = Math.max(5, Math.min(200, Math.round(part.length * ((this.o.sliceMs ?? SLICE_MS) / Math.max(ms, 0.5)))));
      i += part.length;
      if (last) break;
      await turn();
    }
    return written;
  }

  /** Drops records by id (not those an outbox entry pins, unless `overlay`); returns how many were held. */
  remove(area: string, ids: readonly string[], o: { overlay?: boolean } = {}): number {
    const t = tableOf(area);
    const find = this.db.prepare(`SELECT rid FROM ${t} WHERE id = ?`);
    const del = this.db.prepare(`DELETE FROM ${t} WHERE rid = ?`);
    const delRest = this.db.prepare(`DELETE FROM ${jsonTableOf(area)} WHERE rid = ?`);
    const searchOut = this.searchKept(area) ? this.db.prepare(`DELETE FROM ${ftsTableOf(area)} WHERE rowid = ?`) : null;
    let n = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        if (!o.overlay && this.pins.get(area)?.has(id)) continue;
        const rid = find.get(id)?.rid;
        if (rid === undefined || rid === null) continue;
        searchOut?.run(rid);
        del.run(rid);
        delRest.run(rid);
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
    const { a, record } = this.plan(area);
    const r = this.db.prepare(`${record} WHERE r.id = ?`).get(id);
    return r ? this.recordOf(a, r) : undefined;
  }

  /** The records of rows by rid (a page of a query). */
  records(area: string, rids: readonly number[]): Map<number, Rec> {
    const { a, record } = this.plan(area);
    const out = new Map<number, Rec>();
    if (!rids.length) return out;
    const rows = this.db.prepare(`${record} WHERE r.rid IN (${rids.map(() => '?').join(', ')})`).all(...rids);
    for (const r of rows) out.set(Number(r.rid), this.recordOf(a, r));
    return out;
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
    const w = this.db.prepare(`SELECT max(w) AS w FROM ${tableOf(area)}`).get()?.w;
    return typeof w === 'string' ? w : null;
  }

  /** Held ids not seen in a walk whose mark is not after `notAfter` (records changed during the walk stay), read a chunk at a time. */
  private *missingSteps(area: string, seen: ReadonlySet<string>, notAfter: string): Steps<string[]> {
    const read = this.db.prepare(`SELECT rid, id, w FROM ${tableOf(area)} WHERE rid > ? ORDER BY rid LIMIT ?`);
    const out: string[] = [];
    const chunk = 5_000;
    for (let after = -1; ;) {
      const rows = read.all(after, chunk);
      for (const r of rows) if (String(r.w) <= notAfter && !seen.has(String(r.id))) out.push(String(r.id));
      yield;
      if (rows.length < chunk) return out;
      after = Number(rows.at(-1)!.rid);
    }
  }

  missingFrom(area: string, seen: ReadonlySet<string>, notAfter: string): string[] {
    return runToEnd(this.missingSteps(area, seen, notAfter));
  }

  /** The same, a few milliseconds at a time. */
  missing(area: string, seen: ReadonlySet<string>, notAfter: string, signal?: AbortSignal): Promise<string[]> {
    return drive(this.missingSteps(area, seen, notAfter), signal, this.o.sliceMs);
  }

  /** Drops records by id a few milliseconds at a time; returns how many were held. */
  async removeMany(area: string, ids: readonly string[], signal?: AbortSignal): Promise<number> {
    let n = 0;
    const steps = function* (remove: (part: string[]) => number): Steps {
      for (let i = 0; i < ids.length; i += 200) { n += remove(ids.slice(i, i + 200)); yield; }
    };
    await drive(steps((part) => this.remove(area, part)), signal, this.o.sliceMs);
    return n;
  }
}
