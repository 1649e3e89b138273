import { z } from 'zod';
import { ROUTE_IDS, type RouteId } from '../routes/table';
import { ATTACHMENT_LIMITS } from '../assumptions';

/**
 * Size limits of api.call: generous for every route, but bounded. Path parameters are at most two
 * (id, activityId); list queries have six parameters at most. The body limit follows the largest
 * body the contract allows: documents.create with 10 attachments of 10,000,000 base64 characters
 * each (shared/bodies/documents.ts), plus 1 MiB for the rest of the document.
 */
export const API_CALL_LIMITS = {
  paramKeys: 8,
  queryKeys: 32,
  keyLength: 64,
  queryValueLength: 2048,
  bodyJsonChars: ATTACHMENT_LIMITS.files * ATTACHMENT_LIMITS.base64Chars + 1024 * 1024,
} as const;

/** A record with a bounded number of bounded keys (the reply's field errors are capped too: MAX_FIELD_ERRORS). */
const limitedRecord = <V extends z.ZodType>(value: V, max: number, what: string) =>
  z.record(z.string().max(API_CALL_LIMITS.keyLength), value).refine((r) => Object.keys(r).length <= max, `at most ${max} ${what}`);

/** The length of the body as JSON, or null when it is not JSON data (a cycle, a BigInt, too deep). */
function jsonLength(value: unknown): number | null {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return null;
  }
}

const apiCallBody = z.unknown().superRefine((v, ctx) => {
  if (v === undefined) return;
  const length = jsonLength(v);
  if (length === null) ctx.addIssue({ code: 'custom', message: 'the body must be JSON data' });
  else if (length > API_CALL_LIMITS.bodyJsonChars) ctx.addIssue({ code: 'custom', message: `the body must be at most ${API_CALL_LIMITS.bodyJsonChars} characters as JSON` });
});

const routeIdSchema = z.enum(ROUTE_IDS as [RouteId, ...RouteId[]]);

export const apiCallInputSchema = z.strictObject({
  route: routeIdSchema,
  params: limitedRecord(z.string().max(200), API_CALL_LIMITS.paramKeys, 'path parameters').optional(),
  query: limitedRecord(z.union([z.string().max(API_CALL_LIMITS.queryValueLength), z.number()]), API_CALL_LIMITS.queryKeys, 'query parameters').optional(),
  body: apiCallBody.optional(),
  /** A user's retry passes the key of the first attempt back (rule 1 and 2). */
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/).optional(),
});

export const apiCallOutputSchema = z.object({
  data: z.unknown(),
  page: z.object({ has_more: z.boolean(), next_cursor: z.string().nullable() }).optional(),
  request_id: z.string(),
  /** The stored result of an earlier request with the same key (a user's retry of a write that went through). */
  replayed: z.boolean().optional(),
});
