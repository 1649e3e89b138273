import { LOCAL_AREAS } from '../../../shared';
import { rankSteps } from './collation';
import { ftsTableOf, tableOf } from './layout';
import { orderOrdinals } from './ordinals';
import { analyze, fillSearch, indexStatements } from './schema';
import type { SqlDb } from './sql';
import type { Steps } from './steps';

/**
 * The end of an area's first fill, in steps: the ids' ordinals put in id order, every collated column
 * ranked in every language, then (for a copy on disk, whose fill wrote the rows alone) the indexes and
 * the full-text rows built, each index by one sorted build (12 to 14% smaller than one kept up to date
 * through a thousand pages, and half the fill's time), and the planner's statistics. From then on every
 * write keeps all of them up to date. A copy in memory keeps its indexes and full-text rows from the
 * start (`build: false`).
 */
export function* finishSteps(db: SqlDb, area: string, o: { build: boolean }): Steps {
  yield* orderOrdinals(db, area);
  yield* rankSteps(db, area);
  if (o.build) yield* buildSteps(db, area);
  analyze(db, area);
  db.prepare('UPDATE _areas SET indexed = 1 WHERE area = ?').run(area);
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
  const top = Number(db.prepare(`SELECT ifnull(max(rid), 0) AS m FROM ${tableOf(area)}`).get()!.m);
  for (let from = 0; from <= top; from += SEARCH_ROWS) {
    db.transaction(() => fillSearch(db, area, from, from + SEARCH_ROWS - 1));
    yield;
  }
}

/** Where an area's end of fill runs: the back room (another thread, a copy on disk) takes the large ones. */
export interface BackRoom {
  /** Runs `finishSteps` (with `build: true`) on the copy's file in a thread of its own; settles when done. */
  finish(area: string, signal: AbortSignal): Promise<void>;
}
