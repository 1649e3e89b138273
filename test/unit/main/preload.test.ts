import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../shared';

const exposed = new Map<string, unknown>();
const sent: unknown[][] = [];
const invoked: unknown[][] = [];
const listeners = new Map<string, ((...a: unknown[]) => void)[]>();
let resolveInvoke: (v: unknown) => void = () => {};

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => { invoked.push(args); return new Promise((r) => { resolveInvoke = r; }); },
    send: (...args: unknown[]) => sent.push(args),
    on: (c: string, fn: (...a: unknown[]) => void) => listeners.set(c, [...(listeners.get(c) ?? []), fn]),
    removeListener: (c: string, fn: (...a: unknown[]) => void) => listeners.set(c, (listeners.get(c) ?? []).filter((f) => f !== fn)),
  },
}));

await import('../../../electron/preload/index');
type BridgeShape = {
  invoke(op: string, input: unknown, o?: { signal?: AbortSignal }): Promise<unknown>;
  on(e: string, cb: (p: unknown) => void): () => void;
};
const bridge = exposed.get('bridge') as BridgeShape;

describe('preload', () => {
  it('exposes only window.bridge with invoke and on', () => {
    expect([...exposed.keys()]).toEqual(['bridge']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('invoke sends { callId, operation, input } and resolves with main’s result', async () => {
    const p = bridge.invoke('profiles.list', {});
    const [channel, payload] = invoked.at(-1) ?? [];
    expect(channel).toBe(IPC.invoke);
    expect(payload).toMatchObject({ operation: 'profiles.list', input: {} });
    expect(typeof (payload as { callId: unknown }).callId).toBe('string');
    resolveInvoke({ ok: true, data: { profiles: [], active_id: null } });
    expect(await p).toEqual({ ok: true, data: { profiles: [], active_id: null } });
  });

  it('an aborted signal sends a cancel for that call id', async () => {
    const controller = new AbortController();
    const p = bridge.invoke('api.call', { route: 'customers.list' }, { signal: controller.signal });
    const callId = (invoked.at(-1)?.[1] as { callId: string }).callId;
    controller.abort();
    expect(sent.at(-1)).toEqual([IPC.cancel, callId]);
    resolveInvoke({ ok: false, error: { kind: 'cancelled', message: 'x' } });
    await p;
    const before = invoked.length;
    expect(await bridge.invoke('app.info', {}, { signal: controller.signal })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(invoked.length).toBe(before);
  });

  it('on delivers only the payload (no IPC event object) and unsubscribes', () => {
    const got: unknown[] = [];
    const off = bridge.on('profiles.changed', (p) => got.push(p));
    const fakeEvent = { sender: { send: () => {} }, ports: [] };
    for (const fn of listeners.get(IPC.event) ?? []) {
      fn(fakeEvent, 'profiles.changed', { active_id: 'p1' });
      fn(fakeEvent, 'unsaved.check', {});
    }
    expect(got).toEqual([{ active_id: 'p1' }]);
    off();
    expect(listeners.get(IPC.event)).toEqual([]);
  });
});
