import { LOCAL_AREAS } from '../../../shared';
import { rankSteps } from './collation';
import { ORDINAL, ftsTableOf, hasIndex, indexName, q, tableOf } from './layout';
import { orderOrdinals } from './ordinals';
import { analyze, fillSearch, indexStatements, searchTextSql } from './schema';
import type { SqlDb, SqlRow } from './sql';
import { ridRangeSteps, type Steps } from './steps';

/**
 * The end of an area's first fill, in steps: the ids' ordinals put in id order, every collated column
 * ranked in every language, then (for a copy on disk, whose fill wrote the rows alone) the indexes and
 * the full-text rows built, each index by one sorted build (12 to 14% smaller than one kept up to date
 * through a thousand pages, and half the fill's time), and the planner's statistics. From then on every
 * write keeps all of them up to date. A copy in memory keeps its indexes and full-text rows from the
 * start (`build: false`).
 */
export function* finishSteps(db: SqlDb, area: string, o: { build: boolean }): Steps {
  yield* orderSteps(db, area);
  if (o.build) yield* buildSteps(db, area);
  analyze(db, area);
  finished(db, area);
}

/** The ordinals in id order and every collated column ranked: the part of the end of a fill before its indexes. */
export function* orderSteps(db: SqlDb, area: string): Steps {
  yield* orderOrdinals(db, area);
  yield* rankSteps(db, area);
}

export const finished = (db: SqlDb, area: string) => db.prepare('UPDATE _areas SET indexed = 1 WHERE area = ?').run(area);

/** The indexes, the full-text rows and the planner's statistics as statements for the back room, each one long. */
export function buildStatements(area: string): string[] {
  const a = LOCAL_AREAS[area];
  if (!a) return [];
  const f = ftsTableOf(area);
  return [
    ...indexStatements(area),
    ...(a.search.length ? [`INSERT INTO ${f} (${f}) VALUES ('delete-all')`, `INSERT INTO ${f} (rowid, t) SELECT rid, ${searchTextSql(a)} FROM ${tableOf(area)}`] : []),
    `PRAGMA analysis_limit = 1000; ANALYZE ${tableOf(area)}`,
  ];
}

/** Rows of text put in the full-text index per step. */
const SEARCH_ROWS = 2_000;

function* buildSteps(db: SqlDb, area: string): Steps {
  for (const s of indexStatements(area)) {
    db.exec(s);
    yield;
  }
  if (!LOCAL_AREAS[area]?.search.length) return;
  const f = ftsTableOf(area);
  db.exec(`INSERT INTO ${f} (${f}) VALUES ('delete-all')`);
  yield* ridRangeSteps(db, tableOf(area), SEARCH_ROWS, (after, upTo) => db.transaction(() => fillSearch(db, area, after + 1, upTo)));
}

/** Rows read back per step. */
const READ_BACK_ROWS = 5_000;

/**
 * The area's rows read back into the engine's page cache, a range of rids a step, once the back room
 * has built its indexes: its writes left the engine's cache empty, and the first lists after a fill
 * would otherwise read every row they look up from the file (the first sort by a city among active
 * customers: 53 ms cold, 25 to 30 read back, at 100,000).
 */
export function* readBackSteps(db: SqlDb, area: string): Steps {
  const t = tableOf(area);
  const count = db.prepare(`SELECT count(*) AS n FROM ${t} WHERE rid > ? AND rid <= ?`);
  yield* ridRangeSteps(db, t, READ_BACK_ROWS, (after, upTo) => { count.get(after, upTo); });
  // The mark's index too: the API's own order, and every filter by a column of a few values, count and read it.
  const index = indexName(area, 'w');
  if (!hasIndex(area, 'w') || !db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'index' AND name = ?").get(index)) return;
  const next = db.prepare(`SELECT w, ${ORDINAL} AS o FROM ${t} INDEXED BY ${q(index)} WHERE (w, ${ORDINAL}) > (?, ?) ORDER BY w, ${ORDINAL} LIMIT 1 OFFSET ${READ_BACK_ROWS - 1}`);
  for (let at: SqlRow | undefined = { w: '', o: -(2 ** 53) }; at;) {
    at = next.get(at.w ?? '', at.o ?? 0);
    yield;
  }
}

/** Where a large area's indexes are built: a thread of its own on the copy's file (back-room.ts). */
export interface BackRoom {
  /** Starts the thread ahead of its job (a large area's fill is under way), so its start is not part of the fill's end. */
  prepare(): void;
  /** Runs the statements one after another on the copy's file; settles when done. */
  run(statements: readonly string[], signal: AbortSignal): Promise<void>;
}
