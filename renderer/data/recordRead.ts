import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LOCAL_AREAS, LOCAL_MARK, type LocalStatus, type ReadRouteId } from '../../shared';
import { BridgeCallError, asBridgeError, callAnyRoute } from '../bridge/call';
import { meansOffline, networkState } from '../bridge/network';
import { isTempId, realIdOf, touching } from '../rules/outbox';
import { writesOffline } from '../rules/permissions';
import { batchedRead } from './localBatch';
import { copyRecordInput } from './localCopy';
import { outboxEntries } from './outbox';
import { qk } from './queryKeys';

type Rec = Record<string, unknown>;
export interface RecordAnswer { data: unknown; request_id: string }

const asRec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);

async function copyRow(area: string, id: string, signal: AbortSignal): Promise<Rec | null> {
  if (!(area in LOCAL_AREAS)) return null;
  const r = await batchedRead('query', copyRecordInput(area, id), signal).catch(() => null);
  return r?.rows[0] ?? null;
}

/** The fields waiting changes write, as the record names them (what the copy's row shows of them). */
function writtenFields(bodies: readonly unknown[]): Set<string> {
  return new Set(bodies.flatMap((b) => Object.keys(asRec(b) ?? {})));
}

/**
 * One record as the app shows it: the service's, with what changes still waiting in the outbox make
 * of it (the copy holds the record as they will leave it, marked). A record made offline is the copy's
 * own row until its creation is sent (the service does not know its id); then the service's record
 * under its new id. With no connection, a waiting change shows over the record as last read.
 */
async function readRecord(qc: QueryClient, area: string, route: ReadRouteId, id: string | null, signal: AbortSignal): Promise<RecordAnswer> {
  const direct = () => callAnyRoute(route, id ? { params: { id } } : {}, signal);
  if (!id) return direct();
  const entries = await outboxEntries(qc);
  const real = realIdOf(entries, id);
  if (real) return callAnyRoute(route, { params: { id: real } }, signal);
  const waiting = touching(entries, area, id);
  if (waiting.length === 0) return direct();
  const row = await copyRow(area, id, signal);
  if (isTempId(entries, id)) {
    if (!row) throw new BridgeCallError({ kind: 'api', status: 404, code: 'resource_not_found', message: 'The record made offline is no longer in the local copy.' });
    return { data: row, request_id: '' };
  }
  let base = asRec(qc.getQueryData<RecordAnswer>(qk.record(area, id))?.data);
  let requestId = '';
  if (!writesOffline(networkState(), qc.getQueryData<LocalStatus>(qk.localStatus()))) {
    try {
      const r = await direct();
      base = asRec(r.data);
      requestId = r.request_id;
    } catch (e) {
      if (!(base || row) || !meansOffline(asBridgeError(e))) throw e;
    }
  }
  if (!row) return { data: base ?? {}, request_id: requestId };
  const shown: Rec = { ...(base ?? row) };
  for (const k of writtenFields(waiting.map((e) => e.body))) if (k in row) shown[k] = row[k];
  shown[LOCAL_MARK] = row[LOCAL_MARK];
  return { data: shown, request_id: requestId };
}

/** A record through its area's read route, as every screen and link reads it (one cache entry each). */
export const recordOptions = (area: string, id: string | null, route: ReadRouteId | undefined) => queryOptions({
  queryKey: qk.record(area, id ?? ''),
  queryFn: ({ signal, client }) => readRecord(client, area, route!, id, signal),
  enabled: !!route,
});
