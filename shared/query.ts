import { z } from 'zod';
import { dateTimeFilter } from './primitives';

/** Section 8 bounds. */
export const LIMITS = { limitMin: 1, limitMax: 100, limitDefault: 50, cursorMax: 512, searchMax: 100, statusMax: 50 } as const;

export const LIST_PARAMS = ['limit', 'cursor', 'created_after', 'updated_after', 'status', 'search'] as const;
export type ListParam = (typeof LIST_PARAMS)[number];
export const ALL_SIX: readonly ListParam[] = LIST_PARAMS;
export const PAGING_AND_TIME: readonly ListParam[] = ['limit', 'cursor', 'created_after', 'updated_after'];

/** Values a list call may carry; every key is optional. */
export interface ListQuery {
  limit?: number;
  cursor?: string;
  created_after?: string;
  updated_after?: string;
  status?: string;
  search?: string;
}

const paramSchemas = {
  // An integer: a number, or its plain decimal digits on the wire (no "1e1", "0x10", " 5", "5.0").
  limit: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(LIMITS.limitMin, 'limit must be at least 1').max(LIMITS.limitMax, 'limit must be at most 100'),
  ),
  cursor: z.string().min(1, 'cursor must not be empty').max(LIMITS.cursorMax, 'cursor must be at most 512 characters'),
  created_after: dateTimeFilter,
  updated_after: dateTimeFilter,
  search: z.string().transform((s) => s.trim()).pipe(z.string().max(LIMITS.searchMax, 'search must be at most 100 characters')),
} as const;

/**
 * The strict query schema of one list route: exactly its parameters, nothing else.
 * Status is exact but case-insensitive (normalised to lower case) with a raw length bound.
 */
export function listQuerySchema(params: readonly ListParam[], statuses: readonly string[] = []) {
  const shape: Record<string, z.ZodType> = {};
  for (const p of params) {
    if (p === 'status') {
      shape.status = z
        .string()
        .max(LIMITS.statusMax, 'status must be at most 50 characters')
        .transform((s) => s.toLowerCase())
        .pipe(z.enum(statuses as [string, ...string[]], { error: `status must be one of: ${statuses.join(', ')}` }))
        .optional();
    } else {
      shape[p] = paramSchemas[p].optional();
    }
  }
  return z.strictObject(shape);
}
