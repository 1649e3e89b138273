/**
 * The network between the app's core and the API, switchable by a test: offline (every request
 * fails to connect, as with a pulled cable) or slow (each request waits first). The sandbox stays
 * reachable for the test's own checks.
 */
const SENT_KEPT = 500;

export class NetworkSwitch {
  offline = false;
  delayMs = 0;
  /** Requests that found the network off. */
  refused = 0;
  /** The addresses of the last requests that went out, oldest first (what the app asked the API). */
  readonly sent: string[] = [];
  private readonly holds: Hold[] = [];

  /**
   * Holds back the requests `match` picks, as a stalled network would: each waits until released (then
   * goes out) or cancelled by the app. A test that needs a request still on its way when the user acts
   * holds it, instead of hoping a slow answer is slow enough on a busy machine.
   */
  hold(match: (url: URL) => boolean): { waiting: () => number; release: () => void } {
    const hold: Hold = { match, waiting: new Set() };
    this.holds.push(hold);
    return {
      waiting: () => hold.waiting.size,
      release: () => {
        const at = this.holds.indexOf(hold);
        if (at >= 0) this.holds.splice(at, 1);
        for (const go of [...hold.waiting]) go();
      },
    };
  }

  readonly fetch: typeof fetch = async (input, init) => {
    if (this.delayMs > 0) await wait(this.delayMs, init?.signal ?? undefined);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const hold = this.holds.find((x) => x.match(url));
    if (hold) await held(hold, init?.signal ?? undefined);
    if (this.offline) {
      this.refused += 1;
      // What undici throws when nothing listens: the client reads the code from `cause`.
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    }
    this.sent.push(input instanceof Request ? input.url : String(input));
    if (this.sent.length > SENT_KEPT) this.sent.splice(0, this.sent.length - SENT_KEPT);
    return globalThis.fetch(input, init);
  };
}

interface Hold { match: (url: URL) => boolean; waiting: Set<() => void> }

function held(hold: Hold, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const go = () => { hold.waiting.delete(go); signal?.removeEventListener('abort', onAbort); resolve(); };
    const onAbort = () => { hold.waiting.delete(go); reject(signal?.reason); };
    hold.waiting.add(go);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(t); reject(signal?.reason); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
