import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROUTES } from '../../shared';
import type { ReadRouteId } from '../resources/types';
import { qk } from './queryKeys';

/** What a cached record holds when it was seeded from a create's answer: the detail route may add more. */
export interface SeededRecord { data: unknown; request_id: string; partial: true }

/**
 * A created record, cached as its area's record straight from the create's answer, so its screen
 * shows it at once; it is stale from the start, so the detail route's full record replaces it as soon
 * as the screen mounts (fields the answer lacks show as loading until then).
 */
export function seedCreatedRecord(qc: QueryClient, t: { area: string; readRoute?: ReadRouteId }, result: { data: unknown; request_id: string }): void {
  const data = result.data;
  if (!t.readRoute || typeof data !== 'object' || data === null || typeof (data as { id?: unknown }).id !== 'string') return;
  // Only an answer that is the record itself, as far as it goes (a lead intake answers with a draft, not a lead).
  const full = ROUTES[t.readRoute].response.data;
  if (!(full instanceof z.ZodObject) || !full.partial().safeParse(data).success) return;
  const key = qk.record(t.area, (data as { id: string }).id);
  if (qc.getQueryData(key) !== undefined) return;
  qc.setQueryData<SeededRecord>(key, { data, request_id: result.request_id, partial: true }, { updatedAt: 0 });
}
