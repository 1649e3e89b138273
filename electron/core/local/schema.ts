import { createHash } from 'node:crypto';
import { LOCAL_AREAS, type LocalArea, type LocalColumn } from '../../../shared';
import type { SqlDb } from './sql';

/**
 * Tables of the copy, derived from the contract's columns (shared/local/columns.ts): per area a
 * narrow table of typed, indexed columns (`r_`), the records as the API returned them (`j_`) and a
 * trigram full-text index over the text columns (`f_`, Hebrew included). Text columns carry a
 * collation rank (`<col>__k`) so they sort as a reader of the user's language expects.
 */
export const tableOf = (area: string) => `r_${area.replaceAll('-', '_')}`;
export const jsonTableOf = (area: string) => `j_${area.replaceAll('-', '_')}`;
export const ftsTableOf = (area: string) => `f_${area.replaceAll('-', '_')}`;
/** A text column's collation rank in one language (`<col>__k_en`, `<col>__k_he`). */
export const rankOf = (column: string, language: 'en' | 'he') => `${column}__k_${language}`;
const RANK_LANGUAGES = ['en', 'he'] as const;
/** Column names are the contract's field names, checked here so none can break out of SQL. */
const SAFE = /^[a-z][a-z0-9_]{0,63}$/;
export const q = (name: string): string => {
  if (!SAFE.test(name)) throw new Error(`unsafe SQL name ${name}`);
  return `"${name}"`;
};

const sqlType = (c: LocalColumn): string => {
  switch (c.kind) {
    // Amounts too: exact integers at their column's scale (LOCAL_SCALE), so sums are exact.
    case 'int': case 'bool': case 'money': case 'quantity': return 'INTEGER';
    default: return 'TEXT';
  }
};

export const isRanked = (c: LocalColumn) => c.kind === 'text';
/**
 * The bits of the letters and digits a record's search text holds (values.ts: lettersOf), in areas
 * with a search box: the last column of every sort index, so a one-character search tests it while
 * walking an index without reading any row.
 */
export const LETTERS = 'letters';
const indexTail = (a: LocalArea) => (a.search.length ? `id, ${LETTERS}` : 'id');
/** The index of one stored column (a value or a rank) of an area. */
export const indexName = (area: string, stored: string) => `${tableOf(area)}_${stored}`.slice(0, 63);

function areaDdl(a: LocalArea): string[] {
  const t = tableOf(a.area);
  const cols = a.columns.filter((c) => c.name !== 'id');
  const defs = [
    'rid INTEGER PRIMARY KEY', 'id TEXT NOT NULL UNIQUE', 'w TEXT NOT NULL',
    ...cols.map((c) => `${q(c.name)} ${sqlType(c)}`),
    ...cols.filter(isRanked).flatMap((c) => RANK_LANGUAGES.map((l) => `${q(rankOf(c.name, l))} REAL`)),
    ...(a.search.length ? [`${LETTERS} INTEGER NOT NULL DEFAULT 0`] : []),
  ];
  return [
    `CREATE TABLE IF NOT EXISTS ${t} (${defs.join(', ')})`,
    `CREATE INDEX IF NOT EXISTS ${t}_w ON ${t}(w, ${indexTail(a)})`,
    `CREATE TABLE IF NOT EXISTS ${jsonTableOf(a.area)} (rid INTEGER PRIMARY KEY, rec TEXT NOT NULL)`,
    ...(a.search.length ? [`CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTableOf(a.area)} USING fts5(t, tokenize = 'trigram')`] : []),
  ];
}

/**
 * The indexes of every column and the full-text rows, made once the first fill has finished: one
 * sorted build is many times cheaper than keeping 20 indexes up to date through 1,000 pages.
 */
