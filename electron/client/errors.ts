import { ERROR_CODE_PATTERN, MAX_FIELD_ERRORS, REQUEST_ID_PATTERN, type BridgeError, type ErrorKind, type FieldError } from '../../shared';

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
    // Values that may come from the server are kept only when they have the expected shape.
    const type = strictToken(init.type, ERROR_CODE_PATTERN);
    if (type !== undefined) this.type = type;
    const code = strictToken(init.code, ERROR_CODE_PATTERN);
    if (code !== undefined) this.code = code;
    const requestId = strictToken(init.request_id, REQUEST_ID_PATTERN);
    if (requestId !== undefined) this.request_id = requestId;
    if (init.retry_after !== undefined) this.retry_after = init.retry_after;
    if (init.field_errors !== undefined) this.field_errors = init.field_errors.slice(0, MAX_FIELD_ERRORS);
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

/** The value when it matches the pattern, else absent: never the raw text of a malformed one. */
export function strictToken(value: string | undefined | null, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

export const REDACTED = '[redacted]';
/** Secrets shorter than this are not matched (they would blank ordinary words). */
const MIN_SECRET = 8;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The stretches of base64 text that encode `secret` wherever it sits in the encoded data: one
 * per byte alignment (0, 1 or 2 bytes before it), keeping only the characters its bytes alone
 * decide. Each in the standard and the URL-safe alphabet.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = encoded.slice(start, end);
    out.add(core);
    out.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...out];
}

/**
 * Every form of these secrets that may come back from outside: the text itself (to be matched in any
 * letter case) and its base64 and base64url stretches (matched exactly). Secrets too short to be a key
 * are left out.
 */
export function secretForms(secrets: Iterable<string>): { plain: string[]; encoded: string[] } {
  const plain = keyLikeSecrets(secrets);
  return { plain, encoded: plain.flatMap(base64Forms) };
}

/** The secrets long enough to be a key (the others are not looked for). */
export function keyLikeSecrets(secrets: Iterable<string>): string[] {
  return [...secrets].filter((s) => s.length >= MIN_SECRET);
}

/** One pattern for every form of these secrets (secretForms). Null when there is nothing to look for. */
export function secretPattern(secrets: Iterable<string>): RegExp | null {
  const { plain, encoded } = secretForms(secrets);
  if (plain.length === 0) return null;
  // Case-insensitive for the text itself; base64 is case-sensitive, so its forms are matched exactly.
  const ci = plain.map((p) => escapeRegExp(p).replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`));
  return new RegExp([...ci, ...encoded.map(escapeRegExp)].join('|'), 'g');
}

/** Redaction of one secret (every form of it: secretPattern): server messages and network causes pass through it. */
export function redactor(secret: string): (text: string) => string {
  const pattern = secretPattern([secret]);
  return (text) => (pattern === null ? text : text.replace(pattern, REDACTED));
}
