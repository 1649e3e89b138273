import type { z } from 'zod';
import { boundedError, bridgeErrorSchema, ERROR_CODE_PATTERN, MAX_FIELD_ERRORS, REQUEST_ID_PATTERN, type BridgeError, type ErrorKind, type FieldError } from '../../shared';
import { strictToken } from '../client/errors';
import { redactValue } from './redact';

/** A failure raised inside the core that already knows its bridge shape. */
export class CoreError extends Error {
  readonly bridge: BridgeError;
  constructor(kind: ErrorKind, message: string, extra: Omit<BridgeError, 'kind' | 'message'> = {}) {
    super(message);
    this.name = 'CoreError';
    const { field_errors, ...rest } = extra;
    this.bridge = { kind, message, ...rest, ...(field_errors ? { field_errors: field_errors.slice(0, MAX_FIELD_ERRORS) } : {}) };
  }
}

export const GENERIC_INTERNAL_MESSAGE = 'Something went wrong inside the app. Please try again.';

/** zod issues as field errors (the first MAX_FIELD_ERRORS); never echoes the offending value (it may be a key). */
export function fieldErrorsFrom(error: z.ZodError): FieldError[] {
  return error.issues.slice(0, MAX_FIELD_ERRORS).map((i) => ({ path: i.path.map(String).join('.') || '(input)', message: i.message }));
}

export function invalidInput(error: z.ZodError, message = 'The request from the window was not valid.'): CoreError {
  return new CoreError('invalid_input', message, { field_errors: fieldErrorsFrom(error) });
}

interface BridgeConvertible { toBridgeError(): unknown }
const isBridgeConvertible = (e: unknown): e is BridgeConvertible =>
  typeof e === 'object' && e !== null && typeof (e as { toBridgeError?: unknown }).toBridgeError === 'function';

/**
 * Every failure becomes a BridgeError. API errors keep status, code, type and request_id;
 * anything unexpected becomes a generic `internal` error that carries nothing from the cause.
 */
export function toBridgeError(err: unknown): BridgeError {
  if (err instanceof CoreError) return err.bridge;
  if (isBridgeConvertible(err)) {
    const parsed = bridgeErrorSchema.safeParse(err.toBridgeError());
    if (parsed.success) return parsed.data;
  }
  return { kind: 'internal', message: GENERIC_INTERNAL_MESSAGE };
}

/** The error without a code, type or request id that lacks its strict shape (e.g. one a redaction changed). */
export function withStrictTokens(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [field, pattern] of [['code', ERROR_CODE_PATTERN], ['type', ERROR_CODE_PATTERN], ['request_id', REQUEST_ID_PATTERN]] as const) {
    const v = out[field];
    if (v !== undefined && strictToken(typeof v === 'string' ? v : undefined, pattern) === undefined) delete out[field];
  }
  return out;
}

/** Characters kept beyond an error text's limit until it is redacted: more than any key is long (a typed key is at most 512). */
const REDACTION_SLACK = 600;

/**
 * The error as the renderer may see it: contract-shaped and scrubbed of any secret. A code, type
 * or request id that held a secret no longer has its strict shape after redaction: it is dropped.
 */
export function safeBridgeError(err: unknown, secrets: Iterable<string>): BridgeError {
  // Cut to size before the redaction (scanning megabytes of an echoed key costs), but with more than
  // a key's length to spare: a secret that starts within the final size is whole when it is redacted.
  const scrubbed = bridgeErrorSchema.safeParse(withStrictTokens(redactValue(boundedError(toBridgeError(err), REDACTION_SLACK), secrets)));
  return scrubbed.success ? boundedError(scrubbed.data) : { kind: 'internal', message: GENERIC_INTERNAL_MESSAGE };
}

