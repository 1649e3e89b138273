import { afterEach, describe, expect, it } from 'vitest';
import type { LocalAggregateManyOutput, LocalAggregateOutput } from '../../../shared';
import { localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: { ok: boolean; data?: unknown; error?: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
};

describe('local.aggregateMany through the bridge router', () => {
  it('answers each question as local.aggregate does, in order; refuses the whole call for one bad question; an own write shows in the next answer', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const s = stack;
    const queries = [
      { area: 'customers', group_by: 'status' },
      { area: 'documents', filters: [{ column: 'payment_status', op: 'in', values: ['unpaid', 'partially_paid'] }], sums: ['total_minor'] },
      { area: 'customers' },
    ];
    const many = ok<LocalAggregateManyOutput>(await s.invoke('local.aggregateMany', { queries }));
    const one = await Promise.all(queries.map(async (q) => ok<LocalAggregateOutput>(await s.invoke('local.aggregate', q))));
    expect(many.results).toEqual(one);
    expect(many.results[2]!.groups[0]!.count).toBeGreaterThan(0);

    const bad = await s.invoke('local.aggregateMany', { queries: [queries[0], { area: 'customers', sums: ['name'] }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.kind).toBe('invalid_input');

    const before = many.results[2]!.groups[0]!.count;
    ok(await s.invoke('api.call', { route: 'customers.create', body: { name: 'Counted at once' } }));
    const after = ok<LocalAggregateManyOutput>(await s.invoke('local.aggregateMany', { queries: [queries[2]] }));
    expect(after.results[0]!.groups[0]!.count).toBe(before + 1);
  }, 60_000);
});
