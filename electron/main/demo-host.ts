import { fromChild, type FromChild, type ToChild } from '../sandbox/demo-protocol';
import type { DemoSandboxHost } from '../core/ports';
import { processBelowMain } from '../core/local/thread-priority';

/** The parts of Electron's UtilityProcess the host uses (tests pass a fake). */
export interface UtilityChild {
  postMessage(message: ToChild): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
  /** The child's process id once it runs (Electron's UtilityProcess has it after its spawn). */
  readonly pid?: number | undefined;
}
export type ForkUtility = (modulePath: string, args: string[], options: { serviceName: string; stdio: ['ignore', 'ignore', 'inherit'] }) => UtilityChild;

type Heard = FromChild | { type: 'exit'; code: number };

/** One child's messages and exit, parsed, for whoever waits on them. */
class ChildLink {
  private readonly waiters = new Set<(m: Heard) => void>();
  exited = false;

  constructor(readonly child: UtilityChild, onExit: () => void) {
    child.on('message', (raw) => {
      const parsed = fromChild.safeParse(raw);
      if (parsed.success) this.emit(parsed.data);
    });
    child.on('exit', (code) => {
      this.exited = true;
      onExit();
      this.emit({ type: 'exit', code });
    });
  }

  /** The next message that `want` accepts; a failure or an exit of the child rejects. */
  next<M extends Heard>(want: (m: Heard) => m is M, timeoutMs: number): Promise<M> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(() => reject(new Error('the demo sandbox did not answer in time'))), timeoutMs);
      const waiter = (m: Heard) => {
        if (want(m)) finish(() => resolve(m));
        else if (m.type === 'failed') finish(() => reject(new Error(`the demo sandbox failed: ${m.message}`)));
        else if (m.type === 'exit') finish(() => reject(new Error(`the demo sandbox exited (${m.code})`)));
      };
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        settle();
      };
      this.waiters.add(waiter);
    });
  }

  private emit(m: Heard): void {
    for (const w of [...this.waiters]) w(m);
  }
}

interface Running {
  link: ChildLink;
  baseUrl: string;
  /** Held in memory while the child runs, so a second start() can answer; never written anywhere. */
  ownerKey: string;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * "Explore with demo data": the sandbox runs in its own utility process (not an HTTP server inside
 * main), on a random loopback port, with keys made for each launch; its state lives under userData.
 * Main learns the owner key from the child's ready message at every launch.
 */
export class UtilityDemoHost implements DemoSandboxHost {
  private running: Running | null = null;
  private starting: Promise<Running> | null = null;
  private resetSeq = 0;
  /** Bumped by stop(), so a start still under way when the app stops does not leave a child behind. */
  private generation = 0;

  constructor(
    private readonly entry: string,
    private readonly dataFile: string,
    private readonly fork: ForkUtility,
    private readonly timeouts = { start: START_TIMEOUT_MS, stop: STOP_TIMEOUT_MS },
  ) {}

  async start(): Promise<{ baseUrl: string; ownerKey: string }> {
    const r = await this.ensure();
    return { baseUrl: r.baseUrl, ownerKey: r.ownerKey };
  }

  async reset(): Promise<void> {
    const r = await this.ensure();
    const id = ++this.resetSeq;
    const done = r.link.next((m): m is Heard => m.type === 'reset_done' && m.id === id, this.timeouts.start);
    r.link.child.postMessage({ type: 'reset', id });
    await done;
  }

  async stop(): Promise<void> {
    const r = this.running;
    this.running = null;
    this.starting = null;
    this.generation += 1;
    if (!r || r.link.exited) return;
    const exited = r.link.next((m): m is Heard => m.type === 'exit', this.timeouts.stop).catch(() => r.link.child.kill());
    r.link.child.postMessage({ type: 'stop' });
    await exited;
  }

  origin(): string | null {
    return this.running ? new URL(this.running.baseUrl).origin : null;
  }

  private ensure(): Promise<Running> {
    if (this.running) return Promise.resolve(this.running);
    this.starting ??= this.launch().finally(() => { this.starting = null; });
    return this.starting;
  }

  private async launch(): Promise<Running> {
    const generation = this.generation;
    const child = this.fork(this.entry, [], { serviceName: 'BizOps demo sandbox', stdio: ['ignore', 'ignore', 'inherit'] });
    // A crash forgets the sandbox: the next call starts a new one (DemoProfiles.ensure).
    const link: ChildLink = new ChildLink(child, () => { if (this.running?.link === link) this.running = null; });
    const ready = link.next((m): m is Extract<Heard, { type: 'ready' }> => m.type === 'ready', this.timeouts.start);
    child.postMessage({ type: 'start', dataFile: this.dataFile });
    try {
      const m = await ready;
      if (generation !== this.generation) throw new Error('the demo sandbox was stopped while it started');
      // It serves the copy's fill as fast as the engine asks: below main's thread, as the engine is.
      if (child.pid !== undefined) processBelowMain(child.pid);
      this.running = { link, baseUrl: m.baseUrl, ownerKey: m.ownerKey };
      return this.running;
    } catch (err) {
      child.kill();
      throw err;
    }
  }
}
