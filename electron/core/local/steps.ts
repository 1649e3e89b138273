import { setImmediate as turn } from 'node:timers/promises';
import type { SqlDb } from './sql';

/**
 * Long work of the engine (ranking a column, ordering ids, building indexes, walking every id) is
 * written as a generator that yields between small steps. The engine's thread runs it a few
 * milliseconds at a time and lets the screens' questions in between (`drive`); the back room, a
 * thread no question waits on, and a copy's first test run it to the end at once (`runToEnd`).
 */
export type Steps<T = void> = Generator<void, T, void>;

/** Most time spent on one run of steps before the engine answers what is waiting. */
export const SLICE_MS = 6;

/** The highest rid a table holds (0 when empty). */
export const topRid = (db: SqlDb, table: string): number => Number(db.prepare(`SELECT ifnull(max(rid), 0) AS m FROM ${table}`).get()!.m);

/** A table's rids up to its highest, `size` a step: `each(after, upTo)` takes the rows with after < rid <= upTo. */
export function* ridRangeSteps(db: SqlDb, table: string, size: number, each: (after: number, upTo: number) => void): Steps {
  const top = topRid(db, table);
  for (let after = 0; after < top; after += size) {
    each(after, after + size);
    yield;
  }
}

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export async function drive<T>(steps: Steps<T>, signal?: AbortSignal, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  try {
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() - start >= sliceMs) {
        await turn();
        signal?.throwIfAborted();
        start = performance.now();
      }
    }
  } catch (e) {
    steps.return(undefined as T); // a stopped run's own clean-up (its `finally`) runs now
    throw e;
  }
}

/** A stable merge sort that yields every so many comparisons (Intl.Collator compares in about a microsecond). */
export function* sortInSteps<T>(values: readonly T[], compare: (a: T, b: T) => number, every = 2_048): Steps<T[]> {
  const RUN = 256;
  let src = values.slice();
  for (let i = 0; i < src.length; i += RUN) {
    const run = src.slice(i, i + RUN).sort(compare);
    for (let j = 0; j < run.length; j++) src[i + j] = run[j]!;
    yield;
  }
  let dst = new Array<T>(src.length);
  let n = 0;
  for (let width = RUN; width < src.length; width *= 2) {
    for (let lo = 0; lo < src.length; lo += 2 * width) {
      const mid = Math.min(lo + width, src.length);
      const hi = Math.min(lo + 2 * width, src.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        dst[k++] = compare(src[j]!, src[i]!) < 0 ? src[j++]! : src[i++]!;
        if (++n % every === 0) yield;
      }
      while (i < mid) dst[k++] = src[i++]!;
      while (j < hi) dst[k++] = src[j++]!;
    }
    [src, dst] = [dst, src];
    yield;
  }
  return src;
}

/** Rows of a table in rid order, a chunk at a time: each chunk is read by its own statement. */
export function* chunksOf(read: (after: number, limit: number) => { rid: number }[], size = 1_000): Generator<{ rid: number }[], void, void> {
  let after = -Infinity;
  for (;;) {
    const rows = read(after, size);
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)!.rid;
    if (rows.length < size) return;
  }
}
