import { ORDINAL, tableOf } from './layout';
import type { SqlDb } from './sql';
import { topRid, type Steps } from './steps';

/**
 * The id's ordinal (`io`): a number per row whose order is the order of the ids, so every sort ends
 * with it instead of the id (4 bytes in each index where the id takes 36). A UUID's first 31 bits are
 * already in that order, so a fill stores them as they come; the fill's end checks the whole area in
 * id order and moves the few that are not (two ids sharing those bits, ids that are not lowercase
 * UUIDs) between their neighbours. After that every new id is placed between its neighbours as it is
 * written. Ordinals are stored as integers where they can be (4 bytes), halves where they must.
 */
const HEX8 = /^[0-9a-f]{8}/;
/** Room left beyond the first or the last id. */
const STEP = 1_024;

/** The ordinal a new id takes while the area is being filled (checked at the end of the fill). */
export const ordinalGuess = (id: string): number => (HEX8.test(id) ? Number.parseInt(id.slice(0, 8), 16) >>> 1 : 0);

/** A number strictly between `lo` and `hi` (either may be open), an integer where there is room for one. */
function between(lo: number | null, hi: number | null, guess: number): number | null {
  if ((lo === null || guess > lo) && (hi === null || guess < hi)) return guess;
  if (lo === null) return hi! - STEP;
  if (hi === null) return lo + STEP;
  const mid = Math.floor((lo + hi) / 2);
  if (mid > lo && mid < hi) return mid;
  const half = (lo + hi) / 2;
  return half > lo && half < hi ? half : null;
}

/** The ordinal of a new id in an area whose ordinals are in id order: between its neighbours' (renumbering the area when they leave no room). */
export function ordinalOf(db: SqlDb, area: string, id: string): number {
  const t = tableOf(area);
  const num = (r: { io?: unknown } | undefined) => (r === undefined || r.io === null ? null : Number(r.io));
  const lo = num(db.prepare(`SELECT ${ORDINAL} AS io FROM ${t} WHERE id < ? ORDER BY id DESC LIMIT 1`).get(id));
  const hi = num(db.prepare(`SELECT ${ORDINAL} AS io FROM ${t} WHERE id > ? ORDER BY id LIMIT 1`).get(id));
  const io = between(lo, hi, ordinalGuess(id));
  if (io !== null) return io;
  renumber(db, area);
  return ordinalOf(db, area, id);
}

/** Every ordinal of an area again, evenly spaced in id order (neighbours too close to tell apart: never seen with UUIDs). */
function renumber(db: SqlDb, area: string): void {
  const t = tableOf(area);
  const set = db.prepare(`UPDATE ${t} SET ${ORDINAL} = ? WHERE rid = ?`);
  db.transaction(() => {
    db.prepare(`SELECT rid FROM ${t} ORDER BY id`).all().forEach((r, i) => set.run((i + 1) * STEP, Number(r.rid)));
  });
}

/**
 * Makes an area's ordinals strictly increase in id order, reading it in id order a chunk at a time:
 * an ordinal not above the last one kept waits for the next one that is, then those waiting are
 * spread evenly between the two. The ordinals are read first in rid order (the table's own order) and
 * the ids then from the id's index alone: read with the ids, every row was a seek into the table at
 * a random place (five times as long at 300,000 documents as at 100,000; now three times).
 */
export function* orderOrdinals(db: SqlDb, area: string, chunk = 2_000): Steps {
  const t = tableOf(area);
  const ordinals = yield* ordinalsByRid(db, t, chunk);
  const read = db.prepare(`SELECT rid, id FROM ${t} WHERE id > ? ORDER BY id LIMIT ?`);
  const set = db.prepare(`UPDATE ${t} SET ${ORDINAL} = ? WHERE rid = ?`);
  let kept: number | null = null;
  let waiting: number[] = [];
  const place = (hi: number | null) => {
    if (!waiting.length) return;
    const lo: number = kept ?? (hi === null ? 0 : hi - STEP * (waiting.length + 1));
    const top = hi ?? lo + STEP * (waiting.length + 1);
    const step = (top - lo) / (waiting.length + 1);
    const rids = waiting;
    waiting = [];
    db.transaction(() => rids.forEach((rid, i) => set.run(lo + step * (i + 1), rid)));
  };
  let after = '';
  for (;;) {
    const rows = read.all(after, chunk);
    for (const r of rows) {
      const rid = Number(r.rid);
      const io = ordinals[rid];
      if (io !== undefined && !Number.isNaN(io) && (kept === null || io > kept)) {
        place(io);
        kept = io;
      } else waiting.push(rid);
    }
    yield;
    if (rows.length < chunk) break;
    after = String(rows.at(-1)!.id);
  }
  place(null);
}

/** Every row's ordinal by its rid (NaN where it has none), read in rid order a chunk at a time. */
function* ordinalsByRid(db: SqlDb, t: string, chunk: number): Steps<Float64Array> {
  const out = new Float64Array(topRid(db, t) + 1).fill(Number.NaN);
  const read = db.prepare(`SELECT rid, ${ORDINAL} AS io FROM ${t} WHERE rid > ? ORDER BY rid LIMIT ?`);
  for (let after = 0; ;) {
    const rows = read.all(after, chunk);
    for (const r of rows) if (r.io !== null) out[Number(r.rid)] = Number(r.io);
    yield;
    if (rows.length < chunk) return out;
    after = Number(rows.at(-1)!.rid);
  }
}
