/**
 * The in-page probe of the renderer benchmarks: an init script registered before the harness's
 * bridge script, so that it can time every bridge call where it leaves the page.
 *
 * - `calls`: each `window.bridge.invoke` as it reaches the transport (operation, route, limit,
 *   performance.now() when it left and when its reply came back). The bridge object is frozen, so
 *   the probe wraps the transport binding (`__bizopsInvoke`) before the bridge script captures it.
 * - `clicks`: every click, and every change of a system select (a choice is not a click on an option there), seen first (window, capture phase), with its event timeStamp.
 * - `arm(cond)`: watches the DOM (MutationObserver) until `cond` holds, then stamps the frame that
 *   paints it: requestAnimationFrame, then a MessageChannel task, which runs once that frame's style,
 *   layout and paint are done. `settled` holds the result.
 * - `frames`: a requestAnimationFrame loop recording frame times (scrolling).
 *
 * Plain JavaScript text on purpose (see test/harness/bridge-init.ts): a serialised TS function would
 * carry the transpiler's helpers into the page.
 */

/** What the page is waiting for. */
export type PaintCondition =
  /** The list table shows `count` rows, the first with this data-id. */
  | { kind: 'rows'; count: number; firstId: string }
  /** A record screen of this area whose heading reads `title`. */
  | { kind: 'detail'; area: string; title: string }
  /** The table's first row (of a virtualised body too) is this record. */
  | { kind: 'first'; firstId: string };

export interface PaintStamp {
  /** performance.now() when the condition was first seen to hold (the commit). */
  seen: number;
  /** requestAnimationFrame callback of the frame that paints it. */
  frame: number;
  /** After that frame's rendering (style, layout, paint) finished. */
  painted: number;
}

export interface CallRecord {
  callId: string;
  operation: string;
  route: string | null;
  /** The local copy's area a local.* call reads. */
  area: string | null;
  limit: number | null;
  start: number;
  end: number | null;
}

export interface ClickRecord {
  /** The click event's timeStamp (same clock as performance.now()). */
  t: number;
  /** performance.now() when the first listener saw it. */
  seen: number;
  area: string | null;
  option: string | null;
  testid: string | null;
}

export interface Probe {
  wrapped: boolean;
  calls: CallRecord[];
  clicks: ClickRecord[];
  arm(cond: PaintCondition, timeoutMs: number): void;
  settled: Promise<PaintStamp> | null;
  startFrames(): void;
  stopFrames(): number[];
  scrollY(): number;
}

/** The page globals the benchmarks touch (the Node project has no DOM types). */
export interface ProbeGlobals {
  __bench: Probe;
  bridge: { invoke(operation: string, input: unknown): Promise<{ ok: boolean }> };
  location: { hash: string };
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(cb: (t: number) => void): number;
}

