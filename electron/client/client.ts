import { BASE_URL_MESSAGES, BASE_URL_REFUSED, FEATURE_DISABLED_CODE, ROUTE_IDS, baseUrlProblem, type RouteData, type RouteId, type Routes } from '../../shared';
import { ApiError, redactor } from './errors';
import { CallScope, realSleep, runAttempt, type AttemptError } from './attempt';
import { prepareProbe, prepareRequest, type PreparedRequest } from './request';
import { headerRequestId, keepAnswer, readError, readSuccess, type ReadResult } from './response';
import {
  DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_OVERALL_TIMEOUT_MS, DEFAULT_RETRY, isRetryable, nextDelayMs, resolvePolicy, retryAfterOf, retryReason, type RetryPolicy,
} from './retry';
import { walkItems, walkPages } from './pagination';
import { RateGate } from './gate';
import type {
  ApiClientOptions, CallOptions, CallResult, ClientEvent, ClientInput, HeadResult, ListItem, ListRouteId, ReadRouteId,
  RouteMethods, SleepFn, UnknownInput, WriteProbe,
} from './types';

const KEY_TEXT = /^[\x21-\x7E]+$/;

/**
 * The base URL, checked here as well as in the bridge contract: this is the last place before the
 * network, so a profile saved by an older build (or edited on disk) with http:// never sends its key
 * in cleartext. https only; plain http only on this machine (shared/base-url.ts).
 */
