import './below-main';
import { parentPort } from 'node:worker_threads';
import { BACK_ROOM_CACHE_KB, backRoomJobSchema, type BackRoomReply } from './back-room';
import { openSql } from './sql';

/** The back room's thread (back-room.ts): one job of statements on the copy's file, then the engine ends it. */
const port = parentPort;
if (!port) throw new Error('the back room runs in a worker thread');
port.once('message', (raw: unknown) => {
  const job = backRoomJobSchema.safeParse(raw);
  let reply: BackRoomReply;
  if (!job.success) reply = { ok: false, message: 'not a job for the back room' };
  else {
    const db = openSql({ path: job.data.path, key: job.data.key });
    const stop = new Int32Array(job.data.stop);
    try {
      db.exec(`PRAGMA cache_size = -${BACK_ROOM_CACHE_KB}`);
      for (const s of job.data.statements) {
        if (Atomics.load(stop, 0)) throw new Error('stopped');
        db.transaction(() => db.exec(s));
      }
      // Its pages into the file now, here: the engine's next commit would otherwise copy them on its own thread.
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      reply = { ok: true };
    } catch (e) {
      reply = { ok: false, message: e instanceof Error ? e.message.slice(0, 300) : 'the back room failed' };
    } finally {
      db.close();
    }
  }
  port.postMessage(reply);
});
