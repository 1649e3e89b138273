import { causeCode } from '../../client/cause';
import type { Fetched, KeptBody, NetAsk } from './net-protocol';

/**
 * A fill's page exchanges, run on the copy's network thread (net-worker.ts) for main's client, and the
 * bodies they keep for the engine's thread: main's thread holds neither a fill's connections nor its
 * bytes (its garbage collections during a fill came from them), and the engine's thread goes on
 * writing while the next page arrives. A 2xx body goes to the engine under an id until the page's
 * reader takes it (`takeKept`); one never taken (its call given up meanwhile) goes after a while.
 */
const KEPT_MS = 120_000;
const inFlight = new Map<number, AbortController>();
let lastKept = 0;

/** Runs one exchange: the answer to main (`reply`), a 2xx body to the engine (`keep`). */
export function serveFetch(ask: Extract<NetAsk, { type: 'fetch' }>, reply: (m: Fetched, move?: ArrayBuffer[]) => void, keep: (m: KeptBody) => void): void {
  const ctl = new AbortController();
  inFlight.set(ask.id, ctl);
  void (async () => {
    try {
      const res = await fetch(ask.url, { method: ask.method, headers: ask.headers, redirect: 'error', signal: ctl.signal });
      const body = ask.method === 'HEAD' ? new ArrayBuffer(0) : await res.arrayBuffer();
      const answer = { type: 'fetched' as const, id: ask.id, ok: true as const, status: res.status, statusText: res.statusText, headers: [...res.headers] };
      if (res.status >= 200 && res.status < 300) {
        // The body first: the engine has it before main's client hands it the page.
        keep({ type: 'body', id: ++lastKept, body });
        reply({ ...answer, body: null, kept: lastKept });
      } else reply({ ...answer, body, kept: null }, [body]);
    } catch (e) {
      reply({ type: 'fetched', id: ask.id, ok: false, code: causeCode(e) ?? null });
    } finally {
      inFlight.delete(ask.id);
    }
  })();
}

export const abortFetch = (id: number): void => inFlight.get(id)?.abort();

/** On the engine's thread: bodies by id, and readers waiting for one still on its way. */
const kept = new Map<number, { body: ArrayBuffer; at: number }>();
const waiting = new Map<number, (body: ArrayBuffer) => void>();

export function keepBody(m: KeptBody): void {
  const reader = waiting.get(m.id);
  if (reader) { waiting.delete(m.id); reader(m.body); return; }
  const now = Date.now();
  for (const [id, k] of kept) if (now - k.at > KEPT_MS) kept.delete(id);
  kept.set(m.id, { body: m.body, at: now });
}

/** The body of a page fetched for the engine, once (its reader takes it), waiting for it if it is still on its way. */
export function takeKept(id: number): Promise<ArrayBuffer> {
  const k = kept.get(id);
  if (k) { kept.delete(id); return Promise.resolve(k.body); }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { waiting.delete(id); reject(new Error('the page\'s body did not reach the engine\'s thread')); }, KEPT_MS);
    waiting.set(id, (body) => { clearTimeout(timer); resolve(body); });
  });
}