function normaliseBaseUrl(raw: string): string {
  const problem = baseUrlProblem(raw);
  if (problem !== null) throw new ApiError({ kind: 'invalid_request', code: BASE_URL_REFUSED, message: `Not sent: ${BASE_URL_MESSAGES[problem]}.` });
  const url = new URL(raw);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The typed HTTP client of the Business Operations API: one method per route of the route
 * table, validation before sending, contract parsing of answers, retries that never repeat a
 * write the server cannot deduplicate, timeouts and cancellation. Holds the key privately:
 * it reaches only the Authorization header, never an error, event or JSON form.
 */
export class ApiClient {
  readonly baseUrl: string;
  /** Typed shortcuts, one per route: `client.routes['customers.get']({ params: { id } })`. */
  readonly routes: RouteMethods;
  readonly #apiKey: string;
  readonly #redact: (s: string) => string;
  readonly #fetch: typeof fetch;
  readonly #retry: RetryPolicy;
  readonly #attemptTimeoutMs: number;
  readonly #overallTimeoutMs: number;
  readonly #onEvent: ((e: ClientEvent) => void) | undefined;
  readonly #random: () => number;
  readonly #sleep: SleepFn;
  readonly #gate: RateGate | null;

  constructor(opts: ApiClientOptions) {
    this.baseUrl = normaliseBaseUrl(opts.baseUrl);
    if (typeof opts.apiKey !== 'string' || !KEY_TEXT.test(opts.apiKey)) {
      throw new ApiError({ kind: 'invalid_request', message: 'The API key is empty or contains spaces or control characters.' });
    }
    this.#apiKey = opts.apiKey;
    this.#redact = redactor(opts.apiKey);
    this.#fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#retry = resolvePolicy(DEFAULT_RETRY, opts.retry);
    this.#attemptTimeoutMs = opts.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.#overallTimeoutMs = opts.overallTimeoutMs ?? DEFAULT_OVERALL_TIMEOUT_MS;
    this.#onEvent = opts.onEvent;
    this.#random = opts.random ?? Math.random;
    this.#sleep = opts.sleep ?? realSleep;
    this.#gate = opts.gate === false ? null : (opts.gate ?? new RateGate(() => performance.now(), realSleep));
    this.routes = Object.fromEntries(
      ROUTE_IDS.map((id) => [id, (input: unknown, o?: CallOptions) => this.callUnknown(id, input as UnknownInput, o)]),
    ) as unknown as RouteMethods;
  }

  /** Calls one route; resolves with the envelope's data, or rejects with ApiError. */
  async call<Id extends RouteId>(id: Id, input: ClientInput<Id>, opts: CallOptions = {}): Promise<CallResult<RouteData<Routes[Id]>>> {
    return (await this.callUnknown(id, input as UnknownInput, opts)) as CallResult<RouteData<Routes[Id]>>;
  }

  /** One page of a list route (`data`, `page`, `request_id`). */
  async list<Id extends ListRouteId>(id: Id, input: ClientInput<Id>, opts: CallOptions = {}): Promise<CallResult<RouteData<Routes[Id]>>> {
    return this.call(id, input, opts);
  }

  /** Every page of a list route, following `page.next_cursor`; cancellable with `opts.signal`. */
  pages<Id extends ListRouteId>(id: Id, input: ClientInput<Id>, opts: CallOptions = {}): AsyncGenerator<CallResult<ListItem<Id>[]>, void, undefined> {
    return this.pagesUnknown(id, (input ?? {}) as UnknownInput, opts) as AsyncGenerator<CallResult<ListItem<Id>[]>, void, undefined>;
  }

  /** The untyped walk over every page, for the core's exports (the route's items are checked per page). */
  pagesUnknown(id: ListRouteId, base: UnknownInput, opts: CallOptions = {}): AsyncGenerator<CallResult<unknown[]>, void, undefined> {
    const fetchPage = (cursor: string | undefined) => {
      const query = { ...base.query };
      if (cursor === undefined) delete query.cursor;
      else query.cursor = cursor;
      return this.callUnknown(id, { ...base, query }, opts) as Promise<CallResult<unknown[]>>;
    };
    const start = typeof base.query?.cursor === 'string' ? base.query.cursor : undefined;
    return walkPages(fetchPage, start, opts.signal);
  }

  /** Every item of a list route across all pages, as an async iterator. */
  iterate<Id extends ListRouteId>(id: Id, input: ClientInput<Id>, opts: CallOptions = {}): AsyncGenerator<ListItem<Id>, void, undefined> {
    return walkItems(this.pages(id, input, opts), opts.signal);
  }

  /** HEAD on a read route (spec 4.1): status and request id, no body. */
  async head<Id extends ReadRouteId>(id: Id, input: ClientInput<Id>, opts: CallOptions = {}): Promise<HeadResult> {
    const prepared = prepareRequest(id, input, { head: true });
    const r = await this.execute(prepared, opts);
    return { status: r.status, request_id: r.request_id || null };
  }

  /**
   * Whether the key may write through a route, learned without writing: a body with a field no
   * contract has is refused with 400 after the permission check, or with 403 before it.
   */
  async probeWrite(id: RouteId, opts: CallOptions = {}): Promise<WriteProbe> {
    try {
      await this.execute(prepareProbe(id), opts);
      return 'granted';
    } catch (e) {
      if (!(e instanceof ApiError) || e.kind !== 'api') throw e;
      if (e.status === 403 && e.code === 'insufficient_permission') return 'denied';
      if (e.status === 403 && e.code === FEATURE_DISABLED_CODE) return 'feature_disabled';
      if (e.status === 400 || e.status === 404 || e.status === 409) return 'granted';
      throw e;
    }
  }

  /** The untyped entry for the IPC bridge: everything is validated here. */
  async callUnknown(id: RouteId, input: UnknownInput, opts: CallOptions = {}): Promise<CallResult<unknown>> {
    const prepared = prepareRequest(id, input, opts.idempotencyKey === undefined ? {} : { idempotencyKey: opts.idempotencyKey });
    const r = await this.execute(prepared, opts);
    const out: CallResult<unknown> = { data: r.data, request_id: r.request_id, status: r.status };
    if (r.page) out.page = r.page;
    if (r.replayed) out.replayed = true;
    if (r.rejected) out.rejected = r.rejected;
    if (r.server_time) out.server_time = r.server_time;
    if (r.unread) out.unread = r.unread;
    if (prepared.idempotency_key) out.idempotency_key = prepared.idempotency_key;
    if (prepared.client_request_id) out.client_request_id = prepared.client_request_id;
    return out;
  }

  toJSON(): { baseUrl: string; apiKey: '[redacted]' } {
    return { baseUrl: this.baseUrl, apiKey: '[redacted]' };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `ApiClient { baseUrl: '${this.baseUrl}', apiKey: '[redacted]' }`;
  }

  /** Attempts until success, a final failure, cancellation or the deadline. */
  private async execute(req: PreparedRequest, opts: CallOptions): Promise<ReadResult> {
    const policy = resolvePolicy(this.#retry, opts.retry);
    const scope = new CallScope(opts.signal, opts.overallTimeoutMs ?? this.#overallTimeoutMs);
    const attemptMs = opts.attemptTimeoutMs ?? this.#attemptTimeoutMs;
    const keys = { idempotency_key: req.idempotency_key, client_request_id: req.client_request_id };
    const init: RequestInit = { method: req.method, headers: { ...req.headers, Authorization: `Bearer ${this.#apiKey}` }, redirect: 'error' };
    if (req.body !== undefined) init.body = req.body;
    const url = this.baseUrl + req.target;
    try {
      for (let attempt = 1; ; attempt++) {
        let release: (status: number | null, retryAfter?: number) => void = () => {};
        try {
          if (this.#gate) release = await this.#gate.acquire(opts.priority ?? 'user', scope.signal);
        } catch {
          // Aborted while waiting for its turn: nothing was sent.
          throw (scope.reason === 'timeout'
            ? this.failureError(req, { reason: 'overall_timeout' }, attemptMs, undefined)
            : this.failureError(req, { reason: 'cancelled', sent: false }, attemptMs, undefined)).withKeys(keys);
        }
        const started = Date.now();
        const outcome = await runAttempt(opts.transport ?? this.#fetch, url, init, scope, attemptMs);
        release(outcome.ok ? outcome.answer.status : null, outcome.ok ? retryAfterOf(outcome.answer.headers, outcome.answer.status) : undefined);
        let err: ApiError;
        let failure: AttemptError;
        if (outcome.ok) {
          const { answer } = outcome;
          if (answer.status >= 200 && answer.status < 300) {
            let result: ReadResult;
            try {
              result = req.method === 'HEAD'
                ? { data: null, status: answer.status, request_id: headerRequestId(answer.headers) ?? '' }
                : opts.readLater
                  ? { data: null, status: answer.status, request_id: headerRequestId(answer.headers) ?? '', unread: keepAnswer(answer) }
                  : readSuccess(req.id, answer, { itemsApart: opts.itemsApart === true });
            } catch (e) {
              this.emit(req, answer.status, attempt, e instanceof ApiError ? e.request_id : undefined, started);
              throw e instanceof ApiError ? e.withKeys(keys) : e;
            }
            this.emit(req, answer.status, attempt, result.request_id, started);
            return result;
          }
          err = readError(answer, this.#redact, req.method === 'HEAD');
          failure = { reason: 'status', status: answer.status };
          this.emit(req, answer.status, attempt, err.request_id, started);
        } else {
          this.emit(req, null, attempt, undefined, started);
          failure = outcome.error;
          err = this.failureError(req, failure, attemptMs, outcome.cause);
        }
        if (failure.reason === 'cancelled' || failure.reason === 'overall_timeout') throw err.withKeys(keys);
        if (attempt > policy.maxRetries || !isRetryable(failure, req.safe)) throw err.withKeys(keys);
        const delay = nextDelayMs(attempt - 1, policy, this.#random, failure.reason === 'status' ? err.retry_after : undefined);
        if (delay === null || Date.now() + delay > scope.deadline) throw err.withKeys(keys);
        this.notifyRetry(opts, failure, delay, attempt);
        try {
          await this.#sleep(delay, scope.signal);
        } catch {
          // Abort during the wait: the outcome so far stands unless the caller cancelled.
        }
        if (scope.reason === 'cancelled') throw this.failureError(req, { reason: 'cancelled', sent: false }, attemptMs, undefined).withKeys(keys);
        if (scope.reason === 'timeout') throw err.withKeys(keys);
      }
    } finally {
      scope.dispose();
    }
  }

  /** The error for an attempt that got no answer. A write that may have landed says so. */
  private failureError(req: PreparedRequest, f: AttemptError, attemptMs: number, cause: string | undefined): ApiError {
    const unsure = !req.safe && (f.reason !== 'cancelled' || f.sent);
    const lookUp = `${req.id} may or may not have been applied. Look the record up before retrying.`;
    switch (f.reason) {
      case 'cancelled':
        return new ApiError({ kind: 'cancelled', message: unsure ? `Cancelled while waiting for the answer: ${lookUp}` : 'The request was cancelled.' });
      case 'overall_timeout':
      case 'attempt_timeout': {
        const what = f.reason === 'attempt_timeout' ? `within ${attemptMs} ms` : 'before the overall deadline';
        return unsure
          ? new ApiError({ kind: 'unknown_outcome', message: `The API did not answer ${what}: ${lookUp}` })
          : new ApiError({ kind: 'timeout', message: `The API did not answer ${what}.` });
      }
      case 'network': {
        const detail = cause ? ` (${this.#redact(cause)})` : '';
        return unsure && f.delivered
          ? new ApiError({ kind: 'unknown_outcome', message: `The connection failed after the request was sent${detail}: ${lookUp}` })
          : new ApiError({ kind: 'network', message: `Could not reach the API${detail}.` });
      }
      case 'status':
        return new ApiError({ kind: 'api', status: f.status, message: `The API answered ${f.status}.` });
    }
  }

  private notifyRetry(opts: CallOptions, failure: AttemptError, delay: number, attempt: number): void {
    if (!opts.onRetry || failure.reason === 'cancelled' || failure.reason === 'overall_timeout') return;
    try {
      opts.onRetry({ reason: retryReason(failure), delay_ms: delay, attempt, ...(failure.reason === 'status' ? { status: failure.status } : {}) });
    } catch {
      // A failing progress hook must not change the outcome of a call.
    }
  }

  private emit(req: PreparedRequest, status: number | null, attempt: number, requestId: string | undefined, started: number): void {
    if (!this.#onEvent) return;
    try {
      this.#onEvent({ method: req.method, path: req.path, status, attempt, request_id: requestId ?? null, duration_ms: Date.now() - started });
    } catch {
      // A failing log hook must not change the outcome of a call.
    }
  }
}
