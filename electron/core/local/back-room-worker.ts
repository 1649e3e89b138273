import './below-main';
import { parentPort } from 'node:worker_threads';
import { BACK_ROOM_CACHE_KB, CHECKPOINT_EVERY_MS, backRoomCheckpointsSchema, backRoomJobSchema, type BackRoomJob, type BackRoomReply } from './back-room';
import { openSql, type SqlDb } from './sql';

/**
 * The back room's thread (back-room.ts): the fill's pages checkpointed while it waits, then one job of
 * statements on the copy's file; the engine ends it after the job.
 */
const port = parentPort;
if (!port) throw new Error('the back room runs in a worker thread');

let checkpoints: { db: SqlDb; timer: ReturnType<typeof setInterval> } | null = null;
let worked = false;

function startCheckpoints(file: { path: string; key: string | null }): void {
  if (checkpoints) return;
  let db: SqlDb;
  try {
    db = openSql(file);
  } catch {
    return; // the engine's own connection checkpoints, as without a back room
  }
  db.exec(`PRAGMA cache_size = -${BACK_ROOM_CACHE_KB}`);
  const timer = setInterval(() => {
    // PASSIVE: never waits for the engine's writes or reads; what they hold is copied at a later turn.
    try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch { /* busy: the next turn */ }
  }, CHECKPOINT_EVERY_MS);
  checkpoints = { db, timer };
}

function stopCheckpoints(): void {
  if (!checkpoints) return;
  clearInterval(checkpoints.timer);
  checkpoints.db.close();
  checkpoints = null;
}

function run(job: BackRoomJob): BackRoomReply {
  const db = openSql({ path: job.path, key: job.key });
  const stop = new Int32Array(job.stop);
  try {
    db.exec(`PRAGMA cache_size = -${BACK_ROOM_CACHE_KB}`);
    for (const s of job.statements) {
      if (Atomics.load(stop, 0)) throw new Error('stopped');
      db.transaction(() => db.exec(s));
    }
    // Its pages into the file now, here: the engine's next commit would otherwise copy them on its own thread.
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    return { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message.slice(0, 300) : 'the back room failed' };
  } finally {
    db.close();
  }
}

port.on('message', (raw: unknown) => {
  if (worked) return; // one job a thread
  const keep = backRoomCheckpointsSchema.safeParse(raw);
  if (keep.success) return startCheckpoints(keep.data.checkpoints);
  stopCheckpoints();
  worked = true;
  const job = backRoomJobSchema.safeParse(raw);
  port.postMessage(job.success ? run(job.data) : { ok: false, message: 'not a job for the back room' });
});