export const PROBE_INIT_SCRIPT = `(() => {
  'use strict';
  const now = () => performance.now();
  const probe = { wrapped: false, calls: [], clicks: [], settled: null };

  const binding = window.__bizopsInvoke;
  if (typeof binding === 'function') {
    window.__bizopsInvoke = function (text) {
      let payload = null;
      try { payload = JSON.parse(text); } catch { payload = null; }
      const input = payload && payload.input;
      const query = input && input.query;
      const rec = {
        callId: String(payload && payload.callId),
        operation: String(payload && payload.operation),
        route: input && typeof input.route === 'string' ? input.route : null,
        area: input && typeof input.area === 'string' ? input.area : null,
        limit: query && query.limit !== undefined ? Number(query.limit) : null,
        start: now(),
        end: null,
      };
      probe.calls.push(rec);
      const reply = binding.call(this, text);
      const done = () => { rec.end = now(); };
      reply.then(done, done);
      return reply;
    };
    probe.wrapped = true;
  }

  const attr = (el, sel, name) => { const m = el && el.closest(sel); return m ? m.getAttribute(name) : null; };
  window.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target : null;
    const option = el && el.closest('[role="option"]');
    probe.clicks.push({
      t: e.timeStamp, seen: now(),
      area: attr(el, '[data-area]', 'data-area'),
      option: option ? option.textContent : null,
      testid: attr(el, '[data-testid]', 'data-testid'),
    });
  }, true);
  // A key typed (into a search box) is recorded like a click: the time it was pressed.
  let keyTask = false;
  window.addEventListener('keydown', (e) => {
    const el = e.target instanceof Element ? e.target : null;
    probe.clicks.push({ t: e.timeStamp, seen: now(), area: null, option: e.key, testid: attr(el, '[data-testid]', 'data-testid') });
    keyTask = true;
    setTimeout(() => { keyTask = false; }, 0);
  }, true);
  // Text put in without a key press (Playwright types a letter off the US layout, Hebrew ones, as text
  // alone): its input is the event. After a keydown of the same task it is that key's own input.
  window.addEventListener('beforeinput', (e) => {
    if (keyTask) return;
    const el = e.target instanceof Element ? e.target : null;
    probe.clicks.push({ t: e.timeStamp, seen: now(), area: null, option: e.data, testid: attr(el, '[data-testid]', 'data-testid') });
  }, true);
  // A choice in a system select is a change, not a click on an option: recorded the same way.
  window.addEventListener('change', (e) => {
    const el = e.target instanceof HTMLSelectElement ? e.target : null;
    if (!el) return;
    probe.clicks.push({ t: e.timeStamp, seen: now(), area: null, option: el.value, testid: attr(el, '[data-testid]', 'data-testid') });
  }, true);

  const holds = (c) => {
    if (c.kind === 'first') {
      const tr = document.querySelector('[data-testid="list-table"] tbody tr[data-id]');
      return !!tr && tr.getAttribute('data-id') === c.firstId;
    }
    if (c.kind === 'rows') {
      const rows = document.querySelectorAll('[data-testid="list-table"] tbody tr');
      return rows.length === c.count && rows[0].getAttribute('data-id') === c.firstId;
    }
    if (!new RegExp('^#/' + c.area + '/[0-9a-f-]{36}$').test(location.hash)) return false;
    const title = document.getElementById('screen-title');
    return !!document.querySelector('[data-testid="detail-view"]') && !!title && title.textContent === c.title;
  };

  probe.arm = (cond, timeoutMs) => {
    if (holds(cond)) throw new Error('already on screen before the action: ' + JSON.stringify(cond));
    probe.settled = new Promise((resolve, reject) => {
      let done = false;
      const stop = () => { done = true; mo.disconnect(); clearTimeout(timer); window.removeEventListener('hashchange', check); };
      const check = () => {
        if (done || !holds(cond)) return;
        stop();
        const seen = now();
        requestAnimationFrame(() => {
          const frame = now();
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve({ seen, frame, painted: now() });
          ch.port2.postMessage(null);
        });
      };
      const mo = new MutationObserver(check);
      mo.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-id', 'data-testid'] });
      window.addEventListener('hashchange', check);
      const timer = setTimeout(() => { if (!done) { stop(); reject(new Error('not on screen within ' + timeoutMs + ' ms: ' + JSON.stringify(cond))); } }, timeoutMs);
    });
    probe.settled.catch(() => undefined);
  };

  let frames = [];
  let running = false;
  const tick = (t) => { if (!running) return; frames.push(t); requestAnimationFrame(tick); };
  probe.startFrames = () => { frames = []; running = true; requestAnimationFrame(tick); };
  probe.stopFrames = () => { running = false; const out = []; for (let i = 1; i < frames.length; i++) out.push(frames[i] - frames[i - 1]); return out; };
  // The window's scroll, or the table's scrolling container's if the list scrolls in a box.
  probe.scrollY = () => {
    let y = window.scrollY;
    for (let el = document.querySelector('[data-testid="list-table"]'); el; el = el.parentElement) y = Math.max(y, el.scrollTop || 0);
    return y;
  };

  Object.defineProperty(window, '__bench', { value: probe, enumerable: false });
})();`;
