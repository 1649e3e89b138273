import { z } from 'zod';
import { ROUTES, ROUTE_IDS, type RouteId } from './routes/table';

/** The writes made from the app in one profile: what, when, request id and result, kept across restarts. */
export const ACTIVITY_LIMIT = 500;
export const ACTIVITY_OUTCOMES = [
  'ok',
  /** The answer was lost and a lookup found the write saved. */
  'recovered',
  /** The API (or the connection) refused it. */
  'failed',
  /** The answer was lost and a lookup found nothing: not saved. */
  'not_saved',
  /** The answer was lost and it is not known whether it was saved. */
  'unknown',
] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export const WRITE_ROUTE_IDS = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET');
const writeRouteId = z.enum(WRITE_ROUTE_IDS as [RouteId, ...RouteId[]]);
export const activityWriteRouteSchema = writeRouteId;
