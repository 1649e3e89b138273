import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { dumpState, isStateDump, loadState, type SandboxState } from './state';

/**
 * --data FILE: loads the state at start and saves it atomically (temp file + rename) shortly
 * after each write and on close, so nothing written is lost on a clean shutdown.
 */
export class StatePersistence {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly file: string, private readonly current: () => SandboxState, private readonly debounceMs = 100) {}

  /** The saved state, or undefined when the file does not exist yet. */
  async load(template: () => SandboxState): Promise<SandboxState | undefined> {
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

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; void this.save(); }, this.debounceMs);
    this.timer.unref();
  }

  /** Saves now (after any save in flight). */
  flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    return this.save();
  }

  private save(): Promise<void> {
    this.chain = this.chain.catch(() => undefined).then(async () => {
      const tmp = `${this.file}.${process.pid}.tmp`;
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(tmp, JSON.stringify(dumpState(this.current())), { mode: 0o600 });
      await rename(tmp, this.file);
    });
    return this.chain;
  }
}
