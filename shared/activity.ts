import { z } from 'zod';
import { ROUTES, ROUTE_IDS, type RouteId } from './routes/table';
import { ERROR_CODE_PATTERN, REQUEST_ID_PATTERN, errorKindSchema } from './bridge/errors';

/** The writes made from the app in one profile: what, when, request id and result, kept across restarts. */
export const ACTIVITY_LIMIT = 500;
export const ACTIVITY_OUTCOMES = [
  'ok',
  /** The answer was lost and a lookup found the write saved. */
  'recovered',
  /** Made without a connection and sent from the outbox later. */
  'sent_later',
  /** The API (or the connection) refused it. */
  'failed',
  /** The answer was lost and a lookup found nothing: not saved. */
  'not_saved',
  /** The answer was lost and it is not known whether it was saved. */
  'unknown',
] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export const WRITE_ROUTE_IDS = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET');
export const activityWriteRouteSchema = z.enum(WRITE_ROUTE_IDS as [RouteId, ...RouteId[]]);

/** One write made from the app, as the renderer's mutation path reports it (main adds id and time). */
export const activityRecordSchema = z.strictObject({
  route: activityWriteRouteSchema,
  area: z.string().min(1).max(64),
  record_id: z.string().max(200).nullable(),
  /** The record's name as the user knows it, when known. */
  name: z.string().max(200).nullable(),
  /** The declaration's action key (close, status, approve...) when the write is an action. */
  action: z.string().regex(/^[A-Za-z][A-Za-z_]{0,63}$/).optional(),
  outcome: z.enum(ACTIVITY_OUTCOMES),
  status: z.number().int().min(100).max(599).optional(),
  code: z.string().regex(ERROR_CODE_PATTERN).optional(),
  request_id: z.string().regex(REQUEST_ID_PATTERN).optional(),
  error_kind: errorKindSchema.optional(),
});
export const activityEntrySchema = activityRecordSchema.extend({ id: z.string().max(64), at: z.string().max(40) });
export type ActivityRecord = z.infer<typeof activityRecordSchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
