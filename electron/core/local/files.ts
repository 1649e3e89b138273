import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonStore, Logger } from '../ports';
import { SETTINGS_KEYS } from '../settings-schema';
import { migrate } from './schema';
import { openSql, type SqlDb } from './sql';

/**
 * Where a profile's copy lives and how it is opened: one file per profile under the app's data
 * folder, made 0600 before SQLite first writes it (its WAL and shared-memory files take the same
 * mode), encrypted with the host's key. A file that cannot be opened or read is removed and made
 * again, and the caller is told so (the copy is rebuilt from the API; the app never stops on it).
 *
 * Each copy's file has a name of its own (`<profile>.<random>.db`, recorded in the settings): a
 * forgotten copy's successor is another file, so a late close of the old one (its WAL checkpoint and
 * removal) can never touch the new one's.
 */
export const COPY_DIR = 'local-copy';
const SUFFIXES = ['', '-wal', '-shm', '-journal'];
const FILES_KEY = SETTINGS_KEYS.localCopyFiles;
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_NAME = /^([A-Za-z0-9_-]{1,64})(\.[0-9a-f]{16})?\.db$/;

export function removeCopyFiles(path: string, log?: Logger): boolean {
  let all = true;
  for (const s of SUFFIXES) {
    try {
      rmSync(`${path}${s}`, { force: true });
    } catch (e) {
      // Still open somewhere (Windows refuses): the start-up sweep removes it next time.
      all = false;
      log?.warn('could not remove a local copy file', { reason: e instanceof Error ? e.message.slice(0, 200) : 'unknown' });
    }
  }
  return all;
}

/** The copy files of each profile: which one is current, a new one after a forget, and the sweep of the rest. */
export class CopyFiles {
  constructor(private readonly dataDir: string, private readonly store: JsonStore, private readonly log: Logger) {}

  get dir(): string {
    return join(this.dataDir, COPY_DIR);
  }

  /** The current file of a profile's copy (named now when it has none; a file of an older build is adopted). */
  current(profileId: string): string {
    if (!PROFILE_ID.test(profileId)) throw new Error('unexpected profile id');
    const names = this.names();
    let name = names[profileId];
    if (!name) {
      name = existsSync(join(this.dir, `${profileId}.db`)) ? `${profileId}.db` : newName(profileId);
      this.store.set(FILES_KEY, { ...names, [profileId]: name });
    }
    return join(this.dir, name);
  }

  /**
   * Removes a profile's current file (closed first by the caller) and forgets its name: the next copy gets a
   * new one. Returns the files that could not be removed (still open: Windows), which the start-up sweep removes.
   */
  remove(profileId: string): string[] {
    const names = this.names();
    const name = names[profileId];
    const paths = [...(name ? [join(this.dir, name)] : []), join(this.dir, `${profileId}.db`)];
    const left = paths.filter((p) => !removeCopyFiles(p, this.log));
    delete names[profileId];
    this.store.set(FILES_KEY, names);
    return left;
  }

  /** Removes every copy file that is not the current file of one of these profiles (start-up). */
  sweep(profileIds: ReadonlySet<string>): number {
    const names = this.names();
    const keep = new Set<string>();
    for (const [id, name] of Object.entries(names)) if (profileIds.has(id)) keep.add(name);
    let removed = 0;
    let entries: string[] = [];
    try {
      entries = readdirSync(this.dir);
    } catch {
      return 0; // no folder yet
    }
    for (const entry of entries) {
      const base = SUFFIXES.slice(1).reduce((n, s) => (n.endsWith(s) ? n.slice(0, -s.length) : n), entry);
      if (!FILE_NAME.test(base) || keep.has(base)) continue;
      try {
        rmSync(join(this.dir, entry), { force: true });
        removed += 1;
      } catch {
        // left for the next start
      }
    }
    const kept = Object.fromEntries(Object.entries(names).filter(([id]) => profileIds.has(id)));
    if (Object.keys(kept).length !== Object.keys(names).length) this.store.set(FILES_KEY, kept);
    return removed;
  }

  private names(): Record<string, string> {
    const v = this.store.get<unknown>(FILES_KEY);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && FILE_NAME.test(e[1])));
  }
}

const newName = (profileId: string) => `${profileId}.${randomBytes(8).toString('hex')}.db`;

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

/**
 * Opens a copy (memory for a session-only profile), rebuilding a damaged file. `fresh`: the file's
 * contents cannot be read (its key was lost): it is replaced without trying.
 */
export function openCopy(o: { path: string | null; key: string | null; log: Logger; fresh?: boolean }): Opened {
  if (o.path === null) {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    return { db, rebuilt: false };
  }
  const path = o.path;
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  if (o.fresh) removeCopyFiles(path, o.log);
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  try {
    return { db: openAndCheck(path, o.key), rebuilt: false };
  } catch (e) {
    o.log.warn('local copy could not be opened; rebuilding it from the API', { reason: e instanceof Error ? e.message.slice(0, 200) : 'unknown' });
    removeCopyFiles(path, o.log);
    closeSync(openSync(path, 'a', 0o600));
    return { db: openAndCheck(path, o.key), rebuilt: true };
  }
}
