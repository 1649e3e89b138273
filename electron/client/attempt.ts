import { keptIdOf, textOf, type RawAnswer } from './response';
import type { AttemptFailure } from './retry';

/**
 * The life of one call across its attempts: aborted by the caller's signal (`cancelled`) or by
 * the overall deadline (`timeout`), whichever comes first.
 */
export class CallScope {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly unlink: () => void;
  reason: 'cancelled' | 'timeout' | null = null;
  readonly deadline: number;

  constructor(callerSignal: AbortSignal | undefined, overallTimeoutMs: number) {
    this.deadline = Date.now() + overallTimeoutMs;
    const onCaller = () => this.stop('cancelled');
    if (callerSignal?.aborted) this.stop('cancelled');
    callerSignal?.addEventListener('abort', onCaller, { once: true });
    this.unlink = () => callerSignal?.removeEventListener('abort', onCaller);
    this.timer = setTimeout(() => this.stop('timeout'), overallTimeoutMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private stop(reason: 'cancelled' | 'timeout'): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller.abort();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
  }
}

/** `sent` false: cancelled before the request left, so nothing can have been applied. */
export type AttemptError = AttemptFailure | { reason: 'cancelled'; sent: boolean } | { reason: 'overall_timeout' };
export type AttemptOutcome = { ok: true; answer: RawAnswer } | { ok: false; error: AttemptError; cause?: string };

/** Connection errors raised before anything was written to the server. */
const NOT_DELIVERED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The error code of a fetch failure (`TypeError: fetch failed` keeps it on `cause`). Only the code leaves here. */
export function causeCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Settles with the promise, or rejects once the signal aborts, even if the promise ignores it. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e: unknown) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}

/** One request and its whole body, within the attempt timeout and the call's scope. */
export async function runAttempt(
  fetchFn: typeof fetch, url: string, init: RequestInit, scope: CallScope, attemptTimeoutMs: number,
): Promise<AttemptOutcome> {
  const ctl = new AbortController();
  let timedOut = false;
  let sent = false;
  const timer = setTimeout(() => { timedOut = true; ctl.abort(); }, attemptTimeoutMs);
  const onScope = () => ctl.abort();
  scope.signal.addEventListener('abort', onScope, { once: true });
  if (scope.signal.aborted) ctl.abort();
  try {
    if (ctl.signal.aborted) throw new Error('aborted before sending');
    sent = true;
    const res = await untilAborted(fetchFn(url, { ...init, signal: ctl.signal }), ctl.signal);
    const body = init.method === 'HEAD' ? new ArrayBuffer(0) : await untilAborted(res.arrayBuffer(), ctl.signal);
    return { ok: true, answer: answerOf(res, body) };
  } catch (e) {
    if (scope.reason === 'cancelled') return { ok: false, error: { reason: 'cancelled', sent } };
    if (scope.reason === 'timeout') return { ok: false, error: { reason: 'overall_timeout' } };
    if (timedOut) return { ok: false, error: { reason: 'attempt_timeout' } };
    const cause = causeCode(e);
    return { ok: false, error: { reason: 'network', delivered: !(cause && NOT_DELIVERED_CODES.has(cause)) }, ...(cause ? { cause } : {}) };
  } finally {
    clearTimeout(timer);
    scope.signal.removeEventListener('abort', onScope);
  }
}

/** The answer with its body as bytes, read as text only when asked: a page read later is never decoded here. */
function answerOf(res: Response, body: ArrayBuffer): RawAnswer {
  let text: string | undefined;
  const kept = keptIdOf(res);
  return { status: res.status, statusText: res.statusText, headers: res.headers, body, ...(kept !== undefined ? { kept } : {}), get text() { return (text ??= textOf(body)); } };
}

/** An abortable wait, the default between attempts. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) { reject(new Error('aborted')); return; }
    const onAbort = () => { clearTimeout(t); reject(new Error('aborted')); };
    const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
