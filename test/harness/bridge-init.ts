/**
 * Runs in the page before any app script (context.addInitScript): defines `window.bridge` with
 * the same shape as the Electron preload (electron/preload/bridge.ts), over two Playwright
 * bindings instead of IPC; a call and its answer cross as JSON text (bridge-transport.ts). Plain
 * JavaScript text on purpose: a serialised TS function would carry the transpiler's helpers (e.g.
 * esbuild's __name) into the page.
 */
export const BRIDGE_INIT_SCRIPT = `(() => {
  'use strict';
  const invokeBinding = window.__bizopsInvoke;
  const cancelBinding = window.__bizopsCancel;
  const listeners = new Set();
  // Main pushes events through this hook; not enumerable, not writable.
  Object.defineProperty(window, '__bizopsEmit', {
    value: (name, payload) => { for (const l of listeners) l(name, payload); },
    enumerable: false, writable: false, configurable: false,
  });
  const bridge = {
    invoke(operation, input, options) {
      const signal = options && options.signal;
      if (signal && signal.aborted) return Promise.resolve({ ok: false, error: { kind: 'cancelled', message: 'The call was cancelled.' } });
      const callId = crypto.randomUUID();
      const onAbort = () => { void (cancelBinding || window.__bizopsCancel)(callId); };
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      let call;
      // What IPC's structured clone refuses (a function, a circle) fails the call the same way.
      try { call = JSON.stringify({ callId, operation, input }); } catch (err) { return Promise.reject(err); }
      return (invokeBinding || window.__bizopsInvoke)(call)
        .then((text) => JSON.parse(text))
        .finally(() => { if (signal) signal.removeEventListener('abort', onAbort); });
    },
    on(event, callback) {
      const l = (name, payload) => { if (name === event) callback(payload); };
      listeners.add(l);
      return () => { listeners.delete(l); };
    },
  };
  Object.defineProperty(window, 'bridge', { value: Object.freeze(bridge), enumerable: true, writable: false, configurable: false });
})();`;
