import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackRoomThread, CHECKPOINT_EVERY_MS } from '../../../../electron/core/local/back-room';
import type { BackRoom } from '../../../../electron/core/local/finish';
import { migrate } from '../../../../electron/core/local/schema';
import { WAL_KEPT_BYTES, openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { BACK_ROOM_FROM, ENGINE_CHECKPOINT_PAGES, ENGINE_CHECKPOINT_PAGES_BESIDE_ROOM, LocalStore } from '../../../../electron/core/local/store';
import { sourceBackRoom } from '../../../harness/engine-bundle';

/**
 * The back room's thread is started while a large area fills, so its start is not part of the fill's
 * end; a thread started ahead and not used ends with the copy, and one that ended on its own is
 * started again for its job.
 */
// A stand-in for the back room's entry: it answers every job done (and takes the checkpoints' message as the thread starts).
const room = () => new Worker("const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => { if (m.statements) parentPort.postMessage({ ok: true }); })", { eval: true });
const file = { path: '/nowhere', key: null };
const exited = (w: Worker) => new Promise<number>((r) => w.once('exit', r));

describe('the back room started ahead of its job', () => {
  it('runs the job on the thread started ahead, without starting another', async () => {
    const started: Worker[] = [];
    const thread = new BackRoomThread(() => { const w = room(); started.push(w); return w; }, file);
    thread.prepare();
    thread.prepare();
    expect(started).toHaveLength(1);
    const gone = exited(started[0]!);
    await thread.run(['SELECT 1'], new AbortController().signal);
    expect(started).toHaveLength(1);
    await gone; // ended with its job
  });

  it('ends a thread started ahead and not used when the copy closes', async () => {
    const started: Worker[] = [];
    const thread = new BackRoomThread(() => { const w = room(); started.push(w); return w; }, file);
    thread.prepare();
    const gone = exited(started[0]!);
    await thread.dispose();
    await gone;
    await thread.run(['SELECT 1'], new AbortController().signal);
    expect(started).toHaveLength(2);
  });

  it('starts the job on a new thread when the one started ahead has ended', async () => {
    const started: Worker[] = [];
    const thread = new BackRoomThread(() => { const w = room(); started.push(w); return w; }, file);
    thread.prepare();
    await started[0]!.terminate();
    await thread.run(['SELECT 1'], new AbortController().signal);
    expect(started).toHaveLength(2);
  });
});

// A copy on disk, as the back room needs one, removed after each test.
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
/** Without `room`, a store with no back room; `path` is the copy's file. */
function copyOnDisk(room?: (db: SqlDb) => BackRoom) {
  const dir = mkdtempSync(join(tmpdir(), 'bizops-room-'));
  dirs.push(dir);
  const path = join(dir, 'copy.db');
  const db = openSql({ path, key: null });
  migrate(db);
  return { db, path, store: new LocalStore(db, room ? { backRoom: room(db), sliceMs: 0 } : { sliceMs: 0 }) };
}
let t = 0;
const customers = (n: number) => Array.from({ length: n }, () => ({
  id: randomUUID(), object: 'customer', type: 'customer', name: 'n', business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1) + t).toISOString(),
}));

/** A back room that runs its statements here, on the copy's own connection (`done` after them). */
const roomHere = (done: () => void = () => {}) => (db: SqlDb): BackRoom =>
  ({ prepare: vi.fn(), run: vi.fn(async (statements: readonly string[]) => { for (const s of statements) db.exec(s); done(); }) });

