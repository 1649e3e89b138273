import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalAggregateInput, LocalAggregateOutput, LocalQueryInput, LocalQueryOutput, LocalRead } from '../../../shared';
import { QueryClient } from '@tanstack/react-query';
import { batchedRead } from '../../../renderer/data/localBatch';
import { localRowsOptions, localWindowOptions } from '../../../renderer/data/localCopy';

const q = (area: string, group_by?: string): LocalAggregateInput => ({ area, filters: [], sums: [], ...(group_by ? { group_by } : {}) }) as LocalAggregateInput;
const rowsOf = (area: string): LocalQueryInput => ({ area, filters: [], sort: [], language: 'en', page: { offset: 0, limit: 10 } });
const answer = (n: number): LocalAggregateOutput => ({ groups: [{ key: null, count: n, sums: [] }], ready: true, as_of: null });
const rows = (area: string): LocalQueryOutput => ({ rows: [{ area }], total: area.length, next: null, ready: true, as_of: null });

/** A bridge whose single reads answer by the area's name, and whose batch answers each the same way (or is refused). */
function stubBridge(refuseBatch = false) {
  const invoke = vi.fn(async (op: string, input: unknown) => {
    if (op === 'local.aggregate') return { ok: true, data: answer((input as LocalAggregateInput).area.length) };
    if (op === 'local.query') return { ok: true, data: rows((input as LocalQueryInput).area) };
    if (op === 'local.readMany') {
      if (refuseBatch) return { ok: false, error: { kind: 'invalid_input', message: 'no' } };
      const reads = (input as { reads: LocalRead[] }).reads;
      return { ok: true, data: { results: reads.map((r) => ('query' in r ? { query: rows(r.query.area) } : { aggregate: answer(r.aggregate.area.length) })) } };
    }
    return { ok: false, error: { kind: 'internal', message: op } };
  });
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
  return invoke;
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('reads of the copy asked together go in one bridge call', () => {
  it('sends the reads of one turn, queries and aggregates, as one local.readMany, each answer to its own asker', async () => {
    const invoke = stubBridge();
    const [a, r, b, c] = await Promise.all([
      batchedRead('aggregate', q('documents')), batchedRead('query', rowsOf('payments')), batchedRead('aggregate', q('tasks')), batchedRead('aggregate', q('leads', 'status')),
    ]);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0]![0]).toBe('local.readMany');
    expect((invoke.mock.calls[0]![1] as { reads: unknown[] }).reads).toEqual([{ aggregate: q('documents') }, { query: rowsOf('payments') }, { aggregate: q('tasks') }, { aggregate: q('leads', 'status') }]);
    expect([a, b, c].map((x) => x.groups[0]!.count)).toEqual([9, 5, 5]);
    expect(r.rows).toEqual([{ area: 'payments' }]);
    // Alone in its turn: the plain operation, not held for a timer.
    expect(await batchedRead('query', rowsOf('expenses'))).toEqual(rows('expenses'));
    await batchedRead('aggregate', q('expenses'));
    expect(invoke.mock.calls.slice(1).map((c) => c[0])).toEqual(['local.query', 'local.aggregate']);
  });

  it('a refused batch is asked again one read at a time', async () => {
    const invoke = stubBridge(true);
    const [a, r] = await Promise.all([batchedRead('aggregate', q('documents')), batchedRead('query', rowsOf('tasks'))]);
    expect(a.groups[0]!.count).toBe(9);
    expect(r.total).toBe(5);
    expect(invoke.mock.calls.map((c) => c[0])).toEqual(['local.readMany', 'local.aggregate', 'local.query']);
  });

  it('an aborted read stops waiting; the others are answered', async () => {
    stubBridge();
    const ctrl = new AbortController();
    const gone = batchedRead('aggregate', q('documents'), ctrl.signal);
    const kept = batchedRead('aggregate', q('tasks'));
    ctrl.abort(new Error('left the screen'));
    await expect(gone).rejects.toThrow('left the screen');
    expect((await kept).groups[0]!.count).toBe(5);
  });

  it("a list's windows are asked one by one (the first answered without waiting for the rest); other rows join the batch", async () => {
    const invoke = stubBridge();
    const qc = new QueryClient();
    const page = (i: number) => ({ ...rowsOf('customers'), page: { offset: i * 10, limit: 10 } });
    await Promise.all([0, 1, 2].map((i) => qc.fetchQuery(localWindowOptions(page(i)))));
    expect(invoke.mock.calls.map((c) => c[0])).toEqual(['local.query', 'local.query', 'local.query']);
    await Promise.all([3, 4].map((i) => qc.fetchQuery(localRowsOptions(page(i)))));
    expect(invoke.mock.calls.slice(3).map((c) => c[0])).toEqual(['local.readMany']);
    // The same cache entry either way.
    expect(localWindowOptions(page(0)).queryKey).toEqual(localRowsOptions(page(0)).queryKey);
  });
});
