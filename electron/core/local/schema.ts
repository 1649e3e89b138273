import { createHash } from 'node:crypto';
import { LOCAL_AREAS, type LocalArea, type LocalColumn } from '../../../shared';
import { LETTERS, ORDINAL, SORT_LANGUAGES, ftsTableOf, indexDdl, isRanked, jsonTableOf, q, rankOf, searchTextSql, sortIndexes, tableOf } from './layout';
import type { SqlDb } from './sql';

export { LETTERS, ftsTableOf, indexName, isRanked, jsonTableOf, q, rankOf, searchTextSql, tableOf } from './layout';

/**
 * Tables of the copy (layout.ts names them): per area a narrow table of typed columns (`r_`), the
 * rest of each record (`j_`), and a trigram index of the text (`f_`, contentless: the text is the
 * row's own columns). Collated text columns carry a rank per language (`<col>__k_en`, `<col>__k_he`).
 */
const sqlType = (c: LocalColumn): string => {
  switch (c.kind) {
    // Amounts too: exact integers at their column's scale (LOCAL_SCALE), so sums are exact.
    case 'int': case 'bool': case 'money': case 'quantity': return 'INTEGER';
    default: return 'TEXT';
  }
};

/** Copies held in memory keep their indexes from the start (nothing to build at the end of a fill, nothing on disk to keep small). */
export const eagerIndexes = (db: SqlDb) => db.path === ':memory:';

function areaDdl(a: LocalArea, eager: boolean): string[] {
  const t = tableOf(a.area);
  const cols = a.columns.filter((c) => c.name !== 'id');
  const defs = [
    'rid INTEGER PRIMARY KEY', 'id TEXT NOT NULL UNIQUE', 'w TEXT NOT NULL', `${ORDINAL} REAL`,
    // The order field is the mark itself: read through a column that stores nothing.
    ...cols.map((c) => (c.name === a.order ? `${q(c.name)} TEXT AS (w) VIRTUAL` : `${q(c.name)} ${sqlType(c)}`)),
    ...cols.filter(isRanked).flatMap((c) => SORT_LANGUAGES.map((l) => `${q(rankOf(c.name, l))} REAL`)),
    ...(a.search.length ? [`${LETTERS} INTEGER NOT NULL DEFAULT 0`] : []),
  ];
  return [
    `CREATE TABLE IF NOT EXISTS ${t} (${defs.join(', ')})`,
    `CREATE TABLE IF NOT EXISTS ${jsonTableOf(a.area)} (rid INTEGER PRIMARY KEY, s INTEGER NOT NULL, v TEXT NOT NULL)`,
    ...(a.search.length ? [`CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTableOf(a.area)} USING fts5(t, tokenize = 'trigram', content = '', contentless_delete = 1, detail = none)`] : []),
    ...(eager ? sortIndexes(a).map((i) => indexDdl(a, i)) : []),
  ];
}

/** The statements that build an area's indexes, one each (the full-text rows apart: fillSearch). */
export const indexStatements = (area: string): string[] => {
  const a = LOCAL_AREAS[area];
  return a ? sortIndexes(a).map((i) => indexDdl(a, i)) : [];
};

/** Puts an area's text into its full-text index, rows `from` to `to` (rids); every row when unbounded. */
export function fillSearch(db: SqlDb, area: string, from = 0, to = Number.MAX_SAFE_INTEGER): void {
  const a = LOCAL_AREAS[area];
  if (!a?.search.length) return;
  db.prepare(`INSERT INTO ${ftsTableOf(area)} (rowid, t) SELECT rid, ${searchTextSql(a)} FROM ${tableOf(area)} WHERE rid BETWEEN ? AND ?`).run(from, to);
}

/**
 * Every index and the full-text rows of an area at once (a copy in memory keeps them from the
 * start; finish.ts builds a file's in steps, or in the back room).
 */
export function buildIndexes(db: SqlDb, area: string): void {
  const a = LOCAL_AREAS[area];
  if (!a) return;
  db.transaction(() => {
    for (const s of indexStatements(area)) db.exec(s);
    if (a.search.length && !eagerIndexes(db)) {
      db.exec(`INSERT INTO ${ftsTableOf(area)} (${ftsTableOf(area)}) VALUES ('delete-all')`);
      fillSearch(db, area);
    }
  });
  analyze(db, area);
}

/** Statistics for the planner, read from a sample (a full ANALYZE reads every page of the area). */
export function analyze(db: SqlDb, area: string): void {
  db.exec(`PRAGMA analysis_limit = 1000; ANALYZE ${tableOf(area)}`);
}

/**
 * The fingerprint of an area's derived table: a contract change rebuilds that area (and fills it
 * again). Areas with a search box also name the letters column, so copies made before it rebuild;
 * an area whose search box also reads numbers names them, so its full-text rows are made again;
 * amounts name their scale, so copies that held them as floating point (REAL) rebuild.
 */
