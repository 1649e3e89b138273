import type { Bridge, BridgeResult, EventName, EventPayload, OperationInput, OperationName, OperationOutput } from '../../shared';

/** The transport under `window.bridge`: IPC in Electron, Playwright bindings in the harness. */
export interface BridgeTransport {
  invoke(payload: { callId: string; operation: string; input: unknown }): Promise<BridgeResult<unknown>>;
  cancel(callId: string): void;
  /** Delivers (event name, payload) only; the transport's own event object never reaches the page. */
  subscribe(listener: (name: unknown, payload: unknown) => void): () => void;
  newCallId(): string;
}

const CANCELLED = { ok: false as const, error: { kind: 'cancelled' as const, message: 'The call was cancelled.' } };

/** Builds the object exposed as `window.bridge`; an AbortSignal becomes a cancel message. */
export function createBridge(t: BridgeTransport) {
  return {
    invoke<O extends OperationName>(operation: O, input: OperationInput<O>, options?: { signal?: AbortSignal }): Promise<BridgeResult<OperationOutput<O>>> {
      const signal = options?.signal;
      if (signal?.aborted) return Promise.resolve(CANCELLED);
      const callId = t.newCallId();
      const onAbort = () => t.cancel(callId);
      signal?.addEventListener('abort', onAbort, { once: true });
      return t.invoke({ callId, operation, input })
        .then((r) => r as BridgeResult<OperationOutput<O>>)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    },
    on<E extends EventName>(event: E, callback: (payload: EventPayload<E>) => void): () => void {
      return t.subscribe((name, payload) => {
        if (name === event) callback(payload as EventPayload<E>);
      });
    },
  } satisfies Bridge;
}
