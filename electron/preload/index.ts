import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type BridgeResult } from '../../shared';
import { createBridge } from './bridge';

/**
 * Exposes `window.bridge` and nothing else: no ipcRenderer, no IPC event objects.
 * Bundled as CommonJS (sandboxed preloads cannot be ESM).
 */
const bridge = createBridge({
  invoke: (payload) => ipcRenderer.invoke(IPC.invoke, payload) as Promise<BridgeResult<unknown>>,
  cancel: (callId) => ipcRenderer.send(IPC.cancel, callId),
  subscribe: (listener) => {
    const wrapped = (_event: Electron.IpcRendererEvent, name: unknown, payload: unknown) => listener(name, payload);
    ipcRenderer.on(IPC.event, wrapped);
    return () => void ipcRenderer.removeListener(IPC.event, wrapped);
  },
  newCallId: () => crypto.randomUUID(),
});

contextBridge.exposeInMainWorld('bridge', bridge);

