import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox';
import type { BridgeError } from '../../shared';
import { appCore, countedSandbox, dataOf, type AppCore } from './stack';
import { AppUser, Tally, type Outcome, type WriteTarget } from './user';

/**
 * Races between two users of the app (two cores, two API keys of the business, each writing through
 * the app's own write path, renderer/data/submit.ts) on the same expense:
 * approving, voiding and editing it, and paying it. Both read the same revision and send at once;
 * exactly one wins, the other meets the 409 path (spec 4.2 rule 4: re-read, then retry or stop)
 * and recovers; the expense ends in a state both can account for, and balances add up.
 */

interface Expense {
  id: string; revision: number; review_status: string; description: string | null; total: string; balance_due: string;
  lines: { description: string }[]; payment_allocations: { payment_id: string; amount: string; reversed: boolean }[];
  credits: { amount: string }[];
}

const ROUNDS = 12;
let sandbox: RunningSandbox;
let alice: { app: AppCore; user: AppUser };
let bob: { app: AppCore; user: AppUser };
let categoryId = '';
const touched = new Set<string>();
const outcomes = { races: 0, won: 0, conflicts: 0, recovered: 0, codes: new Map<string, number>() };

beforeAll(async () => {
  // Latency keeps both requests of a race in flight together.
  ({ sandbox } = await countedSandbox(31, { latencyMs: 15 }));
  const a = await appCore(sandbox, 'owner', 32);
  const b = await appCore(sandbox, 'rotated_old', 33);
  alice = { app: a, user: new AppUser(a, new Tally()) };
  bob = { app: b, user: new AppUser(b, new Tally()) };
  categoryId = dataOf<{ id: string }>(await a.invoke('api.call', { route: 'expenseCategories.create', body: { name: `Races ${Date.now()}` } })).id;
}, 60_000);
afterAll(async () => {
  await alice?.app.core.shutdown();
  await bob?.app.core.shutdown();
  await sandbox?.close();
  const codes = [...outcomes.codes].map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`races: ${outcomes.races}; won by exactly one: ${outcomes.won}; 409s: ${outcomes.conflicts} (${codes}); recovered after re-read: ${outcomes.recovered}; expenses whose balance was checked: ${touched.size}`);
});

const read = async (who: { app: AppCore }, id: string) => dataOf<Expense>(await who.app.invoke('api.call', { route: 'expenses.get', params: { id } }));
const at = (route: WriteTarget['route'], id: string): WriteTarget => ({ route, area: 'expenses', id, params: { id } });

async function newExpense(status: 'needs_review' | 'approved'): Promise<Expense> {
  const body = {
    supplier_name: 'Race supplier', description: `race ${Math.random().toString(36).slice(2)}`, currency: 'ILS', issue_date: '2026-11-01', category_id: categoryId, review_status: 'NEEDS_REVIEW',
    lines: [{ description: 'Paper', quantity: '1', unit_price: '100.00', vat_rate: '18' }],
  };
  const e = (await alice.user.write({ route: 'expenses.create', area: 'expenses' }, body)) as Extract<Outcome, { status: 'done' }>;
  const created = e.data as Expense;
  touched.add(created.id);
  if (status === 'needs_review') return created;
  return (await alice.user.write(at('expenses.approve', created.id), { expected_revision: created.revision, confirmed: true }) as Extract<Outcome, { status: 'done' }>).data as Expense;
}

/** A 409 the loser may meet: the revision it read is gone, or the state no longer allows its change. */
function conflictOf(o: Outcome): BridgeError | null {
  if (o.status !== 'gave_up' || o.error.kind !== 'api' || o.error.status !== 409) return null;
  return o.error;
}

/** Both send at once; exactly one wins. Returns which one lost and what it met. */
async function race(a: () => Promise<Outcome>, b: () => Promise<Outcome>) {
  const [ra, rb] = await Promise.all([a(), b()]);
  outcomes.races++;
  const wins = [ra, rb].filter((o) => o.status === 'done').length;
  expect(wins, 'exactly one wins').toBe(1);
  outcomes.won++;
  const loser = ra.status === 'done' ? 'bob' as const : 'alice' as const;
  const conflict = conflictOf(loser === 'bob' ? rb : ra);
  expect(conflict, 'the loser meets a 409').not.toBeNull();
  outcomes.conflicts++;
  outcomes.codes.set(conflict!.code ?? '?', (outcomes.codes.get(conflict!.code ?? '?') ?? 0) + 1);
  return { loser, conflict: conflict! };
}

