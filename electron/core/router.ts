import { OPERATIONS, type BridgeError, type BridgeResult, type OperationName } from '../../shared';
import { CoreError, GENERIC_INTERNAL_MESSAGE, invalidInput, safeBridgeError } from './errors';
import type { Handlers } from './handlers';
import type { Logger } from './ports';
import type { ReplyScrubber } from './redact';

export interface RouterOptions {
  handlers: Handlers;
  /** True for the app's own page (app://bizops, or the harness origin). */
  isAllowedSender: (senderUrl: string) => boolean;
  log: Logger;
  secrets: () => Iterable<string>;
  /** Scrubs the known keys out of every reply. */
  scrubber: ReplyScrubber;
  /** Sees every reply as it leaves (main remembers the request ids it showed the page). */
  onReply?: (operation: OperationName | null, result: BridgeResult<unknown>) => void;
}

const MAX_CALL_ID = 128;
const isOperation = (op: unknown): op is OperationName => typeof op === 'string' && Object.hasOwn(OPERATIONS, op);
/** Inputs are plain data (what JSON or structured clone of a literal gives), never a Date, Map or class instance. */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/**
 * Whether an own key named __proto__ sits anywhere in the input. Validation would not see it (a
 * parsed record drops it when it assigns it) and no call of the app sends one, so it is refused.
 * Walked without recursion (inputs may be nested far deeper than the stack), each object once
 * (structured clone keeps cycles).
 */
function hasProtoKey(input: unknown): boolean {
  const stack: unknown[] = [input];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Object.hasOwn(v, '__proto__')) return true;
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

/**
 * The bridge router. The renderer is untrusted: every call is checked (sender, operation,
 * input), every reply is a result, and no failure escapes as a throw.
 */
export class BridgeRouter {
  private readonly inflight = new Map<string, AbortController>();

  constructor(private readonly o: RouterOptions) {}

  async handle(senderUrl: unknown, callId: unknown, operation: unknown, input: unknown): Promise<BridgeResult<unknown>> {
    const op = isOperation(operation) ? operation : null;
    const result = await this.settle(senderUrl, callId, op, input);
    this.o.onReply?.(op, result);
    return result;
  }

  private async settle(senderUrl: unknown, callId: unknown, op: OperationName | null, input: unknown): Promise<BridgeResult<unknown>> {
    try {
      const data = await this.dispatch(senderUrl, callId, op, input);
      return { ok: true, data: this.o.scrubber.scrub(data, this.o.secrets()) };
    } catch (err) {
      const error = this.toSafeError(err);
      this.o.log.warn('bridge call failed', { operation: op ?? '(unknown)', kind: error.kind, status: error.status, code: error.code, request_id: error.request_id });
      if (error.kind === 'internal') this.o.log.error('unexpected failure', { error: err });
      return { ok: false, error };
    }
  }

  /** Abandons an in-flight call; its reply becomes a `cancelled` error. */
  cancel(callId: unknown): void {
    if (typeof callId === 'string') this.inflight.get(callId)?.abort();
  }

  inFlight(): number {
    return this.inflight.size;
  }

  private async dispatch(senderUrl: unknown, callId: unknown, op: OperationName | null, input: unknown): Promise<unknown> {
    if (typeof senderUrl !== 'string' || !this.o.isAllowedSender(senderUrl)) {
      throw new CoreError('forbidden_sender', 'The request did not come from the app window.');
    }
    if (typeof callId !== 'string' || callId.length === 0 || callId.length > MAX_CALL_ID) {
      throw new CoreError('invalid_input', 'The call id is missing or too long.', { field_errors: [{ path: 'callId', message: 'must be 1 to 128 characters' }] });
    }
    if (op === null) throw new CoreError('unknown_operation', 'The app asked for an operation that does not exist.');
    if (this.inflight.has(callId)) throw new CoreError('invalid_input', 'A call with this id is already running.');
    const spec = OPERATIONS[op];
    if (!isPlainObject(input)) {
      throw new CoreError('invalid_input', 'The request from the window was not valid.', { field_errors: [{ path: '(input)', message: 'must be an object' }] });
    }
    if (hasProtoKey(input)) {
      throw new CoreError('invalid_input', 'The request from the window was not valid.', { field_errors: [{ path: '(input)', message: 'a key named __proto__ is not accepted' }] });
    }
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);

    const controller = new AbortController();
    this.inflight.set(callId, controller);
    try {
      const handler = this.o.handlers[op] as (i: unknown, s: AbortSignal) => Promise<unknown>;
      const result = await handler(parsed.data, controller.signal);
      if (controller.signal.aborted) throw new CoreError('cancelled', 'The call was cancelled.');
      const out = spec.output.safeParse(result);
      if (!out.success) {
        this.o.log.error('handler reply did not match the contract', { operation: op, issues: out.error.issues.map((i) => i.path.join('.')) });
        throw new CoreError('internal', GENERIC_INTERNAL_MESSAGE);
      }
      return out.data;
    } catch (err) {
      if (controller.signal.aborted) throw new CoreError('cancelled', 'The call was cancelled.');
      throw err;
    } finally {
      this.inflight.delete(callId);
    }
  }

  private toSafeError(err: unknown): BridgeError {
    return safeBridgeError(err, this.o.secrets());
  }
}
