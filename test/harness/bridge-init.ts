/**
 * Run in the page before any app script (context.addInitScript). Plain JavaScript text on purpose:
 * a serialised TS function would carry the transpiler's helpers (e.g. esbuild's __name) into the page.
 *
 * First the transport (bridge-transport.ts): `__bizopsInvoke(text)` answers a call's reply text,
 * `__bizopsCancel(callId)`, and main's events handed to `__bizopsEmit`, over one WebSocket to the
 * harness's server. Only in a document of the app's origin (not the about:blank a test starts from).
 */
export const transportInitScript = (origin: string, url: string) => `(() => {
  'use strict';
  if (location.origin !== ${JSON.stringify(origin)}) return;
  const ws = new WebSocket(${JSON.stringify(url)});
  const pending = new Map();
  const queued = [];
  let seq = 0;
  const send = (message) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(message);
    else if (ws.readyState === WebSocket.CONNECTING) queued.push(message);
    else return false;
    return true;
  };
  ws.onopen = () => { for (const m of queued.splice(0)) ws.send(m); };
  ws.onmessage = (e) => {
    const s = String(e.data);
    const nl = s.indexOf('\\n');
    const text = s.slice(nl + 1);
    if (s[0] === 'r') {
      const id = s.slice(1, nl);
      const p = pending.get(id);
      if (p) { pending.delete(id); p.resolve(text); }
    } else if (s[0] === 'e') {
      const [name, payload] = JSON.parse(text);
      const emit = window.__bizopsEmit;
      if (emit) emit(name, payload);
    }
  };
  ws.onclose = () => { for (const p of pending.values()) p.reject(new Error('The bridge closed.')); pending.clear(); };
  window.__bizopsInvoke = (text) => new Promise((resolve, reject) => {
    const id = String(++seq);
    pending.set(id, { resolve, reject });
    if (!send('q' + id + '\\n' + String(text))) { pending.delete(id); reject(new Error('The bridge is closed.')); }
  });
  window.__bizopsCancel = (callId) => { send('c\\n' + String(callId)); };
})();`;

/**
 * Then `window.bridge`, with the same shape as the Electron preload (electron/preload/bridge.ts),
 * over that transport instead of IPC; a call and its answer cross as JSON text.
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
