import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyPath, openCopy, removeCopyFiles } from '../../../../electron/core/local/files';
import { LocalStore } from '../../../../electron/core/local/store';
import { MemoryLogger } from '../../../harness/memory-host';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
const SECRET = 'סוד מסחרי Secret Customer 4711';
const customer = () => ({
  id: randomUUID(), object: 'customer', type: 'customer', name: SECRET, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
});
const bytesOf = (path: string) => Buffer.concat(['', '-wal'].filter((s) => existsSync(path + s)).map((s) => readFileSync(path + s)));

describe('the copy file', () => {
  it('is 0600, encrypted with the host key (no record text, no SQLite header on disk), and removed with its WAL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-copy-'));
    dirs.push(dir);
    const key = randomBytes(32).toString('hex');
    const { db } = openCopy({ dataDir: dir, profileId: 'p1', memory: false, key, log: new MemoryLogger() });
    expect(db.encrypted).toBe(true);
    new LocalStore(db).upsert('customers', [customer()]);
    db.close();
    const path = copyPath(dir, 'p1');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'local-copy')).mode & 0o777).toBe(0o700);
    const bytes = bytesOf(path);
    expect(bytes.includes(Buffer.from('Secret Customer'))).toBe(false);
    expect(bytes.includes(Buffer.from('סוד מסחרי'))).toBe(false);
    expect(readFileSync(path).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
    // Opened again with its key: the record is there.
    const again = openCopy({ dataDir: dir, profileId: 'p1', memory: false, key, log: new MemoryLogger() });
    expect(again.rebuilt).toBe(false);
    expect(new LocalStore(again.db).count('customers')).toBe(1);
    again.db.close();
    // With another key (the keyring lost it): rebuilt empty, not a crash.
    const lost = openCopy({ dataDir: dir, profileId: 'p1', memory: false, key: randomBytes(32).toString('hex'), log: new MemoryLogger() });
    expect(lost.rebuilt).toBe(true);
    expect(new LocalStore(lost.db).count('customers')).toBe(0);
    lost.db.close();
    removeCopyFiles(path);
    expect(existsSync(path)).toBe(false);
  });

  it('keeps a session-only profile in memory: no file at all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-copy-'));
    dirs.push(dir);
    const { db } = openCopy({ dataDir: dir, profileId: 'p2', memory: true, key: null, log: new MemoryLogger() });
    new LocalStore(db).upsert('customers', [customer()]);
    expect(existsSync(join(dir, 'local-copy'))).toBe(false);
    db.close();
  });
});
