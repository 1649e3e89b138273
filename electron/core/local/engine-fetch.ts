import type { z } from 'zod';
import { causeCode } from '../../client/attempt';
import type { EngineMessage, fetchAskSchema } from './engine-protocol';

/**
 * The engine thread's side of main's client's transport for a fill's pages (`fetchAskSchema`): the
 * HTTP exchange runs here, so main's thread neither holds the connection's buffers nor the page's
 * bytes (its garbage collections during a fill came from them). A 2xx body is kept here by id, with
 * its headers, until the page's reader takes it (`takeKept`), a little while at most; main gets its
 * status and request id.
 */
const KEPT_MS = 120_000;
const kept = new Map<number, { body: ArrayBuffer; headers: [string, string][]; at: number }>();
/** All main's client reads of a 2xx answer read later (its request id): the other headers stay here with the body. */
const MAIN_READS = new Set(['x-request-id']);
const inFlight = new Map<number, AbortController>();
let lastKept = 0;

type Send = (m: EngineMessage, move?: ArrayBuffer[]) => void;

/** Bodies whose page was never read (its call given up meanwhile) go after a while. */
function dropStale(now: number): void {
  for (const [id, k] of kept) if (now - k.at > KEPT_MS) kept.delete(id);
}

export function serveFetch(ask: z.infer<typeof fetchAskSchema>, send: Send): void {
  const ctl = new AbortController();
  inFlight.set(ask.id, ctl);
  void (async () => {
    try {
      const res = await fetch(ask.url, { method: ask.method, headers: ask.headers, redirect: 'error', signal: ctl.signal });
      const body = ask.method === 'HEAD' ? new ArrayBuffer(0) : await res.arrayBuffer();
      const headers = [...res.headers];
      const answer = { type: 'fetched' as const, id: ask.id, ok: true as const, status: res.status, statusText: res.statusText };
      if (res.status >= 200 && res.status < 300) {
        const now = Date.now();
        dropStale(now);
        kept.set(++lastKept, { body, headers, at: now });
        send({ ...answer, headers: headers.filter(([name]) => MAIN_READS.has(name)), body: null, kept: lastKept });
      } else send({ ...answer, headers, body, kept: null }, [body]);
    } catch (e) {
      send({ type: 'fetched', id: ask.id, ok: false, code: causeCode(e) ?? null });
    } finally {
      inFlight.delete(ask.id);
    }
  })();
}

export const abortFetch = (id: number): void => inFlight.get(id)?.abort();

/** The body and headers of a page fetched here, once (its reader takes them). */
export function takeKept(id: number): { body: ArrayBuffer; headers: [string, string][] } {
  const k = kept.get(id);
  if (!k) throw new Error('the page\'s body is no longer kept on the engine\'s thread');
  kept.delete(id);
  return { body: k.body, headers: k.headers };
}
