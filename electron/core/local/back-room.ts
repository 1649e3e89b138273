import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import type { BackRoom } from './finish';

/**
 * The back room: a thread the engine starts to build a large area's indexes and full-text rows on the
 * copy's file at the end of its fill, statements that each take too long to run on the engine's thread
 * (a sorted build of an index over 100,000 rows: hundreds of milliseconds no screen's question may
 * wait behind). It opens the file with its own connection and writes it while the engine's thread keeps
 * answering reads (WAL: readers see the copy as it was until each statement commits); the engine writes
 * nothing meanwhile (store.ts: the gate). Its entry (back-room-worker.ts) knows only SQL: a small
 * thread, started while a large area fills (`prepare`), which checkpoints the fill's pages until its job
 * comes, and ended with its job.
 */
export const backRoomJobSchema = z.strictObject({
  path: z.string(), key: z.string().nullable(),
  /** Run one after another, each in its own transaction. */
  statements: z.array(z.string()),
  /** One Int32 the engine sets to 1 to stop the job: the back room checks it between statements. */
  stop: z.instanceof(SharedArrayBuffer),
});
export type BackRoomJob = z.infer<typeof backRoomJobSchema>;
/**
 * Sent as the thread starts ahead of its job: until the job comes, it moves the pages the engine's fill
 * commits into the file (a checkpoint) every CHECKPOINT_EVERY_MS. The engine's own connection did it at
 * every thousand pages of the log, on its own thread, the file synced each time: a fifth of a fill's
 * writing at 100,000 documents, and more at 300,000, where fewer of the pages it copies were written twice
 * between two checkpoints. Meanwhile the engine lets its log grow further before it checkpoints itself
 * (store.ts: ENGINE_CHECKPOINT_PAGES_BESIDE_ROOM), so a page written again within the interval is copied once.
 */
export const backRoomCheckpointsSchema = z.strictObject({ checkpoints: z.strictObject({ path: z.string(), key: z.string().nullable() }) });
export type BackRoomCheckpoints = z.infer<typeof backRoomCheckpointsSchema>;
export const CHECKPOINT_EVERY_MS = 100;
export const backRoomReplySchema = z.union([z.strictObject({ ok: z.literal(true) }), z.strictObject({ ok: z.literal(false), message: z.string() })]);
export type BackRoomReply = z.infer<typeof backRoomReplySchema>;
/** The back room's page cache: it reads each table once, in order (the engine's own cache serves the screens). */
export const BACK_ROOM_CACHE_KB = 4_096;

export class BackRoomThread implements BackRoom {
  /** A thread started ahead of its job: it loads its modules while the fill goes on (about 150 ms of a fill's end otherwise). */
  private ready: Worker | null = null;

  constructor(private readonly launch: () => Worker, private readonly file: { path: string; key: string | null }) {}

  prepare(): void {
    if (this.ready) return;
    const worker = this.launch();
    this.ready = worker;
    const checkpoints: BackRoomCheckpoints = { checkpoints: this.file };
    worker.postMessage(checkpoints);
    // A thread that ends before its job is started again for it; its error is the job's to meet.
    worker.on('error', () => undefined);
    worker.once('exit', () => { if (this.ready === worker) this.ready = null; });
  }

  /** Ends a thread started ahead and not used (the copy is closing). */
  async dispose(): Promise<void> {
    const worker = this.ready;
    this.ready = null;
    await worker?.terminate();
  }

  async run(statements: readonly string[], signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    const worker = this.ready ?? this.launch();
    this.ready = null;
    const stop = new SharedArrayBuffer(4);
    // A stopped pass asks the job to stop after its statement (its file closed), then ends the thread.
    const stopping = () => Atomics.store(new Int32Array(stop), 0, 1);
    signal.addEventListener('abort', stopping, { once: true });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (raw: unknown) => {
          const m = backRoomReplySchema.safeParse(raw);
          if (m.success && m.data.ok) resolve();
          else reject(signal.aborted ? signal.reason : new Error(m.success && !m.data.ok ? m.data.message : 'the back room answered something else'));
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the back room stopped (exit ${code})`)));
        const job: BackRoomJob = { ...this.file, statements: [...statements], stop };
        worker.postMessage(job);
      });
    } finally {
      signal.removeEventListener('abort', stopping);
      await worker.terminate();
    }
  }
}
