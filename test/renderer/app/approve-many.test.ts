import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CONFLICT_CODES, type BridgeError } from '../../../shared';
import { approveMany, type BulkItem, type BulkKeys } from '../../../renderer/data/approveMany';
import type { BulkOutcome } from '../../../renderer/rules/bulk';

type Call = { route: string; params?: { id: string }; body?: Record<string, unknown>; idempotency_key?: string };
type Reply = { ok: true; data: unknown } | { ok: false; error: BridgeError };

/** Main as the bulk approval sees it: each approval answered by `approve`, each re-read by `current`. */
function stubBridge(approve: (id: string, n: number) => Reply, current: (id: string) => Record<string, unknown>) {
  const calls: Call[] = [];
  const tries = new Map<string, number>();
  const invoke = vi.fn(async (op: string, input: unknown): Promise<Reply> => {
    if (op !== 'api.call') return { ok: true, data: null }; // the activity log
    const c = input as Call;
    calls.push(c);
    const id = c.params!.id;
    if (c.route === 'expenses.get') return { ok: true, data: { data: current(id), request_id: `req_get_${id}` } };
    const n = (tries.get(id) ?? 0) + 1;
    tries.set(id, n);
    const r = approve(id, n);
    return r.ok ? { ok: true, data: { data: { id, review_status: 'approved' }, request_id: `req_${id}_${n}` } } : r;
  });
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
  return calls.filter.bind(calls);
}

const expense = (id: string, revision: number): BulkItem => ({ id, name: `Expense ${id}`, record: { id, revision, review_status: 'needs_review', blocking_issues: [] } });
const ok: Reply = { ok: true, data: null };
const lost: Reply = { ok: false, error: { kind: 'unknown_outcome', message: 'No answer.', idempotency_key: 'k' } };

afterEach(() => { vi.unstubAllGlobals(); });

describe('bulk approval: each expense at its own revision with its own key, never approved twice', () => {
  it('sends each approval with the revision the user saw, confirmed, and an Idempotency-Key of its own', async () => {
    const approvals = stubBridge(() => ok, () => ({}));
    const outcomes: [string, BulkOutcome][] = [];
    await approveMany(new QueryClient(), [expense('a', 3), expense('b', 7), expense('c', 1)], new Map(), (id, o) => outcomes.push([id, o]));
    const sent = approvals((c) => c.route === 'expenses.approve');
    expect(sent.map((c) => [c.params!.id, c.body])).toEqual([
      ['a', { expected_revision: 3, confirmed: true }], ['b', { expected_revision: 7, confirmed: true }], ['c', { expected_revision: 1, confirmed: true }],
    ]);
    const keys = sent.map((c) => c.idempotency_key!);
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    // One after the other, each told as it lands.
    expect(outcomes.map(([id, o]) => [id, o.kind])).toEqual([['a', 'approved'], ['b', 'approved'], ['c', 'approved']]);
  });

  it('a lost answer keeps its key: the retry of the batch sends the same key for it (the service replays, no second approval) and a new one only for a new decision', async () => {
    const approvals = stubBridge((id, n) => (id === 'b' && n === 1 ? lost : ok), () => ({}));
    const keys: BulkKeys = new Map();
    const first: BulkOutcome[] = [];
    await approveMany(new QueryClient(), [expense('a', 3), expense('b', 7)], keys, (_id, o) => first.push(o));
    expect(first.map((o) => o.kind)).toEqual(['approved', 'unknown']);
    // Only the unsettled one keeps a key.
    expect([...keys.keys()]).toEqual(['b']);
    await approveMany(new QueryClient(), [expense('b', 7)], keys, () => undefined);
    const toB = approvals((c) => c.route === 'expenses.approve' && c.params!.id === 'b');
    expect(toB).toHaveLength(2);
    expect(toB[1]!.idempotency_key).toBe(toB[0]!.idempotency_key);
    expect(keys.size).toBe(0);
  });

  it('a lost answer followed by a new decision (the expense read again at another revision) is another approval: another key', async () => {
    const approvals = stubBridge((_id, n) => (n === 1 ? lost : ok), () => ({}));
    const keys: BulkKeys = new Map();
    await approveMany(new QueryClient(), [expense('b', 7)], keys, () => undefined);
    await approveMany(new QueryClient(), [expense('b', 8)], keys, () => undefined);
    const sent = approvals((c) => c.route === 'expenses.approve');
    expect(sent.map((c) => c.body?.expected_revision)).toEqual([7, 8]);
    expect(sent[1]!.idempotency_key).not.toBe(sent[0]!.idempotency_key);
  });

  it('a stale revision is read again and offered again (not retried); a blocked one reports the issues it has now', async () => {
    const conflict = (code: string): Reply => ({ ok: false, error: { kind: 'api', status: 409, code, message: 'Conflict.', request_id: 'req_409' } });
    const approvals = stubBridge(
      (id) => (id === 'stale' ? conflict(CONFLICT_CODES.staleRevision) : id === 'blocked' ? conflict(CONFLICT_CODES.approvalBlocked) : ok),
      (id) => (id === 'stale'
        ? { id, revision: 9, review_status: 'needs_review', blocking_issues: [] }
        : { id, revision: 2, review_status: 'needs_review', blocking_issues: [{ code: 'missing_category', message: 'No category.' }] }),
    );
    const outcomes = new Map<string, BulkOutcome>();
    await approveMany(new QueryClient(), [expense('stale', 4), expense('blocked', 2), expense('fine', 5)], new Map(), (id, o) => outcomes.set(id, o));
    expect(outcomes.get('stale')).toEqual({ kind: 'stale', current: { id: 'stale', revision: 9, review_status: 'needs_review', blocking_issues: [] }, again: true });
    expect(outcomes.get('blocked')).toEqual({ kind: 'blocked', issues: [{ code: 'missing_category', message: 'No category.' }] });
    expect(outcomes.get('fine')?.kind).toBe('approved');
    // Each approval sent once: the stale one waits for the user to decide on its new revision.
    expect(approvals((c) => c.route === 'expenses.approve').map((c) => c.params!.id)).toEqual(['stale', 'blocked', 'fine']);
    expect(approvals((c) => c.route === 'expenses.get').map((c) => c.params!.id)).toEqual(['stale', 'blocked']);
  });
});