const who = (name: 'alice' | 'bob') => (name === 'alice' ? alice : bob);

describe('two users on the same expense', () => {
  it(`approve against approve (${ROUNDS} rounds): one approval; the other re-reads, sees it approved, stops`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const e = await newExpense('needs_review');
      const approve = (u: typeof alice) => () => u.user.write(at('expenses.approve', e.id), { expected_revision: e.revision, confirmed: true });
      const { loser, conflict } = await race(approve(alice), approve(bob));
      expect(conflict.code).toBe('revision_conflict');
      const now = await read(who(loser), e.id);
      expect([now.review_status, now.revision]).toEqual(['approved', e.revision + 1]);
      outcomes.recovered++;
    }
  });

  it(`void against void (${ROUNDS} rounds): voided once, with the winner's reason`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const e = await newExpense('approved');
      const voidIt = (u: typeof alice, reason: string) => () => u.user.write(at('expenses.void', e.id), { expected_revision: e.revision, reason, confirmed: true });
      const { loser } = await race(voidIt(alice, 'duplicate (alice)'), voidIt(bob, 'duplicate (bob)'));
      const now = await read(who(loser), e.id);
      expect([now.review_status, now.revision]).toEqual(['voided', e.revision + 1]);
      expect((now as unknown as { void_reason: string }).void_reason).toBe(`duplicate (${loser === 'alice' ? 'bob' : 'alice'})`);
      outcomes.recovered++;
    }
  });

  it(`edit against edit (${ROUNDS} rounds): the loser re-reads and applies its change on the new revision; both changes stand`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const e = await newExpense('needs_review');
      const aliceEdit = { description: `described by alice ${i}` };
      const bobEdit = { supplier_document_number: `INV-${i}` };
      const edit = (u: typeof alice, change: Record<string, unknown>) => () => u.user.write(at('expenses.update', e.id), { expected_revision: e.revision, ...change });
      const { loser, conflict } = await race(edit(alice, aliceEdit), edit(bob, bobEdit));
      expect(conflict.code).toBe('revision_conflict');
      const fresh = await read(who(loser), e.id);
      const again = await who(loser).user.write(at('expenses.update', e.id), { expected_revision: fresh.revision, ...(loser === 'alice' ? aliceEdit : bobEdit) });
      expect(again.status).toBe('done');
      outcomes.recovered++;
      const now = await read(alice, e.id);
      expect(now).toMatchObject({ ...aliceEdit, ...bobEdit, revision: e.revision + 2, review_status: 'needs_review' });
    }
  });

  it(`approve against edit (${ROUNDS} rounds): if the edit wins the approver approves what it now reads; if the approval wins the editor stops`, async () => {
    const winners = { approval: 0, edit: 0 };
    for (let i = 0; i < ROUNDS; i++) {
      const e = await newExpense('needs_review');
      // Alternate who sends first, so both orders occur.
      const approve = () => alice.user.write(at('expenses.approve', e.id), { expected_revision: e.revision, confirmed: true });
      const edit = () => bob.user.write(at('expenses.update', e.id), { expected_revision: e.revision, description: `checked ${i}` });
      const { loser } = await (i % 2 === 0 ? race(approve, edit) : race(edit, approve).then((r) => ({ ...r, loser: r.loser === 'alice' ? 'bob' as const : 'alice' as const })));
      const fresh = await read(who(loser), e.id);
      if (loser === 'alice') {
        winners.edit++;
        // The approver sees the changed expense and approves it as it now is.
        expect(fresh).toMatchObject({ review_status: 'needs_review', description: `checked ${i}` });
        expect((await alice.user.write(at('expenses.approve', e.id), { expected_revision: fresh.revision, confirmed: true })).status).toBe('done');
        expect(await read(alice, e.id)).toMatchObject({ review_status: 'approved', revision: e.revision + 2, description: `checked ${i}` });
      } else {
        winners.approval++;
        // Approved expenses cannot be edited: the editor stops, and the expense stays as approved.
        expect(fresh).toMatchObject({ review_status: 'approved', revision: e.revision + 1 });
        const refused = await bob.user.write(at('expenses.update', e.id), { expected_revision: fresh.revision, description: `checked ${i}` });
        expect(conflictOf(refused)?.code).toBe('invalid_state');
      }
      outcomes.recovered++;
    }
    expect(winners.approval + winners.edit).toBe(ROUNDS);
    expect(Math.min(winners.approval, winners.edit), 'both orders occurred').toBeGreaterThan(0);
  });
});

