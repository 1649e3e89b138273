import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../ports';
import { migrate } from './schema';
import { openSql, type SqlDb } from './sql';

/**
 * Where a profile's copy lives and how it is opened: one file per profile under the app's data
 * folder, made 0600 before SQLite first writes it (its WAL and shared-memory files take the same
 * mode), encrypted with the host's key. A file that cannot be opened or read is removed and made
 * again, and the caller is told so (the copy is rebuilt from the API; the app never stops on it).
 */
export const COPY_DIR = 'local-copy';
const SUFFIXES = ['', '-wal', '-shm', '-journal'];

export function copyPath(dataDir: string, profileId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(profileId)) throw new Error('unexpected profile id');
  return join(dataDir, COPY_DIR, `${profileId}.db`);
}

export function removeCopyFiles(path: string): void {
  for (const s of SUFFIXES) rmSync(`${path}${s}`, { force: true });
}

export interface Opened { db: SqlDb; rebuilt: boolean }

function openAndCheck(path: string, key: string | null): SqlDb {
  const db = openSql({ path, key });
  try {
    // Reads the header and the schema (a damaged file, or one the key does not open, fails here), then
    // every table's root (migrate): cheap at any size, unlike an integrity check of every page.
    db.prepare('SELECT count(*) AS n FROM sqlite_master').get();
    migrate(db);
    for (const r of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()) {
      const name = String(r.name);
      if (name.startsWith('r_')) db.prepare(`SELECT rid FROM "${name}" LIMIT 1`).get();
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Opens a profile's copy (memory for a session-only profile), rebuilding a damaged file. */
export function openCopy(o: { dataDir: string; profileId: string; memory: boolean; key: string | null; log: Logger }): Opened {
  if (o.memory) {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    return { db, rebuilt: false };
  }
  const path = copyPath(o.dataDir, o.profileId);
  mkdirSync(join(o.dataDir, COPY_DIR), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  try {
    return { db: openAndCheck(path, o.key), rebuilt: false };
  } catch (e) {
    o.log.warn('local copy could not be opened; rebuilding it from the API', { reason: e instanceof Error ? e.message.slice(0, 200) : 'unknown' });
    removeCopyFiles(path);
    closeSync(openSync(path, 'a', 0o600));
    return { db: openAndCheck(path, o.key), rebuilt: true };
  }
}
