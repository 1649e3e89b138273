import { z } from 'zod';
import { CONFLICT_CODES, INVALID_IDEMPOTENCY_KEY_CODE, FEATURE_DISABLED_CODE } from './assumptions';

/** Error catalog of spec section 7; `type` is null where the spec gives none. */
export const ERROR_CATALOG = {
  missing_api_key: { status: 401, type: 'authentication_error', message: 'No API key was sent. Send Authorization: Bearer <API_KEY>.' },
  invalid_api_key: { status: 401, type: 'authentication_error', message: 'The API key is not valid.' },
  expired_api_key: { status: 401, type: 'authentication_error', message: 'The API key has expired.' },
  revoked_api_key: { status: 401, type: 'authentication_error', message: 'The API key has been revoked.' },
  insufficient_permission: { status: 403, type: 'authorization_error', message: 'The API key lacks the permission for this resource.' },
  api_access_inactive: { status: 403, type: 'authorization_error', message: 'API access is inactive for this business.' },
  ip_not_allowed: { status: 403, type: 'authorization_error', message: 'The client address is not in the key allowlist.' },
  invalid_filter: { status: 400, type: 'invalid_request_error', message: 'The request query is invalid.' },
  invalid_body: { status: 400, type: 'invalid_request_error', message: 'The request body is invalid.' },
  resource_not_found: { status: 404, type: 'not_found_error', message: 'The resource was not found.' },
  method_not_allowed: { status: 405, type: 'invalid_request_error', message: 'Only GET and HEAD are supported.' },
  lead_already_converted: { status: 409, type: 'conflict_error', message: 'The lead was already converted to a customer.' },
  [CONFLICT_CODES.idempotencyKeyReused]: { status: 409, type: 'conflict_error', message: 'The Idempotency-Key was already used with a different body.' },
  [CONFLICT_CODES.staleRevision]: { status: 409, type: 'conflict_error', message: 'The record changed since it was read. Re-read and retry.' },
  [CONFLICT_CODES.rawMaterialInUse]: { status: 409, type: 'conflict_error', message: 'The raw material is used in an active recipe.' },
  [CONFLICT_CODES.notDraft]: { status: 409, type: 'conflict_error', message: 'The operation is not allowed in the current state.' },
  [CONFLICT_CODES.approvalBlocked]: { status: 409, type: 'conflict_error', message: 'The expense has issues that block approval.' },
  [INVALID_IDEMPOTENCY_KEY_CODE]: { status: 400, type: 'invalid_request_error', message: 'Idempotency-Key must be 16 to 100 letters, digits, - or _.' },
  [FEATURE_DISABLED_CODE]: { status: 403, type: 'authorization_error', message: 'The expense feature is not enabled for this business.' },
  rate_limit_exceeded: { status: 429, type: 'rate_limit_error', message: 'Too many requests.' },
  internal_error: { status: 500, type: 'api_error', message: 'An unexpected error occurred.' },
  service_unavailable: { status: 503, type: 'api_error', message: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { status: number; type: string; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
/** Retry-After seconds the spec fixes. */
export const RETRY_AFTER_SECONDS = { rate_limit_exceeded: 1, service_unavailable: 5 } as const;

export const apiErrorBodySchema = z.looseObject({
  error: z.looseObject({ type: z.string(), code: z.string(), message: z.string() }),
  request_id: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
