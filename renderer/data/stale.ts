import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { RESOURCE_AREAS, revisionsIn, type RouteId } from '../../shared';
import { asBridgeError, callAnyRoute } from '../bridge/call';
import { qk } from './queryKeys';

type Rec = Record<string, unknown>;

/** One record whose revision moved on since the user saw it. */
export interface StaleRecord {
  area: string;
  id: string;
  /** Body path of the revision the write expected ("expected_revision", "allocations.1.expected_revision"). */
  path: string;
  expected: number;
  /** As the user saw it (null when the screen did not keep it). */
  before: Rec | null;
  /** As the service holds it now (null: it is gone). */
  after: Rec | null;
}

export type Conflict = { status: 'checking' } | { status: 'stale'; records: StaleRecord[] };

interface Target { area: string; id?: string | null; basis?: (id: string) => Rec | undefined }

const readRouteOf = (area: string): RouteId | undefined => RESOURCE_AREAS[area]?.details ?? RESOURCE_AREAS[area]?.get;

/**
 * After a 409 stale revision: reads again every record whose revision the body expected, keeps
 * those that moved on (with the version the user saw), and puts the fresh ones in the cache, so
 * the screen shows them and the user's next decision carries their new revisions.
 */
export async function readStale(qc: QueryClient, t: Target, schema: z.ZodType, body: Rec): Promise<Conflict> {
  const records: StaleRecord[] = [];
  for (const r of revisionsIn(schema, body)) {
    const id = r.id ?? t.id ?? null;
    const area = r.id ? r.to[0] : t.area;
    const route = area ? readRouteOf(area) : undefined;
    if (!id || !area || !route) continue;
    let after: Rec | null = null;
    try {
      const answer = await callAnyRoute(route, { params: { id } });
      after = answer.data as Rec;
      qc.setQueryData(qk.record(area, id), answer);
    } catch (e) {
      if (asBridgeError(e).status !== 404) throw e;
      qc.removeQueries({ queryKey: qk.record(area, id) });
    }
    void qc.invalidateQueries({ queryKey: qk.lists(area) });
    if (after?.revision === r.expected) continue;
    records.push({ area, id, path: r.path, expected: r.expected, before: t.basis?.(id) ?? null, after });
  }
  return { status: 'stale', records };
}
