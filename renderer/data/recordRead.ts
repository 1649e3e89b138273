import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LOCAL_AREAS, LOCAL_MARK, type ReadRouteId } from '../../shared';
import { BridgeCallError, asBridgeError, callAnyRoute } from '../bridge/call';
import { meansOffline } from '../bridge/network';
import { isTempId, realIdOf, touching } from '../rules/outbox';
import { knownOffline } from './offline';
import { batchedRead } from './localBatch';
import { copyRecordInput } from './localCopy';
import { outboxEntries } from './outbox';
import { qk } from './queryKeys';

type Rec = Record<string, unknown>;
/** A record's answer; `copy`: read from the local copy (no connection), as of that time. */
export interface RecordAnswer { data: unknown; request_id: string; copy?: { as_of: string | null } }

const asRec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);

async function copyRow(area: string, id: string, signal: AbortSignal): Promise<{ row: Rec | null; asOf: string | null }> {
  if (!(area in LOCAL_AREAS)) return { row: null, asOf: null };
  const r = await batchedRead('query', copyRecordInput(area, id), signal).catch(() => null);
  return { row: r?.rows[0] ?? null, asOf: r?.as_of ?? null };
}

/** The fields waiting changes write, as the record names them (what the copy's row shows of them). */
function writtenFields(bodies: readonly unknown[]): Set<string> {
  return new Set(bodies.flatMap((b) => Object.keys(asRec(b) ?? {})));
}

/**
 * One record as the app shows it: the service's, with what changes still waiting in the outbox make
 * of it (the copy holds the record as they will leave it, marked). A record made offline is the copy's
 * own row until its creation is sent (the service does not know its id); then the service's record
 * under its new id. Known to be offline, the copy answers (a waiting change over the record as last read).
 */
async function readRecord(qc: QueryClient, area: string, route: ReadRouteId, id: string | null, signal: AbortSignal): Promise<RecordAnswer> {
  const direct = () => callAnyRoute(route, id ? { params: { id } } : {}, signal);
  if (!id) return direct();
  const entries = await outboxEntries(qc);
  const real = realIdOf(entries, id);
  if (real) return callAnyRoute(route, { params: { id: real } }, signal);
  const waiting = touching(entries, area, id);
  const offline = knownOffline(qc);
  if (waiting.length === 0 && !offline) return direct();
  const { row, asOf } = await copyRow(area, id, signal);
  if (isTempId(entries, id)) {
    if (!row) throw new BridgeCallError({ kind: 'api', status: 404, code: 'resource_not_found', message: 'The record made offline is no longer in the local copy.' });
    return { data: row, request_id: '' };
  }
  const last = asRec(qc.getQueryData<RecordAnswer>(qk.record(area, id))?.data);
  let base: Rec | null = null;
  let requestId = '';
  if (!offline || !(last || row)) {
    try {
      const r = await direct();
      base = asRec(r.data);
      requestId = r.request_id;
    } catch (e) {
      if (!(last || row) || !meansOffline(asBridgeError(e))) throw e;
    }
  }
  const copy = base ? {} : { copy: { as_of: asOf } };
  base ??= last;
  if (!row) return { data: base ?? {}, request_id: requestId, ...copy };
  const shown: Rec = { ...(base ?? row) };
  for (const k of writtenFields(waiting.map((e) => e.body))) if (k in row) shown[k] = row[k];
  if (LOCAL_MARK in row) shown[LOCAL_MARK] = row[LOCAL_MARK];
  return { data: shown, request_id: requestId, ...copy };
}

/** A record through its area's read route, as every screen and link reads it (one cache entry each). */
export const recordOptions = (area: string, id: string | null, route: ReadRouteId | undefined) => queryOptions({
  queryKey: qk.record(area, id ?? ''),
  queryFn: ({ signal, client }) => readRecord(client, area, route!, id, signal),
  enabled: !!route,
});
