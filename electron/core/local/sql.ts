import Database from 'libsql';

/**
 * The embedded database behind the local copy: libsql (SQLite with built-in encryption at rest,
 * prebuilt N-API binaries per platform, so the same package runs under Node 20 and Electron's main
 * without a rebuild). Only this file knows the engine; the rest of the copy talks SQL through it.
 */
export type SqlValue = string | number | null;
export type SqlRow = Record<string, SqlValue>;
/** A bound value: a row's, or a 64-bit integer (the letters column holds 63 bits). */
export type SqlParam = SqlValue | bigint;

export interface SqlStatement {
  run(...params: SqlParam[]): { changes: number };
  all(...params: SqlParam[]): SqlRow[];
  get(...params: SqlParam[]): SqlRow | undefined;
}

export interface SqlDb {
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  /** Runs `fn` in one transaction: all of it lands, or none of it (a crash mid-page leaves the page out). */
  transaction<T>(fn: () => T): T;
  close(): void;
  /** Prepared statements held now (at most STATEMENTS_KEPT). */
  statementsHeld(): number;
  readonly path: string;
  readonly encrypted: boolean;
}

export interface OpenOptions {
  /** A file path, or ':memory:' for a session-only profile. */
  path: string;
  /** The key that encrypts the file (AES-256); null keeps it plain. */
  key: string | null;
}

/**
 * Prepared statements kept per database, the least recently used dropped past this many: the SQL of
 * local.query varies with what a page asks (filters, IN lists), so the cache must not grow with it.
 */
export const STATEMENTS_KEPT = 256;

/** The most the copy's log keeps on disk between writes (the engine lets it grow to 4,000 pages, 16 MB, in a large fill). */
export const WAL_KEPT_BYTES = 16 * 1024 * 1024;

/** Opens (creating when missing) a database: WAL journal, full sync on commit, foreign keys off (none used). */
export function openSql(o: OpenOptions): SqlDb {
  const memory = o.path === ':memory:';
  // libsql's typings (from better-sqlite3) do not list its encryption option.
  const options: Database.Options & { encryptionKey?: string } = o.key && !memory ? { encryptionKey: o.key } : {};
  const db = new Database(o.path, options);
  // WAL: a crash mid-write loses at most the transaction in flight, never the file.
  // The log is reused after each checkpoint and keeps the largest size it reached: past WAL_KEPT_BYTES it is cut back.
  if (!memory) db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = ${WAL_KEPT_BYTES};`);
  db.exec('PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32000;');
  const statements = new Map<string, SqlStatement>();
  const prepare = (sql: string): SqlStatement => {
    let s = statements.get(sql);
    if (s) {
      // Most recently used last: the first key is the one to drop.
      statements.delete(sql);
      statements.set(sql, s);
      return s;
    }
    const st = db.prepare(sql);
    s = {
      run: (...p) => ({ changes: Number(st.run(...p).changes) }),
      all: (...p) => st.all(...p) as SqlRow[],
      get: (...p) => st.get(...p) as SqlRow | undefined,
    };
    if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
    statements.set(sql, s);
    return s;
  };
  return {
    path: o.path,
    encrypted: Boolean(o.key) && !memory,
    exec: (sql) => { db.exec(sql); },
    prepare,
    transaction: <T>(fn: () => T): T => {
      // Nested calls join the transaction already open.
      if (db.inTransaction) return fn();
      db.exec('BEGIN IMMEDIATE');
      try {
        const out = fn();
        db.exec('COMMIT');
        return out;
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw e;
      }
    },
    close: () => { statements.clear(); db.close(); },
    statementsHeld: () => statements.size,
  };
}
