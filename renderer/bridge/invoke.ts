import type { Bridge, BridgeError, OperationInput, OperationName, OperationOutput } from '../../shared';
import { trackCall } from './network';

/**
 * The bridge without the route table: what the shell needs on its first screen (profiles, the
 * connection test, clipboard). Route calls and their response checks live in call.ts.
 */
/** A failed bridge reply, thrown so TanStack Query sees it; keeps every field of the error. */
export class BridgeCallError extends Error {
  readonly error: BridgeError;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.error = error;
  }
}

export const asBridgeError = (e: unknown): BridgeError =>
  e instanceof BridgeCallError ? e.error : { kind: 'internal', message: e instanceof Error ? e.message : String(e) };

function bridge(): Bridge {
  if (typeof window === 'undefined' || !window.bridge) throw new BridgeCallError({ kind: 'internal', message: 'The app bridge is not available.' });
  return window.bridge;
}

/** Invokes one bridge operation; resolves with its data or throws a BridgeCallError. */
export async function invoke<O extends OperationName>(op: O, input: OperationInput<O>, signal?: AbortSignal): Promise<OperationOutput<O>> {
  // API calls feed the connection banner (slow, retrying, offline).
  const done = op === 'api.call' ? trackCall() : null;
  let reply: Awaited<ReturnType<Bridge['invoke']>> | null = null;
  try {
    reply = await bridge().invoke(op, input, signal ? { signal } : undefined);
  } finally {
    done?.(reply);
  }
  if (!reply.ok) throw new BridgeCallError(reply.error);
  return reply.data as OperationOutput<O>;
}

