import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../../electron/client';
import { LOCAL_AREA_KEYS, type RouteId } from '../../../shared';
import { prng } from '../../reliability/stack';
import { apiList, copyList, expectSameRecords, localStack, type LocalStack } from './stack';

/**
 * Convergence, as a property: a second client (someone else on another machine) makes random
 * creates, edits, deletes, restores, approvals and payments, interleaved with the app's cycles and
 * a deletion check; afterwards the copy equals the API's lists in every area (as many rows, none twice,
 * each record whole). Seeds are fixed so a failure replays; each prints its tally.
 */
const SEEDS = [11, 29, 47];
const OPS = 60;

let stack: LocalStack;
beforeAll(async () => { stack = await localStack(); await stack.core.local.idle(); }, 60_000);
afterAll(async () => { await stack.close(); });

type Rec = { id: string; revision?: number; review_status?: string; balance_due?: string };
/** What the writes came to: each route's writes that the API carried out, and those it refused, by code. */
interface Tally { done: Map<string, number>; refused: Map<string, number> }
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** Refusals a write of this property may meet (an expense still blocked, a payment on one already paid): anything else fails the test. */
const EXPECTED_REFUSALS = new Set(['approval_blocked', 'revision_conflict', 'invalid_state']);

async function randomOps(seed: number, other: ApiClient): Promise<Tally> {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(rnd() * xs.length)];
  const tally: Tally = { done: new Map(), refused: new Map() };
  const deleted: { route: RouteId; id: string }[] = [];
  /** A write the API must carry out; counted once it has. */
  const call = async (route: RouteId, input: Record<string, unknown>, key?: string) => {
    const data = (await other.callUnknown(route, input, key ? { idempotencyKey: key } : {})).data as Rec;
    bump(tally.done, route);
    return data;
  };
  /** A write the API may refuse with an expected 409: counted as done, or as refused with its code. */
  const attempt = async (route: RouteId, input: Record<string, unknown>, key: string) => {
    try {
      await call(route, input, key);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 409 || !EXPECTED_REFUSALS.has(e.code ?? '')) throw e;
      bump(tally.refused, `${route}: ${e.code ?? ''}`);
    }
  };
  const list = async (route: RouteId, query: Record<string, string | number> = {}) => (await other.callUnknown(route, { query: { limit: 50, ...query } })).data as Rec[];
  const ops: (() => Promise<void>)[] = [
    async () => { await call('customers.create', { body: { name: `לקוח ${seed}-${Math.floor(rnd() * 1e6)}` } }); },
    async () => { const c = pick(await list('customers.list')); if (c) await call('customers.update', { params: { id: c.id }, body: { name: `Edited ${Math.floor(rnd() * 1e6)}` } }); },
    async () => { const c = pick(await list('customers.list')); if (c) { await call('customers.delete', { params: { id: c.id } }); deleted.push({ route: 'customers.restore', id: c.id }); } },
    async () => { const d = deleted.shift(); if (d) await call(d.route, { params: { id: d.id } }); },
    async () => { await call('tasks.create', { body: { title: `Task ${Math.floor(rnd() * 1e6)}` } }); },
    async () => { const t = pick(await list('tasks.list')); if (t) await call('tasks.delete', { params: { id: t.id } }); },
    async () => { const t = pick(await list('tags.list')); if (t) await call('tags.update', { params: { id: t.id }, body: { name: `Tag ${Math.floor(rnd() * 1e6)}` } }); },
    async () => {
      const e = await call('expenses.create', { body: {
        supplier_name: `ספק ${Math.floor(rnd() * 1e4)}`, currency: 'ILS', issue_date: '2026-11-01', review_status: 'NEEDS_REVIEW',
        lines: [{ description: 'Paper', quantity: '1', unit_price: `${10 + Math.floor(rnd() * 90)}.00`, vat_rate: '18' }],
      } }, `conv-${seed}-${Math.floor(rnd() * 1e9)}-create`);
      const cats = await list('expenseCategories.list');
      if (cats[0]) await call('expenses.update', { params: { id: e.id }, body: { expected_revision: e.revision, category_id: cats[0].id } }, `conv-${seed}-${e.id}-cat`);
    },
    async () => {
      const e = pick(await list('expenses.list', { status: 'needs_review' }));
      if (e) await attempt('expenses.approve', { params: { id: e.id }, body: { expected_revision: e.revision, confirmed: true } }, `conv-${seed}-${e.id}-ok`);
    },
    async () => {
      // One with something left to pay (a paid one refuses the payment: that would change nothing).
      const e = pick((await list('expenses.list', { status: 'approved' })).filter((x) => Number(x.balance_due) >= 1));
      if (e) {
        await attempt('expensePayments.create', { body: {
          direction: 'OUTGOING', amount: '1.00', currency: 'ILS', payment_date: '2026-11-02', method: 'CASH',
          allocations: [{ expense_id: e.id, expected_revision: e.revision, amount: '1.00' }],
        } }, `conv-${seed}-${e.id}-${Math.floor(rnd() * 1e9)}-pay`);
      }
    },
    async () => {
      // A reversal changes a payment (its reversals) without a new created_at: the copy learns it
      // through the expense it was allocated to, whose change makes the payment read again.
      const p = pick((await other.callUnknown('expensePayments.list', { query: { limit: 20 } })).data as { id: string; allocations: { expense_id: string; amount: string }[]; reversals: unknown[] }[]);
      const a = p?.allocations[0];
      if (!p || !a || p.reversals.length) return;
      const e = (await other.callUnknown('expenses.get', { params: { id: a.expense_id } })).data as Rec;
      await attempt('expensePayments.reverse', { params: { id: p.id }, body: { reason: 'Convergence test', allocations: [{ expense_id: a.expense_id, expected_revision: e.revision, amount: a.amount }] } }, `conv-${seed}-${p.id}-rev`);
    },
  ];
  for (let i = 0; i < OPS; i++) {
    await pick(ops)!();
    if (rnd() < 0.15) { stack.core.local.syncNow(); await stack.core.local.idle(); }
    if (rnd() < 0.03) { stack.core.local.syncNow({ deletions: true }); await stack.core.local.idle(); }
  }
  return tally;
}

describe('local copy convergence (property, against the sandbox)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: after random writes elsewhere, a cycle and a deletion check, the copy equals the API in every area`, async () => {
      const other = new ApiClient({ baseUrl: stack.sandbox.baseUrl, apiKey: stack.sandbox.keys.owner, gate: false });
      const tally = await randomOps(seed, other);
      console.log(`seed ${seed}: done ${JSON.stringify(Object.fromEntries(tally.done))}; refused ${JSON.stringify(Object.fromEntries(tally.refused))}`);
      // The property covers approvals, payments and reversals only if some really happened.
      for (const route of ['expenses.approve', 'expensePayments.create', 'expensePayments.reverse']) expect(tally.done.get(route) ?? 0, route).toBeGreaterThan(0);
      // A plain cycle first: no area below loses records here, so each must match already (payments
      // reversed elsewhere have no new created_at: they come through their expenses' changes).
      stack.core.local.syncNow();
      await stack.core.local.idle();
      for (const area of ['expenses', 'expense-payments', 'tags']) {
        expectSameRecords(await copyList(stack, area), await apiList(stack.sandbox, 'owner', area), `${area} after a cycle`);
      }
      stack.core.local.syncNow({ deletions: true });
      await stack.core.local.idle();
      for (const area of LOCAL_AREA_KEYS) {
        expectSameRecords(await copyList(stack, area), await apiList(stack.sandbox, 'owner', area), area);
      }
    }, 120_000);
  }
});
