import { afterEach, describe, expect, it } from 'vitest';
import type { LocalAggregateOutput, LocalQueryOutput, LocalReadManyOutput } from '../../../shared';
import { localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: { ok: boolean; data?: unknown; error?: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
};

describe('local.readMany through the bridge router', () => {
  it('answers each read as local.query or local.aggregate does, in order; refuses the whole call for one bad read; an own write shows in the next answer', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const s = stack;
    const queries = [
      { area: 'customers', group_by: 'status' },
      { area: 'documents', filters: [{ column: 'payment_status', op: 'in', values: ['unpaid', 'partially_paid'] }], sums: ['total_minor'] },
      { area: 'customers' },
    ];
    const rows = { area: 'customers', sort: [{ column: 'name', direction: 'asc' }], page: { offset: 0, limit: 5 } };
    const reads = [...queries.map((aggregate) => ({ aggregate })), { query: rows }];
    const many = ok<LocalReadManyOutput>(await s.invoke('local.readMany', { reads }));
    const one = await Promise.all(queries.map(async (q) => ({ aggregate: ok<LocalAggregateOutput>(await s.invoke('local.aggregate', q)) })));
    const page = ok<LocalQueryOutput>(await s.invoke('local.query', rows));
    expect(many.results).toEqual([...one, { query: page }]);
    expect(page.rows).toHaveLength(5);
    const count = (r: LocalReadManyOutput['results'][number] | undefined) => (r && 'aggregate' in r ? r.aggregate.groups[0]!.count : -1);
    expect(count(many.results[2])).toBeGreaterThan(0);

    const bad = await s.invoke('local.readMany', { reads: [reads[0], { aggregate: { area: 'customers', sums: ['name'] } }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.kind).toBe('invalid_input');

    const before = count(many.results[2]);
    ok(await s.invoke('api.call', { route: 'customers.create', body: { name: 'Counted at once' } }));
    const after = ok<LocalReadManyOutput>(await s.invoke('local.readMany', { reads: [reads[2]] }));
    expect(count(after.results[0])).toBe(before + 1);
  }, 60_000);
});