export const areaVersion = (a: LocalArea): string => {
  const numbers = a.search.filter((n) => a.columns.find((c) => c.name === n)?.kind !== 'text');
  const shape = { columns: a.columns, layout: LAYOUT, ...(a.search.length ? { [LETTERS]: 1 } : {}), ...(numbers.length ? { numbers } : {}) };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
};
/** The copy's own table layout: a change rebuilds every area (2: ranks per language; 3: records kept once, ordinals, contentless text index). */
const LAYOUT = 3;

const META = `CREATE TABLE IF NOT EXISTS _areas (
  area TEXT PRIMARY KEY, version TEXT NOT NULL,
  filled INTEGER NOT NULL DEFAULT 0,      -- 1 once the first fill finished
  fill_cursor TEXT, fill_top TEXT,        -- where an unfinished fill goes on, and the newest mark it saw first
  fill_pages INTEGER NOT NULL DEFAULT 0,
  indexed INTEGER NOT NULL DEFAULT 0,     -- 1 once ranks, ordinals, indexes and full-text rows are complete (finish.ts)
  mark TEXT,                              -- the newest updated_at (or created_at) held: the next cycle starts here
  last_sync TEXT, last_deletion_check TEXT, denied INTEGER NOT NULL DEFAULT 0, message TEXT,
  verified INTEGER NOT NULL DEFAULT 0,    -- 1 once a read under the current key succeeded (until then nothing is served)
  cycle_start TEXT                        -- the server's clock when the last fill or cycle began (the next cycle reads from before it)
)`;
/** Columns added to _areas after its first release: a file of an older build gains them (unverified). */
const META_ADDED: Record<string, string> = { verified: 'INTEGER NOT NULL DEFAULT 0', cycle_start: 'TEXT' };
/** The copy's own facts: the business it belongs to. */
const FACTS = 'CREATE TABLE IF NOT EXISTS _facts (k TEXT PRIMARY KEY, v TEXT)';
/** Records the API answered that fail the contract's check: kept out of the copy, with the reason, until they pass. */
const HELD = 'CREATE TABLE IF NOT EXISTS _held (area TEXT NOT NULL, id TEXT NOT NULL, reason TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (area, id))';
/** Which columns hold complete ranks in which language. */
const RANKS = 'CREATE TABLE IF NOT EXISTS _ranked (area TEXT NOT NULL, col TEXT NOT NULL, lang TEXT NOT NULL, PRIMARY KEY (area, col, lang))';
/** The shapes of an area's records (record-shape.ts), by number. */
const SHAPES = 'CREATE TABLE IF NOT EXISTS _shapes (area TEXT NOT NULL, s INTEGER NOT NULL, shape TEXT NOT NULL, PRIMARY KEY (area, s))';

function dropArea(db: SqlDb, area: string): void {
  db.exec(`DROP TABLE IF EXISTS ${tableOf(area)}; DROP TABLE IF EXISTS ${jsonTableOf(area)}; DROP TABLE IF EXISTS ${ftsTableOf(area)};`);
  for (const t of ['_areas', '_ranked', '_held', '_shapes']) db.prepare(`DELETE FROM ${t} WHERE area = ?`).run(area);
}

/** Creates what is missing and rebuilds areas whose derived columns changed since the file was made. */
export function migrate(db: SqlDb): void {
  // One transaction: a new file's twenty areas were as many commits, and the open waited for each.
  db.transaction(() => migrateIn(db));
}

function migrateIn(db: SqlDb): void {
  db.exec(META);
  const have = new Set(db.prepare('PRAGMA table_info(_areas)').all().map((r) => String(r.name)));
  for (const [name, def] of Object.entries(META_ADDED)) if (!have.has(name)) db.exec(`ALTER TABLE _areas ADD COLUMN ${q(name)} ${def}`);
  db.exec('DROP TABLE IF EXISTS _ranks'); // one rank per column, of an older build (its areas rebuild: LAYOUT)
  for (const s of [RANKS, FACTS, HELD, SHAPES]) db.exec(s);
  const known = new Map(db.prepare('SELECT area, version FROM _areas').all().map((r) => [String(r.area), String(r.version)]));
  for (const a of Object.values(LOCAL_AREAS)) {
    const v = areaVersion(a);
    if (known.has(a.area) && known.get(a.area) !== v) dropArea(db, a.area);
    create(db, a, v);
  }
}

function create(db: SqlDb, a: LocalArea, version: string): void {
  db.transaction(() => {
    for (const s of areaDdl(a, eagerIndexes(db))) db.exec(s);
    db.prepare('INSERT OR IGNORE INTO _areas (area, version) VALUES (?, ?)').run(a.area, version);
  });
}

/** Empties one area (a forget, or a fill that must start again). */
export function clearArea(db: SqlDb, area: string): void {
  dropArea(db, area);
  const a = LOCAL_AREAS[area];
  if (a) create(db, a, areaVersion(a));
}
