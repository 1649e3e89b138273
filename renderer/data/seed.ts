import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROUTES } from '../../shared';
import type { ReadRouteId } from '../resources/types';
import { qk } from './queryKeys';

/**
 * What a cached record holds when it was seeded from a create's answer or from the local copy's row:
 * the detail route may add more (fields it lacks show as loading until the route's answer).
 */
export interface SeededRecord { data: unknown; request_id: string; partial: true }

/** Whether a cached record answer is only a seed (a form must wait for the full record: it would open with what the seed lacks empty). */
export const isSeeded = (answer: unknown): boolean => (answer as Partial<SeededRecord> | undefined)?.partial === true;

/**
 * Caches `data` as the area's record when it is that record as far as it goes and nothing is cached
 * or failed yet; stale from the start, so the detail route's full record replaces it. True when it seeded.
 */
export function seedRecord(qc: QueryClient, t: { area: string; readRoute?: ReadRouteId }, data: unknown, requestId = ''): boolean {
  if (!t.readRoute || typeof data !== 'object' || data === null || typeof (data as { id?: unknown }).id !== 'string') return false;
  // Only an answer that is the record itself, as far as it goes (a lead intake answers with a draft, not a lead).
  const full = ROUTES[t.readRoute].response.data;
  if (!(full instanceof z.ZodObject) || !full.partial().safeParse(data).success) return false;
  const key = qk.record(t.area, (data as { id: string }).id);
  // Not over a record already read, nor over the route's own failure (a deleted record's 404 stays said).
  const state = qc.getQueryState(key);
  if (state?.data !== undefined || state?.status === 'error') return false;
  qc.setQueryData<SeededRecord>(key, { data, request_id: requestId, partial: true }, { updatedAt: 0 });
  return true;
}

/** A created record, cached straight from the create's answer, so its screen shows it at once. */
export function seedCreatedRecord(qc: QueryClient, t: { area: string; readRoute?: ReadRouteId }, result: { data: unknown; request_id: string }): void {
  seedRecord(qc, t, result.data, result.request_id);
}
