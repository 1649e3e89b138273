import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalAggregateInput, LocalAggregateOutput } from '../../../shared';
import { batchedAggregate } from '../../../renderer/data/aggregateBatch';

const q = (area: string, group_by?: string): LocalAggregateInput => ({ area, filters: [], sums: [], ...(group_by ? { group_by } : {}) }) as LocalAggregateInput;
const answer = (n: number): LocalAggregateOutput => ({ groups: [{ key: null, count: n, sums: [] }], ready: true, as_of: null });

/** A bridge whose local.aggregate answers the area's name length, and whose batch answers each the same way (or is refused). */
function stubBridge(refuseBatch = false) {
  const invoke = vi.fn(async (op: string, input: unknown) => {
    if (op === 'local.aggregate') return { ok: true, data: answer((input as LocalAggregateInput).area.length) };
    if (op === 'local.aggregateMany') {
      if (refuseBatch) return { ok: false, error: { kind: 'invalid_input', message: 'no' } };
      return { ok: true, data: { results: (input as { queries: LocalAggregateInput[] }).queries.map((x) => answer(x.area.length)) } };
    }
    return { ok: false, error: { kind: 'internal', message: op } };
  });
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
  return invoke;
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('aggregates asked together go in one bridge call', () => {
  it('sends the questions of one task as one local.aggregateMany, each answer to its own asker', async () => {
    const invoke = stubBridge();
    const [a, b, c] = await Promise.all([batchedAggregate(q('documents')), batchedAggregate(q('tasks')), batchedAggregate(q('leads', 'status'))]);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0]![0]).toBe('local.aggregateMany');
    expect((invoke.mock.calls[0]![1] as { queries: unknown[] }).queries).toEqual([q('documents'), q('tasks'), q('leads', 'status')]);
    expect([a, b, c].map((x) => x.groups[0]!.count)).toEqual([9, 5, 5]);
    // Alone in its task: the plain operation.
    await batchedAggregate(q('expenses'));
    expect(invoke.mock.calls[1]![0]).toBe('local.aggregate');
  });

  it('a refused batch is asked again one question at a time', async () => {
    const invoke = stubBridge(true);
    const answers = await Promise.all([batchedAggregate(q('documents')), batchedAggregate(q('tasks'))]);
    expect(answers.map((x) => x.groups[0]!.count)).toEqual([9, 5]);
    expect(invoke.mock.calls.map((c) => c[0])).toEqual(['local.aggregateMany', 'local.aggregate', 'local.aggregate']);
  });

  it('an aborted question stops waiting; the others are answered', async () => {
    stubBridge();
    const ctrl = new AbortController();
    const gone = batchedAggregate(q('documents'), ctrl.signal);
    const kept = batchedAggregate(q('tasks'));
    ctrl.abort(new Error('left the screen'));
    await expect(gone).rejects.toThrow('left the screen');
    expect((await kept).groups[0]!.count).toBe(5);
  });
});
