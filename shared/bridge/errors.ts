import { z } from 'zod';

/** What a failed bridge call says, and how long its texts may be: replies are results, never thrown errors. */
export const ERROR_KINDS = [
  'api',               // the API answered with an error (status, code, request_id)
  'network',           // no answer: connection refused, reset, DNS
  'timeout',           // no answer in time
  'cancelled',         // the caller abandoned the call
  'invalid_response',  // the answer did not match the contract
  'unknown_outcome',   // a non-idempotent write may or may not have happened; look it up first
  'invalid_request',   // caught before sending (parameter bounds, body shape)
  'invalid_input',     // bridge input failed validation in main
  'unknown_operation',
  'forbidden_sender',
  'no_profile',
  'vault',
  'internal',
] as const;
export const errorKindSchema = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof errorKindSchema>;

/** A reply carries at most this many field errors (a flood of bad query keys once made a 3 MB reply). */
export const MAX_FIELD_ERRORS = 20;
/** Server-given `code` and `type` must look like this to be shown or logged; anything else is dropped. */
export const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
/** Server-given request ids: letters, digits and a few separators, at most 128 characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const bridgeErrorSchema = z.object({
  kind: errorKindSchema,
  status: z.number().int().optional(),
  code: z.string().regex(ERROR_CODE_PATTERN).optional(),
  type: z.string().regex(ERROR_CODE_PATTERN).optional(),
  message: z.string(),
  request_id: z.string().regex(REQUEST_ID_PATTERN).optional(),
  retry_after: z.number().optional(),
  field_errors: z.array(fieldErrorSchema).max(MAX_FIELD_ERRORS).optional(),
  /** The Idempotency-Key / client_request_id a failed write used, so a user's retry can reuse it. */
  idempotency_key: z.string().optional(),
});
export type BridgeError = z.infer<typeof bridgeErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Field errors name the input's keys, which a hostile page can make megabytes long; a server's message can be as long. */
export const ERROR_TEXT_LIMITS = { message: 1000, path: 200, fieldMessage: 300 } as const;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The error with its texts within ERROR_TEXT_LIMITS (plus `slack` characters each) and MAX_FIELD_ERRORS. */
export function boundedError(e: BridgeError, slack = 0): BridgeError {
  const out: BridgeError = { ...e, message: clip(e.message, ERROR_TEXT_LIMITS.message + slack) };
  if (e.field_errors) {
    out.field_errors = e.field_errors.slice(0, MAX_FIELD_ERRORS).map((f) => ({ path: clip(f.path, ERROR_TEXT_LIMITS.path + slack), message: clip(f.message, ERROR_TEXT_LIMITS.fieldMessage + slack) }));
  }
  return out;
}
export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };
