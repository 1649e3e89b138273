import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COPY_DIR, CopyFiles, openCopy, removeCopyFiles } from '../../../../electron/core/local/files';
import { LocalStore } from '../../../../electron/core/local/store';
import { MemoryLogger, MemoryStore } from '../../../harness/memory-host';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
const SECRET = 'סוד מסחרי Secret Customer 4711';
const customer = () => ({
  id: randomUUID(), object: 'customer', type: 'customer', name: SECRET, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
});
const bytesOf = (path: string) => Buffer.concat(['', '-wal'].filter((s) => existsSync(path + s)).map((s) => readFileSync(path + s)));
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'bizops-copy-')); dirs.push(d); return d; };

describe('the copy file', () => {
  it('is 0600, encrypted with the host key (no record text, no SQLite header on disk), and removed with its WAL', () => {
    const dir = tempDir();
    const files = new CopyFiles(dir, new MemoryStore(), new MemoryLogger());
    const path = files.current('p1');
    const key = randomBytes(32).toString('hex');
    const { db } = openCopy({ path, key, log: new MemoryLogger() });
    expect(db.encrypted).toBe(true);
    new LocalStore(db).upsert('customers', [customer()]);
    db.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, COPY_DIR)).mode & 0o777).toBe(0o700);
    const bytes = bytesOf(path);
    expect(bytes.includes(Buffer.from('Secret Customer'))).toBe(false);
    expect(bytes.includes(Buffer.from('סוד מסחרי'))).toBe(false);
    expect(readFileSync(path).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
    // Opened again with its key: the record is there.
    const again = openCopy({ path, key, log: new MemoryLogger() });
    expect(again.rebuilt).toBe(false);
    expect(new LocalStore(again.db).count('customers')).toBe(1);
    again.db.close();
    // With another key (the keyring lost it): rebuilt empty, not a crash.
    const lost = openCopy({ path, key: randomBytes(32).toString('hex'), log: new MemoryLogger() });
    expect(lost.rebuilt).toBe(true);
    expect(new LocalStore(lost.db).count('customers')).toBe(0);
    lost.db.close();
    removeCopyFiles(path);
    expect(existsSync(path)).toBe(false);
  });

  it('the same scan finds a plain copy out: record text and the SQLite header are on disk without a key', () => {
    const path = new CopyFiles(tempDir(), new MemoryStore(), new MemoryLogger()).current('plain');
    const { db } = openCopy({ path, key: null, log: new MemoryLogger() });
    expect(db.encrypted).toBe(false);
    new LocalStore(db).upsert('customers', [customer()]);
    db.close();
    expect(bytesOf(path).includes(Buffer.from('Secret Customer'))).toBe(true);
    expect(readFileSync(path).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });

  it('keeps a session-only profile in memory: no file at all', () => {
    const dir = tempDir();
    const { db } = openCopy({ path: null, key: null, log: new MemoryLogger() });
    new LocalStore(db).upsert('customers', [customer()]);
    expect(existsSync(join(dir, COPY_DIR))).toBe(false);
    db.close();
  });

  it('gives a forgotten copy a file of another name, adopts an older build\'s file, and sweeps files of profiles that are gone', () => {
    const dir = tempDir();
    const store = new MemoryStore();
    const files = new CopyFiles(dir, store, new MemoryLogger());
    const first = files.current('p1');
    expect(first).toMatch(/p1\.[0-9a-f]{16}\.db$/);
    expect(files.current('p1')).toBe(first);
    files.remove('p1');
    const second = files.current('p1');
    expect(second).not.toBe(first);
    // A file named the way an older build named it is the profile's copy.
    mkdirSync(join(dir, COPY_DIR), { recursive: true });
    writeFileSync(join(dir, COPY_DIR, 'p2.db'), 'x', { mode: 0o600 });
    expect(new CopyFiles(dir, store, new MemoryLogger()).current('p2')).toBe(join(dir, COPY_DIR, 'p2.db'));
    // Leftovers: a copy of a removed profile, an old generation's WAL, a file of an unknown profile.
    for (const f of [second, `${first}-wal`, join(dir, COPY_DIR, 'gone.0123456789abcdef.db'), join(dir, COPY_DIR, 'gone.0123456789abcdef.db-shm')]) writeFileSync(f, 'x', { mode: 0o600 });
    writeFileSync(join(dir, COPY_DIR, 'notes.txt'), 'not a copy');
    expect(files.sweep(new Set(['p1']))).toBe(4);
    expect(readdirSync(join(dir, COPY_DIR)).sort()).toEqual([second.split('/').pop(), 'notes.txt'].sort());
    expect(store.get('localCopy.files')).toEqual({ p1: second.split('/').pop() });
  });
});