export function buildIndexes(db: SqlDb, area: string): void {
  const a = LOCAL_AREAS[area];
  if (!a) return;
  const t = tableOf(area);
  const cols = a.columns.filter((c) => c.name !== 'id');
  // With the id: a sort by one column and the id tie-break reads the index in order, no sorting.
  const idx = (name: string) => `CREATE INDEX IF NOT EXISTS ${q(indexName(area, name))} ON ${t}(${q(name)}, ${indexTail(a)})`;
  db.transaction(() => {
    for (const c of cols) for (const name of isRanked(c) ? RANK_LANGUAGES.map((l) => rankOf(c.name, l)) : [c.name]) db.exec(idx(name));
    if (a.search.length) {
      const f = ftsTableOf(area);
      const text = a.search.map((n) => `coalesce(${q(n)}, '')`).join(` || char(10) || `);
      db.exec(`DELETE FROM ${f}`);
      db.exec(`INSERT INTO ${f} (rowid, t) SELECT rid, ${text} FROM ${t}`);
    }
    db.prepare('UPDATE _areas SET indexed = 1 WHERE area = ?').run(area);
  });
  // Statistics for the planner, read from a sample (a full ANALYZE reads every page of the area).
  db.exec(`PRAGMA analysis_limit = 1000; ANALYZE ${t}`);
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
/** The copy's own table layout: a change rebuilds every area (2: ranks per language). */
const LAYOUT = 2;

const META = `CREATE TABLE IF NOT EXISTS _areas (
  area TEXT PRIMARY KEY, version TEXT NOT NULL,
  filled INTEGER NOT NULL DEFAULT 0,      -- 1 once the first fill finished
  fill_cursor TEXT, fill_top TEXT,        -- where an unfinished fill goes on, and the newest mark it saw first
  fill_pages INTEGER NOT NULL DEFAULT 0,
  indexed INTEGER NOT NULL DEFAULT 0,     -- 1 once the column indexes and full-text rows are built
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

function dropArea(db: SqlDb, area: string): void {
  db.exec(`DROP TABLE IF EXISTS ${tableOf(area)}; DROP TABLE IF EXISTS ${jsonTableOf(area)}; DROP TABLE IF EXISTS ${ftsTableOf(area)};`);
  db.prepare('DELETE FROM _areas WHERE area = ?').run(area);
  db.prepare('DELETE FROM _ranked WHERE area = ?').run(area);
  db.prepare('DELETE FROM _held WHERE area = ?').run(area);
}

/** Creates what is missing and rebuilds areas whose derived columns changed since the file was made. */
export function migrate(db: SqlDb): void {
  db.exec(META);
  const have = new Set(db.prepare('PRAGMA table_info(_areas)').all().map((r) => String(r.name)));
  for (const [name, def] of Object.entries(META_ADDED)) if (!have.has(name)) db.exec(`ALTER TABLE _areas ADD COLUMN ${q(name)} ${def}`);
  db.exec('DROP TABLE IF EXISTS _ranks'); // one rank per column, of an older build (its areas rebuild: LAYOUT)
  db.exec(RANKS);
  db.exec(FACTS);
  db.exec(HELD);
  const known = new Map(db.prepare('SELECT area, version FROM _areas').all().map((r) => [String(r.area), String(r.version)]));
  for (const a of Object.values(LOCAL_AREAS)) {
    const v = areaVersion(a);
    if (known.has(a.area) && known.get(a.area) !== v) dropArea(db, a.area);
    db.transaction(() => {
      for (const s of areaDdl(a)) db.exec(s);
      db.prepare('INSERT OR IGNORE INTO _areas (area, version) VALUES (?, ?)').run(a.area, v);
    });
  }
}

/** Empties one area (a forget, or a fill that must start again). */
export function clearArea(db: SqlDb, area: string): void {
  dropArea(db, area);
  const a = LOCAL_AREAS[area];
  if (!a) return;
  db.transaction(() => {
    for (const s of areaDdl(a)) db.exec(s);
    db.prepare('INSERT OR IGNORE INTO _areas (area, version) VALUES (?, ?)').run(a.area, areaVersion(a));
  });
}
