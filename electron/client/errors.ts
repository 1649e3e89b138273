import type { BridgeError, ErrorKind, FieldError } from '../../shared';

export interface ApiErrorInit {
  kind: ErrorKind;
  message: string;
  status?: number;
  type?: string;
  code?: string;
  request_id?: string;
  retry_after?: number;
  field_errors?: FieldError[];
  idempotency_key?: string;
  client_request_id?: string;
}

/**
 * The one error the client throws. `kind` tells apart an API answer, a network failure, a
 * timeout, a cancellation, a malformed answer, an unknown outcome and a request refused before
 * sending. It never holds the API key, a header or the raw cause (which could hold headers).
 */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly type?: string;
  readonly code?: string;
  readonly request_id?: string;
  /** Seconds the server asked to wait (Retry-After). */
  readonly retry_after?: number;
  readonly field_errors?: FieldError[];
  /** The Idempotency-Key used, so a user's retry can reuse it. */
  readonly idempotency_key?: string;
  /** The client_request_id used, so a user's retry can reuse it. */
  readonly client_request_id?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.type !== undefined) this.type = init.type;
    if (init.code !== undefined) this.code = init.code;
    if (init.request_id !== undefined) this.request_id = init.request_id;
    if (init.retry_after !== undefined) this.retry_after = init.retry_after;
    if (init.field_errors !== undefined) this.field_errors = init.field_errors;
    if (init.idempotency_key !== undefined) this.idempotency_key = init.idempotency_key;
    if (init.client_request_id !== undefined) this.client_request_id = init.client_request_id;
  }

  /** The same error with the keys used by the call attached. */
  withKeys(keys: { idempotency_key?: string; client_request_id?: string }): ApiError {
    if (!keys.idempotency_key && !keys.client_request_id) return this;
    return new ApiError({ ...this.toInit(), ...keys });
  }

  /** The shape replies carry across IPC (errors lose their fields there). */
  toBridgeError(): BridgeError {
    const out: BridgeError = { kind: this.kind, message: this.message };
    if (this.status !== undefined) out.status = this.status;
    if (this.code !== undefined) out.code = this.code;
    if (this.type !== undefined) out.type = this.type;
    if (this.request_id !== undefined) out.request_id = this.request_id;
    if (this.retry_after !== undefined) out.retry_after = this.retry_after;
    if (this.field_errors !== undefined) out.field_errors = this.field_errors;
    // One field for both mechanisms: the bridge passes it back as `idempotency_key` on a retry.
    const reuse = this.idempotency_key ?? this.client_request_id;
    if (reuse !== undefined) out.idempotency_key = reuse;
    return out;
  }

  toJSON(): BridgeError & { name: string; client_request_id?: string } {
    const out: BridgeError & { name: string; client_request_id?: string } = { name: this.name, ...this.toBridgeError() };
    if (this.client_request_id !== undefined) out.client_request_id = this.client_request_id;
    return out;
  }

  private toInit(): ApiErrorInit {
    const { kind, message, status, type, code, request_id, retry_after, field_errors, idempotency_key, client_request_id } = this;
    return { kind, message, status, type, code, request_id, retry_after, field_errors, idempotency_key, client_request_id };
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Replaces every occurrence of a secret in text that came from outside (server messages, causes). */
export function redactor(secret: string): (text: string) => string {
  return (text) => (secret && text.includes(secret) ? text.split(secret).join('[redacted]') : text);
}
