import { IPC, type BridgeResult } from '../../shared';
import type { BridgeRouter } from '../core/router';

/** The parts of ipcMain the bridge uses (tests pass a fake). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => void): void;
  removeHandler(channel: string): void;
  removeAllListeners(channel: string): void;
}
export interface IpcEventLike {
  senderFrame?: { url: string } | null;
}

const FOREIGN: BridgeResult<never> = { ok: false, error: { kind: 'forbidden_sender', message: 'The request did not come from the app window.' } };
const field = (payload: unknown, name: string): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[name] : undefined;

/** The one class that owns the bridge's ipcMain registration. Foreign senders are ignored. */
export class BridgeIpc {
  constructor(
    private readonly ipc: IpcMainLike,
    private readonly router: BridgeRouter,
    private readonly isAllowedSender: (url: string) => boolean,
  ) {}

  register(): void {
    this.ipc.handle(IPC.invoke, (event, payload) => this.invoke(event, payload));
    this.ipc.on(IPC.cancel, (event, callId) => this.cancel(event, callId));
  }

  dispose(): void {
    this.ipc.removeHandler(IPC.invoke);
    this.ipc.removeAllListeners(IPC.cancel);
  }

  async invoke(event: IpcEventLike, payload: unknown): Promise<BridgeResult<unknown>> {
    const url = this.senderUrl(event);
    if (url === null) return FOREIGN;
    return this.router.handle(url, field(payload, 'callId'), field(payload, 'operation'), field(payload, 'input'));
  }

  cancel(event: IpcEventLike, callId: unknown): void {
    if (this.senderUrl(event) !== null) this.router.cancel(callId);
  }

  private senderUrl(event: IpcEventLike): string | null {
    const url = event.senderFrame?.url;
    return typeof url === 'string' && this.isAllowedSender(url) ? url : null;
  }
}
