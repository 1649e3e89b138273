import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ROUTES, referencesIn, type BridgeError, type RouteDef, type RouteId } from '../../shared';
import { BridgeCallError, asBridgeError, callAnyRoute } from '../bridge/call';
import type { WriteRouteId } from '../resources/types';
import { isOptionsKey, qk } from './queryKeys';
import { seedCreatedRecord } from './seed';
import { cachedIds } from './known';
import type { LookupTarget, Uncertain } from '../../shared';
import { attemptFor, submitWrite, type SubmitIo } from './submit';
import { readStale, type Conflict } from './stale';
import { logWrite } from './activity';

export type { Conflict, StaleRecord } from './stale';
export type { Uncertain } from '../../shared';

export interface WriteTarget extends LookupTarget {
  route: WriteRouteId;
  params?: Record<string, string>;
  /** Other areas whose data the write changes. */
  affects?: readonly string[];
  /** A record as the user saw it when the form opened or the record was picked (what a stale revision is compared with). */
  basis?: (id: string) => Record<string, unknown> | undefined;
  /** The action's key (close, status ...), for the activity log. */
  action?: string;
  /** The record's name as the user knows it (the activity log's "what"). */
  name?: string;
  /** How the record is named, read from the answer or the body when `name` is not given (a new record). */
  nameOf?: (record: Record<string, unknown>) => string;
}

/** Writes through main, and lookups read through the bridge with the answer checked against the contract (callAnyRoute). */
const BRIDGE_IO: SubmitIo = {
  write: (route, input, key) => callAnyRoute(route, input, undefined, key).then((r) => ({ ok: true as const, data: r }), (e: unknown) => ({ ok: false as const, error: asBridgeError(e) })),
  read: (route, input) => callAnyRoute(route, input).then((r) => ({ ok: true as const, data: r }), (e: unknown) => ({ ok: false as const, error: asBridgeError(e) })),
};

const asRecord = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

export interface WriteResult {
  data: unknown;
  request_id: string;
  /** Found by a lookup after the answer was lost. */
  recovered: boolean;
  /** The service's stored answer to an earlier request with the same key: the user's retry of a write that went through. */
  replayed: boolean;
}


/** After a write: the area's lists, the record, every record the body referenced, and the areas it affects. */
export function invalidateAfterWrite(qc: QueryClient, t: WriteTarget, body: unknown): void {
  const route: RouteDef = ROUTES[t.route];
  void qc.invalidateQueries({ queryKey: qk.lists(t.area), refetchType: 'all' });
  void qc.invalidateQueries({ queryKey: qk.allRows(t.area) });
  if (t.id) {
    if (route.kind === 'delete') qc.removeQueries({ queryKey: qk.record(t.area, t.id) });
    else void qc.invalidateQueries({ queryKey: qk.record(t.area, t.id) });
  }
  if (route.body && body) {
    for (const r of referencesIn(route.body, body)) for (const area of r.to) void qc.invalidateQueries({ queryKey: qk.record(area, r.id) });
  }
  // Pickers' options are stale now but refetch when a picker next opens, not while the form that wrote is leaving.
  for (const area of t.affects ?? []) void qc.invalidateQueries({ queryKey: qk.area(area), predicate: (q) => !isOptionsKey(q.queryKey) });
  for (const area of new Set([t.area, ...(t.affects ?? [])])) void qc.invalidateQueries({ queryKey: qk.area(area), predicate: (q) => isOptionsKey(q.queryKey), refetchType: 'none' });
}

/**
 * The one mutation path of every form and action: the request key kept for the user's retry of
 * the same submission and new for a new one, unknown outcomes resolved by a lookup, and exact
 * cache invalidation. Errors keep every field (status, code, request id, field errors).
 */
export function useWrite(t: WriteTarget) {
  const qc = useQueryClient();
  const previous = useRef<{ fingerprint: string; key: string } | null>(null);
  const [uncertain, setUncertain] = useState<Uncertain | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const target = useRef(t);
  target.current = t;

  const mutation = useMutation<WriteResult, Error, Record<string, unknown> | undefined>({
    gcTime: 0,
    mutationFn: async (body) => {
      const tt = target.current;
      const route: RouteDef = ROUTES[tt.route as RouteId];
      setUncertain(null);
      setConflict(null);
      const attempt = attemptFor(previous.current, tt, body);
      previous.current = attempt;
      // Every write that left the app goes to the activity log, with what it came to.
      const log = (data: unknown, error: BridgeError | null, state: Uncertain | null, requestId?: string, recovered = false) => {
        // The record's name: as the answer has it (an edit may rename it), else as the caller knows it, else as typed.
        const answer = asRecord(data);
        const answered = answer && typeof answer.id === 'string' ? answer : null;
        const typed = body ? asRecord(body) : null;
        const nameOf = (r: Record<string, unknown> | null) => (r && tt.nameOf ? tt.nameOf(r) || null : null);
        logWrite(qc, {
          route: tt.route, area: tt.area, recordId: tt.id ?? (answered ? String(answered.id) : null), action: tt.action, error, uncertain: state, recovered, requestId,
          name: nameOf(answered) ?? tt.name ?? nameOf(typed),
        });
      };
      // Only a lost create needs it: what the app already knew cannot be the record it creates.
      const existedBefore = route.kind === 'create' && !route.idempotency ? cachedIds(qc, tt.area) : undefined;
      const r = await submitWrite(BRIDGE_IO, tt, body, attempt, { ...(existedBefore ? { existedBefore } : {}), onChecking: () => setUncertain({ status: 'checking' }) });
      if (r.ok) {
        setUncertain(null);
        log(r.data, null, null, r.request_id, r.recovered);
        return { data: r.data, request_id: r.request_id, recovered: r.recovered, replayed: r.replayed };
      }
      if (r.settled === 'stale') {
        // Never a silent retry: the records are read again and the user decides with what changed.
        log(undefined, r.error, null);
        setConflict({ status: 'checking' });
        // Unreadable now: the notice says so without naming what changed.
        setConflict(await readStale(qc, tt, route.body!, body!).catch((): Conflict => ({ status: 'stale', records: [] })));
      } else if (r.settled === 'refused') {
        log(undefined, r.error, null);
      } else {
        setUncertain(r.settled);
        log(undefined, r.error, r.settled);
      }
      throw new BridgeCallError(r.error);
    },
    onSuccess: (r, body) => {
      previous.current = null;
      if (ROUTES[target.current.route as RouteId].kind === 'create') seedCreatedRecord(qc, target.current, r);
      invalidateAfterWrite(qc, target.current, body);
    },
  });

  const { mutateAsync, reset: resetMutation } = mutation;
  const submit = useCallback((body?: Record<string, unknown>) => mutateAsync(body), [mutateAsync]);
  const reset = useCallback(() => { resetMutation(); setUncertain(null); setConflict(null); }, [resetMutation]);
  return {
    submit,
    reset,
    pending: mutation.isPending,
    error: mutation.error ? asBridgeError(mutation.error) : null,
    uncertain,
    /** A stale revision: the records read again, with what changed since the user saw them. */
    conflict,
    /** The key the next submission of the same thing will reuse (shown for support). */
    pendingKey: previous.current?.key ?? null,
  };
}