describe('two payments allocated to the same expense', () => {
  const pay = (u: typeof alice, e: Pick<Expense, 'id' | 'revision'>, amount: string) => () => u.user.write({ route: 'expensePayments.create', area: 'expense-payments' }, {
    direction: 'OUTGOING', amount, currency: 'ILS', payment_date: '2026-11-02', method: 'BANK_TRANSFER',
    allocations: [{ expense_id: e.id, expected_revision: e.revision, amount }],
  });

  it(`(${ROUNDS} rounds) one allocation wins; the other re-reads the balance and pays what is still due, never more`, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const e = await newExpense('approved'); // total 118.00
      const wants = { alice: '70.00', bob: i % 3 === 0 ? '118.00' : '30.00' };
      const { loser } = await race(pay(alice, e, wants.alice), pay(bob, e, wants.bob));
      const fresh = await read(who(loser), e.id);
      expect(fresh.payment_allocations).toHaveLength(1);
      const due = Number(fresh.balance_due);
      const amount = Math.min(Number(wants[loser]), due);
      if (amount > 0) {
        const again = await pay(who(loser), fresh, amount.toFixed(2))();
        expect(again.status).toBe('done');
      }
      outcomes.recovered++;
      const now = await read(alice, e.id);
      const paid = now.payment_allocations.reduce((s, a) => s + Number(a.amount), 0);
      expect(paid).toBeLessThanOrEqual(118);
      expect(Number(now.balance_due)).toBeCloseTo(118 - paid, 2);
    }
  });

  it('the same payment sent twice at once with one Idempotency-Key (a double click) is made once', async () => {
    const e = await newExpense('approved');
    const key = `double-click-${Date.now()}`;
    const body = { direction: 'OUTGOING', amount: '18.00', currency: 'ILS', payment_date: '2026-11-02', method: 'CASH', allocations: [{ expense_id: e.id, expected_revision: e.revision, amount: '18.00' }] };
    const send = () => alice.app.invoke('api.call', { route: 'expensePayments.create', body, idempotency_key: key });
    const [one, two] = await Promise.all([send(), send()]);
    expect([one.ok, two.ok]).toEqual([true, true]);
    expect(dataOf<{ payment_id: string }>(one).payment_id).toBe(dataOf<{ payment_id: string }>(two).payment_id);
    const now = await read(alice, e.id);
    expect(now.payment_allocations).toHaveLength(1);
    expect(now.balance_due).toBe('100.00');
  });

  it('balances add up on every expense the races touched: total less live allocations and credits, and every allocation is a payment\'s', async () => {
    const payments = new Map<string, { allocations: { expense_id: string; amount: string }[] }>();
    for await (const p of (async function* () {
      let cursor: string | undefined;
      do {
        const r = await alice.app.invoke('api.call', { route: 'expensePayments.list', query: { limit: 100, ...(cursor ? { cursor } : {}) } });
        if (!r.ok) throw new Error(r.error.message);
        const out = r.data as { data: { id: string; allocations: { expense_id: string; amount: string }[] }[]; page: { next_cursor: string | null } };
        yield* out.data;
        cursor = out.page.next_cursor ?? undefined;
      } while (cursor);
    })()) payments.set(p.id, p);
    for (const id of touched) {
      const e = await read(alice, id);
      const live = e.payment_allocations.filter((a) => !a.reversed).reduce((s, a) => s + Number(a.amount), 0);
      const credits = e.credits.reduce((s, c) => s + Number(c.amount), 0);
      expect(Number(e.balance_due), id).toBeCloseTo(Number(e.total) - live - credits, 2);
      for (const a of e.payment_allocations) {
        expect(payments.get(a.payment_id)?.allocations, a.payment_id).toContainEqual({ expense_id: id, amount: a.amount });
      }
    }
    expect(touched.size).toBeGreaterThanOrEqual(ROUNDS * 5);
  });
});