describe('a fill on disk starts the back room once the area will need it', () => {
  it('at the page that takes the area to the back room\'s size, not before; never for a small area', async () => {
    const backRoom: BackRoom = { prepare: vi.fn(), run: vi.fn(async () => undefined) };
    const { db, store } = copyOnDisk(() => backRoom);
    await store.write('customers', customers(BACK_ROOM_FROM - 100), undefined, { fill: true });
    await store.write('suppliers', customers(50), undefined, { fill: true });
    expect(backRoom.prepare).not.toHaveBeenCalled();
    await store.write('customers', customers(100), undefined, { fill: true });
    expect(backRoom.prepare).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('lets the log grow further before its own connection checkpoints while the back room checkpoints, and takes that back once the job is done', async () => {
    const { db, store } = copyOnDisk(roomHere());
    const pages = () => Number(db.prepare('PRAGMA wal_autocheckpoint').get()!.wal_autocheckpoint);
    expect(pages()).toBe(ENGINE_CHECKPOINT_PAGES);
    await store.write('customers', customers(BACK_ROOM_FROM - 100), undefined, { fill: true });
    expect(pages()).toBe(ENGINE_CHECKPOINT_PAGES);
    await store.write('customers', customers(100), undefined, { fill: true });
    expect(pages()).toBe(ENGINE_CHECKPOINT_PAGES_BESIDE_ROOM);
    await store.finish('customers', new AbortController().signal);
    expect(pages()).toBe(ENGINE_CHECKPOINT_PAGES);
    db.close();
  });
});

describe('the rows read back once the back room has built an area\'s indexes', () => {
  it('reads every range of rids, a step each, after the indexes are built', async () => {
    const order: string[] = [];
    const { db, store } = copyOnDisk(roomHere(() => { order.push('indexes'); }));
    await store.write('customers', customers(BACK_ROOM_FROM + 2_500), undefined, { fill: true });
    const prepare = db.prepare.bind(db);
    const ranges: [number, number][] = [];
    db.prepare = (sql) => {
      const s = prepare(sql);
      if (/WHERE rid > \? AND rid <= \?/.test(sql)) return { ...s, get: (...p) => { ranges.push([Number(p[0]), Number(p[1])]); order.push('rows'); return s.get(...p); } };
      if (/INDEXED BY "r_customers_w"/.test(sql)) return { ...s, get: (...p) => { order.push('mark index'); return s.get(...p); } };
      return s;
    };
    await store.finish('customers', new AbortController().signal);
    expect(ranges).toEqual([[0, 5_000], [5_000, 10_000]]);
    // The rows, then the mark's index 5,000 entries a step (the second finds its end).
    expect(order).toEqual(['indexes', 'rows', 'rows', 'mark index', 'mark index']);
    db.close();
  });
});

describe('a pass stopped while the rows are read back', () => {
  it('stops reading them and leaves the area finished: its fill is not done again', async () => {
    const { db, store } = copyOnDisk(roomHere());
    await store.write('customers', customers(BACK_ROOM_FROM + 6_000), undefined, { fill: true });
    const stop = new AbortController();
    const prepare = db.prepare.bind(db);
    let reads = 0;
    db.prepare = (sql) => {
      const s = prepare(sql);
      // The pass stops at the first range read back.
      return /WHERE rid > \? AND rid <= \?/.test(sql) ? { ...s, get: (...p) => { reads += 1; stop.abort(); return s.get(...p); } } : s;
    };
    await store.finish('customers', stop.signal);
    expect(reads).toBe(1);
    expect(store.isIndexed('customers')).toBe(true);
    db.close();
  });
});

describe('the back room started ahead checkpoints the fill\'s pages until its job comes', () => {
  it('moves the pages the engine commits into the file while the engine\'s own connection checkpoints nothing', async () => {
    const launch = await sourceBackRoom();
    const { db, path, store } = copyOnDisk();
    // Only the back room may move pages into the file here.
    db.exec('PRAGMA wal_autocheckpoint = 0');
    const thread = new BackRoomThread(launch, { path, key: null });
    const fileSize = () => statSync(path).size;
    const before = fileSize();
    await store.write('customers', customers(3_000), undefined, { fill: true });
    expect(fileSize()).toBe(before); // all of it still in the log
    thread.prepare();
    await vi.waitFor(() => expect(fileSize()).toBeGreaterThan(before + 500_000), { timeout: 10_000, interval: CHECKPOINT_EVERY_MS });
    // Pages committed after that are moved too, and the job still runs on the same thread.
    const moved = fileSize();
    await store.write('customers', customers(3_000), undefined, { fill: true });
    await vi.waitFor(() => expect(fileSize()).toBeGreaterThan(moved + 500_000), { timeout: 10_000, interval: CHECKPOINT_EVERY_MS });
    await thread.run([`CREATE INDEX ix_test ON r_customers (name)`], new AbortController().signal);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'ix_test'").get()!.n).toBe(1);
    expect(store.count('customers')).toBe(6_000);
    db.close();
  });
});

describe('the copy\'s log on disk', () => {
  it('is cut back to WAL_KEPT_BYTES once a checkpoint has moved what grew it past that', async () => {
    const { db, path, store } = copyOnDisk();
    db.exec('PRAGMA wal_autocheckpoint = 0');
    // One transaction larger than the bound: the log grows past it.
    const big = customers(40_000).map((c) => ({ ...c, name: `${c.id} `.repeat(12) }));
    store.upsert('customers', big, undefined, { fill: true });
    const wal = () => statSync(`${path}-wal`).size;
    expect(wal()).toBeGreaterThan(WAL_KEPT_BYTES);
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    // The next write starts the log over and cuts the file back.
    store.upsert('customers', customers(1), undefined, { fill: true });
    expect(wal()).toBeLessThanOrEqual(WAL_KEPT_BYTES);
    db.close();
  });
});
