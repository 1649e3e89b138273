import type { ForkUtility, UtilityChild } from '../../../electron/main/demo-host';
import { serveDemo } from '../../../electron/sandbox/demo-child';
import type { FromChild, ToChild } from '../../../electron/sandbox/demo-protocol';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox';

type Listener = (value: unknown) => void;
const later = (fn: () => void) => setImmediate(fn);

/**
 * A stand-in for Electron's UtilityProcess that runs the real child code (serveDemo) in this
 * process. Messages are structured-cloned and delivered on a later tick, as across processes.
 */
export class InProcessChild implements UtilityChild {
  readonly posted: ToChild[] = [];
  /** What the child said, as main received it. */
  readonly heard: unknown[] = [];
  exitCode: number | null = null;
  private readonly listeners = { message: [] as Listener[], exit: [] as Listener[] };
  private readonly toChild: ((e: { data: unknown }) => void)[] = [];

  constructor(start: (o: SandboxOptions) => Promise<RunningSandbox>, readonly options: unknown) {
    serveDemo(
      { on: (_event, l) => void this.toChild.push(l), postMessage: (m: FromChild) => this.say(m) },
      (code) => this.exit(code),
      start,
    );
  }

  /** Delivers a message to main as if the child had sent it (tests of hostile children). */
  say(message: unknown): void {
    const copy = structuredClone(message);
    later(() => {
      this.heard.push(copy);
      for (const l of this.listeners.message) l(copy);
    });
  }

  postMessage(message: ToChild): void {
    this.posted.push(message);
    const copy = structuredClone(message);
    later(() => { for (const l of this.toChild) l({ data: copy }); });
  }

  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
  on(event: 'message' | 'exit', listener: ((message: unknown) => void) | ((code: number) => void)): this {
    this.listeners[event].push(listener as Listener);
    return this;
  }

  kill(): boolean {
    this.exit(-15);
    return true;
  }

  exit(code: number): void {
    if (this.exitCode !== null) return;
    this.exitCode = code;
    later(() => { for (const l of this.listeners.exit) l(code); });
  }
}

/** A fork that makes InProcessChild children and remembers them; closeAll() ends sandboxes a "crashed" child left running. */
export function inProcessFork(start: (o: SandboxOptions) => Promise<RunningSandbox> = startSandbox) {
  const children: InProcessChild[] = [];
  const calls: { modulePath: string; args: string[]; options: unknown }[] = [];
  const started: RunningSandbox[] = [];
  const tracked = async (o: SandboxOptions) => {
    const s = await start(o);
    started.push(s);
    return s;
  };
  const fork: ForkUtility = (modulePath, args, options) => {
    calls.push({ modulePath, args, options });
    const child = new InProcessChild(tracked, options);
    children.push(child);
    return child;
  };
  const closeAll = async () => { await Promise.all(started.map((s) => s.close())); };
  return { fork, children, calls, closeAll };
}
