import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, type ActivityOutcome, type ActivityRecord, type BridgeError, type RouteId } from '../../shared';
import { invoke } from '../bridge/invoke';
import type { Uncertain } from '../../shared';
import { qk } from './queryKeys';

import { ACTIVITY_AREA } from '../resources/groups';

export const activityKey = () => qk.area(ACTIVITY_AREA);

/** Kinds of failure where nothing left the app (caught before sending): not a write to log. */
const NOT_SENT: ReadonlySet<BridgeError['kind']> = new Set(['invalid_request', 'invalid_input', 'unknown_operation', 'forbidden_sender', 'no_profile']);

/** What a write came to, for the log: its answer, or what the lookup after a lost answer found. */
export function outcomeOf(error: BridgeError | null, uncertain: Uncertain | null, recovered: boolean): ActivityOutcome {
  if (!error) return recovered ? 'recovered' : 'ok';
  if (uncertain?.status === 'not_saved') return 'not_saved';
  if (uncertain) return 'unknown';
  return 'failed';
}

export interface WriteReport {
  route: RouteId;
  area: string;
  recordId: string | null;
  name: string | null;
  action?: string | undefined;
  error: BridgeError | null;
  uncertain: Uncertain | null;
  recovered: boolean;
  requestId?: string | undefined;
}

/** Adds one write to the profile's activity log in main (kept across restarts); never fails the write. */
export function logWrite(qc: QueryClient, w: WriteReport): void {
  if (w.error && NOT_SENT.has(w.error.kind)) return;
  if (w.error?.kind === 'cancelled' && !w.uncertain) return;
  if (ROUTES[w.route].method === 'GET') return;
  const requestId = w.error?.request_id ?? w.requestId;
  const entry: ActivityRecord = {
    route: w.route,
    area: w.area,
    record_id: w.recordId,
    name: w.name ? w.name.slice(0, 200) : null,
    outcome: outcomeOf(w.error, w.uncertain, w.recovered),
    ...(w.action ? { action: w.action } : {}),
    ...(w.error?.status !== undefined ? { status: w.error.status } : {}),
    ...(w.error?.code ? { code: w.error.code } : {}),
    ...(w.error ? { error_kind: w.error.kind } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
  invoke('activity.record', entry).then(() => qc.invalidateQueries({ queryKey: activityKey() }), () => undefined);
}
