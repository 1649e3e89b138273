import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ROUTES, referencesIn, type BridgeError, type OutboxEntry, type RouteDef, type RouteId } from '../../shared';
import { BridgeCallError, asBridgeError, callAnyRoute } from '../bridge/call';
import type { WriteRouteId } from '../resources/types';
import { isOptionsKey, qk } from './queryKeys';
import { seedCreatedRecord } from './seed';
import { cachedIds } from './known';
import type { LookupTarget, Uncertain } from '../../shared';
import { attemptFor, bodySent, submitWrite, type SubmitIo } from './submit';
import { readStale, type Conflict } from './stale';
import { logWrite } from './activity';
import { changeKept, keepForLater, keepsFirst } from './keep';
import type { Kept } from './outbox';
import { keepAfterLookup, keepRuleOf } from '../rules/outbox';

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
  /** The outbox entry this submission changes (its form opened from the outbox): the entry is given these values, nothing is sent now. */
  resolves?: Resolves;
}

/** An outbox entry a form changes: its id and the body it holds (an edit's form sends only what changed since it opened). */
export interface Resolves { entry: string; body: unknown }

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
  /** Kept in the outbox to send when the service can be reached (shown at once in the copy, marked waiting). */
  queued?: OutboxEntry;
}

/** A kept write's result: the record as the copy shows it (a new one known by its temporary id until it is sent). */
const keptResult = ({ entry, shown }: Kept, body: Record<string, unknown> | undefined): WriteResult => ({
  data: shown ?? { ...body, id: entry.temp_id ?? entry.record_id }, request_id: '', recovered: false, replayed: false, queued: entry,
});


/**
 * Reads again, now, every record the write changed that the app holds (on screen or not): the record written
 * and every record the body referenced (the one a new record started from, which the form goes back to).
 * Settles once they are in, so a screen that follows the save paints them as saved, never the copy from before.
 */
function rereadWritten(qc: QueryClient, t: WriteTarget, body: unknown): Promise<unknown>[] {
  const route: RouteDef = ROUTES[t.route];
  const records = t.id && route.kind !== 'delete' ? [qk.record(t.area, t.id)] : [];
  if (route.body && body) for (const r of referencesIn(route.body, body)) for (const area of r.to) records.push(qk.record(area, r.id));
  return records.map((queryKey) => qc.invalidateQueries({ queryKey, refetchType: 'all' }));
}

/**
 * After a write: the area's lists, the record, every record the body referenced, and the areas it affects.
 * Settles once the records are read again (the lists and areas follow on their own).
 */
