import { describe, expect, it, vi } from 'vitest';
vi.mock('electron', () => ({}));
import { IPC } from '../../../shared';
import { isAppUrl } from '../../../electron/core/app-origin';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../../electron/main/ipc';
import { makeCore } from '../core/fixtures';

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  const listeners = new Map<string, (event: IpcEventLike, ...args: unknown[]) => void>();
  const ipc: IpcMainLike = {
    handle: (c, fn) => void handlers.set(c, fn),
    on: (c, fn) => void listeners.set(c, fn),
    removeHandler: (c) => void handlers.delete(c),
    removeAllListeners: (c) => void listeners.delete(c),
  };
  return { ipc, handlers, listeners };
}

const app = { senderFrame: { url: 'app://bizops/index.html#/documents' } };

describe('BridgeIpc', () => {
  it('registers exactly the invoke handler and the cancel listener', () => {
    const { ipc, handlers, listeners } = fakeIpcMain();
    const bridge = new BridgeIpc(ipc, makeCore().core.router, isAppUrl);
    bridge.register();
    expect([...handlers.keys()]).toEqual([IPC.invoke]);
    expect([...listeners.keys()]).toEqual([IPC.cancel]);
    bridge.dispose();
    expect(handlers.size + listeners.size).toBe(0);
  });

  it('dispatches calls from the app page to the router', async () => {
    const { ipc, handlers } = fakeIpcMain();
    new BridgeIpc(ipc, makeCore().core.router, isAppUrl).register();
    const r = await handlers.get(IPC.invoke)?.(app, { callId: 'c1', operation: 'profiles.list', input: {} });
    expect(r).toEqual({ ok: true, data: { profiles: [], active_id: null } });
  });

  it('answers foreign or frameless senders with forbidden_sender and never reaches the router', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const t = makeCore();
    const spy = vi.spyOn(t.core.router, 'handle');
    new BridgeIpc(ipc, t.core.router, isAppUrl).register();
    for (const event of [{ senderFrame: { url: 'https://evil.example/' } }, { senderFrame: null }, {}]) {
      const r = await handlers.get(IPC.invoke)?.(event, { callId: 'c1', operation: 'profiles.list', input: {} });
      expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('survives garbage payloads', async () => {
    const { ipc, handlers } = fakeIpcMain();
    new BridgeIpc(ipc, makeCore().core.router, isAppUrl).register();
    for (const payload of [undefined, null, 'x', 42, [], { callId: 5 }]) {
      const r = (await handlers.get(IPC.invoke)?.(app, payload)) as { ok: boolean };
      expect(r.ok).toBe(false);
    }
  });

  it('honours cancel only from the app page', () => {
    const { ipc, listeners } = fakeIpcMain();
    const t = makeCore();
    const cancel = vi.spyOn(t.core.router, 'cancel');
    new BridgeIpc(ipc, t.core.router, isAppUrl).register();
    listeners.get(IPC.cancel)?.({ senderFrame: { url: 'https://evil.example/' } }, 'c1');
    listeners.get(IPC.cancel)?.(app, 'c2');
    expect(cancel.mock.calls).toEqual([['c2']]);
  });
});
