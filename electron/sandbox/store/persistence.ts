import { mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { dumpState, isStateDump, loadState, type SandboxState } from './state';

interface Batch { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void }

function batch(): Batch {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/**
 * --data FILE: the state is loaded at start and saved after every write, before the write's answer
 * goes out, and on close. A save writes a temp file, syncs it to disk and renames it over the old
 * one, so a crash (even in the middle of a save) leaves the previous state or the new one whole,
 * never a mix, and no write that was answered is lost. Writes that arrive while a save is running
 * share the next save (group commit), so a busy sandbox saves at most one state at a time.
 */
export class StatePersistence {
  /** The save running now (its snapshot is taken). */
  private saving: Promise<void> | null = null;
  /** The save that writes arriving now wait for. */
  private next: Batch | null = null;

  constructor(private readonly file: string, private readonly current: () => SandboxState) {}

  private get tmpFile(): string {
    return `${this.file}.${process.pid}.tmp`;
  }

  /** The saved state, or undefined when the file does not exist yet. Temp files left by a crash are removed. */
  async load(template: () => SandboxState): Promise<SandboxState | undefined> {
    await this.removeStaleTempFiles();
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    const parsed: unknown = JSON.parse(text);
    if (!isStateDump(parsed)) throw new Error(`${this.file} is not a sandbox state file`);
    return loadState(parsed, template());
  }

  /** Resolves once a save that began after this call has reached the disk. */
  commit(): Promise<void> {
    this.next ??= batch();
    const { promise } = this.next;
    this.pump();
    return promise;
  }

  /** Saves now (after any save in flight). */
  flush(): Promise<void> {
    return this.commit();
  }

  /**
   * Resolves once every write applied so far is on disk, without a save of its own: a replayed
   * answer (the same Idempotency-Key again) waits here for the write it repeats.
   */
  settled(): Promise<void> {
    return (this.next?.promise ?? this.saving ?? Promise.resolve()).catch(() => undefined);
  }

  private pump(): void {
    if (this.saving || !this.next) return;
    const waiting = this.next;
    this.next = null;
    this.saving = this.save();
    this.saving.then(waiting.resolve, waiting.reject).finally(() => {
      this.saving = null;
      this.pump();
    });
  }

  private async save(): Promise<void> {
    // The snapshot is taken before the first await: every write that asked for this save is in it.
    const text = JSON.stringify(dumpState(this.current()));
    await mkdir(dirname(this.file), { recursive: true });
    const fh = await open(this.tmpFile, 'w', 0o600);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(this.tmpFile, this.file);
    await syncDirectory(dirname(this.file));
  }

  private async removeStaleTempFiles(): Promise<void> {
    const dir = dirname(this.file);
    const stale = new RegExp(`^${basename(this.file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.\\d+\\.tmp$`);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => stale.test(n)).map((n) => unlink(join(dir, n)).catch(() => undefined)));
  }
}

/** Makes the rename itself durable. Not every platform can open a folder (Windows): there the rename stands as it is. */
async function syncDirectory(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // best effort
  } finally {
    await fh?.close();
  }
}