export function invalidateAfterWrite(qc: QueryClient, t: WriteTarget, body: unknown): Promise<void> {
  const route: RouteDef = ROUTES[t.route];
  void qc.invalidateQueries({ queryKey: qk.lists(t.area), refetchType: 'all' });
  void qc.invalidateQueries({ queryKey: qk.allRows(t.area) });
  if (t.id && route.kind === 'delete') qc.removeQueries({ queryKey: qk.record(t.area, t.id) });
  const reread = rereadWritten(qc, t, body);
  // Pickers' options are stale now but refetch when a picker next opens, not while the form that wrote is leaving.
  for (const area of t.affects ?? []) void qc.invalidateQueries({ queryKey: qk.area(area), predicate: (q) => !isOptionsKey(q.queryKey) });
  for (const area of new Set([t.area, ...(t.affects ?? [])])) void qc.invalidateQueries({ queryKey: qk.area(area), predicate: (q) => isOptionsKey(q.queryKey), refetchType: 'none' });
  return Promise.all(reread).then(() => undefined);
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
  /** Why a write the service could not take was not kept for later either (the copy is off, a permission not known yet). */
  const [notKept, setNotKept] = useState<BridgeError | null>(null);
  const target = useRef(t);
  target.current = t;

  const mutation = useMutation<WriteResult, Error, Record<string, unknown> | undefined>({
    gcTime: 0,
    mutationFn: async (body) => {
      const tt = target.current;
      const route: RouteDef = ROUTES[tt.route as RouteId];
      setUncertain(null);
      setConflict(null);
      setNotKept(null);
      // New values for a change that waits in the outbox: it keeps its own request key.
      if (tt.resolves) {
        const merged = { ...asRecord(tt.resolves.body), ...body };
        return keptResult(await changeKept(qc, tt.resolves.entry, merged), merged);
      }
      const attempt = attemptFor(previous.current, tt, body);
      previous.current = attempt;
      const sent = bodySent(tt.route as RouteId, body, attempt);
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
      /** To the outbox; null when it cannot take it (the copy off, a permission not proven), the form then says why beside the rest. */
      const tryKeep = async (firstAttemptAt?: Date): Promise<WriteResult | null> => {
        try {
          return keptResult(await keepForLater(qc, tt, sent, attempt.key, firstAttemptAt), sent);
        } catch (k) {
          const why = asBridgeError(k);
          // A copy the user keeps off is no news on every failed write; any other reason is said beside the service's answer.
          if (why.code !== 'local_copy_off') setNotKept(why);
          return null;
        }
      };
      // Offline, or behind a change of the same record (or a record made offline) not sent yet: kept, in order.
      // Not taken: tried on the service after all.
      if (keepsFirst(qc, tt, sent)) {
        const kept = await tryKeep();
        if (kept) return kept;
      }
      // Only a lost create needs it: what the app already knew cannot be the record it creates.
      const existedBefore = route.kind === 'create' && !route.idempotency ? cachedIds(qc, tt.area) : undefined;
      const startedAt = new Date();
      const r = await submitWrite(BRIDGE_IO, tt, body, attempt, { ...(existedBefore ? { existedBefore } : {}), onChecking: () => setUncertain({ status: 'checking' }) });
      if (r.ok) {
        setUncertain(null);
        setNotKept(null);
        log(r.data, null, null, r.request_id, r.recovered);
        return { data: r.data, request_id: r.request_id, recovered: r.recovered, replayed: r.replayed };
      }
      if (r.settled === 'stale') {
        // Never a silent retry: the records are read again and the user decides with what changed.
        log(undefined, r.error, null);
        setConflict({ status: 'checking' });
        // Unreadable now: the notice says so without naming what changed.
        setConflict(await readStale(qc, tt, route.body!, body!).catch((): Conflict => ({ status: 'stale', records: [] })));
        throw new BridgeCallError(r.error);
      }
      // The service was not reached (or was busy past the retries): kept, with its key where the route takes one;
      // one that may have landed is kept only when the look-up says it did not, or cannot tell of a create (looked up again before it goes).
      const rule = keepRuleOf(route, r.error);
      const lookedUp = r.settled !== 'refused' && (r.settled.status === 'not_saved' || r.settled.status === 'unclear') ? r.settled.status : null;
      const keepAs = rule === 'keep' ? 'keep' : rule === 'lookup' && lookedUp ? keepAfterLookup(route, lookedUp) : null;
      if (keepAs) {
        const kept = await tryKeep(keepAs === 'keep_looked_up' ? startedAt : undefined);
        if (kept) { setUncertain(null); return kept; }
      }
      if (r.settled === 'refused') {
        log(undefined, r.error, null);
      } else {
        setUncertain(r.settled);
        log(undefined, r.error, r.settled);
      }
      throw new BridgeCallError(r.error);
    },
    // The save settles (the form stays pending, then goes to the record) once the records it changed are read
    // again: the record screen that follows paints them as saved. Its route waits only briefly for its reads.
    onSuccess: async (r, body) => {
      previous.current = null;
      // Kept: the copy shows it (main says which areas changed); the record's own read follows the outbox.
      if (r.queued) {
        // A record made offline opens from the row the copy answered with: the answer a read of it would give (recordRead.ts), so its screen paints without one.
        const made = r.queued.temp_id;
        if (made && asRecord(r.data)?.id === made) qc.setQueryData(qk.record(target.current.area, made), { data: r.data, request_id: '' });
        // A change of a record the service knows: read again with what waits (from the copy while offline).
        if (target.current.id) await qc.invalidateQueries({ queryKey: qk.record(target.current.area, target.current.id), refetchType: 'all' });
        return;
      }
      if (ROUTES[target.current.route as RouteId].kind === 'create') seedCreatedRecord(qc, target.current, r);
      await invalidateAfterWrite(qc, target.current, body);
    },
  });

  const { mutateAsync, reset: resetMutation } = mutation;
  const submit = useCallback((body?: Record<string, unknown>) => mutateAsync(body), [mutateAsync]);
  const reset = useCallback(() => { resetMutation(); setUncertain(null); setConflict(null); setNotKept(null); }, [resetMutation]);
  return {
    submit,
    reset,
    pending: mutation.isPending,
    error: mutation.error ? asBridgeError(mutation.error) : null,
    uncertain,
    /** A stale revision: the records read again, with what changed since the user saw them. */
    conflict,
    notKept,
    /** The key the next submission of the same thing will reuse (shown for support). */
    pendingKey: previous.current?.key ?? null,
  };
}
