import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { toChild, type FromChild } from './demo-protocol';

/** The part of Electron's `process.parentPort` the child uses (no `electron` import here). */
export interface ParentPortLike {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: FromChild): void;
}

type Start = (options: SandboxOptions) => Promise<RunningSandbox>;

/**
 * The demo sandbox inside its utility process: started on loopback with keys made for this
 * launch (so no one can know them in advance), its state in the given file. Answers start,
 * reset and stop from main; anything else is ignored.
 */
export function serveDemo(port: ParentPortLike, exit: (code: number) => void, start: Start = startSandbox): void {
  let sandbox: Promise<RunningSandbox> | null = null;
  const fail = (err: unknown) => port.postMessage({ type: 'failed', message: (err instanceof Error ? err.message : 'the demo sandbox failed').slice(0, 500) });
  port.on('message', (e) => {
    const parsed = toChild.safeParse(e.data);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.type === 'start') {
      sandbox ??= start({ host: '127.0.0.1', port: 0, dataFile: msg.dataFile, perLaunchKeys: true });
      sandbox.then((s) => port.postMessage({ type: 'ready', baseUrl: s.baseUrl, ownerKey: s.keys.owner }), fail);
    } else if (msg.type === 'reset') {
      if (sandbox === null) return fail(new Error('the demo sandbox is not running'));
      sandbox.then((s) => s.reset()).then(() => port.postMessage({ type: 'reset_done', id: msg.id }), fail);
    } else {
      // Saves the state before leaving.
      void (sandbox ?? Promise.resolve(null)).then((s) => s?.close()).then(() => exit(0), () => exit(1));
    }
  });
}
