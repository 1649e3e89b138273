import { IPC, type BridgeResult } from '../../shared';
import { isAppUrl } from '../../electron/core';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../electron/main/ipc';
import { makeCore, type TestCore } from '../unit/core/fixtures';

export const APP_PAGE = 'app://bizops/index.html';

export interface BridgeStack extends TestCore {
  /** A call as a page makes it: structured-cloned through ipcMain into the real BridgeIpc class and router. */
  invoke<T = unknown>(operation: string, input: unknown, sender?: string): Promise<BridgeResult<T>>;
}

let seq = 0;

/** The core of test/unit/core/fixtures.ts behind the real IPC class, as Electron's main wires it. */
export function bridgeStack(options: Parameters<typeof makeCore>[0] = {}): BridgeStack {
  const t = makeCore(options);
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  const ipc: IpcMainLike = { handle: (c, fn) => void handlers.set(c, fn), on: () => {}, removeHandler: () => {}, removeAllListeners: () => {} };
  new BridgeIpc(ipc, t.core.router, options.isAllowedSender ?? isAppUrl).register();
  return {
    ...t,
    async invoke<T>(operation: string, input: unknown, sender = APP_PAGE) {
      const payload = structuredClone({ callId: `stack-${++seq}`, operation, input });
      const reply = await handlers.get(IPC.invoke)!({ senderFrame: { url: sender } }, payload);
      return structuredClone(reply) as BridgeResult<T>;
    },
  };
}

/** The data of a successful reply, or a failure naming the error. */
export function okData<T>(r: BridgeResult<T>): T {
  if (!r.ok) throw new Error(`bridge call failed: ${r.error.kind} ${r.error.code ?? ''} ${r.error.message}`);
  return r.data;
}
