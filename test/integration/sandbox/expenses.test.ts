import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { apiError, errorCode, idemKey, openSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
// Business B has the expense feature switched off here, to show the refusal.
beforeAll(async () => { sb = await openSandbox({ demoData: (seed) => { const d = buildDemoData(seed); d.B.expensesEnabled = false; return d; } }); });
afterAll(async () => { await sb.close(); });
const c = () => sb.client('owner');

async function category(): Promise<string> {
  return (await c().call('expenseCategories.create', { body: { name: `Cat ${Math.random()}`, classification: 'OPERATING' } })).data.id;
}
async function approvedExpense(total: string, isCredit = false) {
  const e = (await c().call('expenses.create', { body: { supplier_name: 'Supplier', currency: 'ILS', issue_date: '2026-11-01', category_id: await category(), is_credit: isCredit, lines: [{ description: 'x', quantity: '1', unit_price: total, vat_rate: '0' }] } })).data;
  return (await c().call('expenses.approve', { params: { id: e.id }, body: { expected_revision: e.revision, confirmed: true } })).data;
}

describe('Idempotency-Key', () => {
  it('same key + same body replays; different body 409; missing or malformed key 400', async () => {
    const key = idemKey('create');
    const body = { supplier_name: 'ספק', currency: 'ILS', issue_date: '2026-11-01' };
    const first = await sb.raw('owner', 'POST', '/expenses', { body, headers: { 'Idempotency-Key': key } });
    const second = await sb.raw('owner', 'POST', '/expenses', { body: { issue_date: '2026-11-01', currency: 'ILS', supplier_name: 'ספק' }, headers: { 'Idempotency-Key': key } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.data).toEqual(first.json.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json.request_id).not.toBe(first.json.request_id);
    const other = await sb.raw('owner', 'POST', '/expenses', { body: { ...body, supplier_name: 'other' }, headers: { 'Idempotency-Key': key } });
    expect([other.status, errorCode(other)]).toEqual([409, 'idempotency_key_reused']);
    // Scoped to the API key: another key of the same business may use the same Idempotency-Key.
    const rotated = await sb.raw('rotated_old', 'POST', '/expenses', { body: { ...body, supplier_name: 'other' }, headers: { 'Idempotency-Key': key } });
    expect(rotated.status).toBe(201);
    for (const headers of [{} as Record<string, string>, { 'Idempotency-Key': 'short' }, { 'Idempotency-Key': 'has spaces in it!!!!' }, { 'Idempotency-Key': 'x'.repeat(101) }]) {
      const r = await sb.raw('owner', 'POST', '/expenses', { body, headers });
      expect([r.status, errorCode(r)]).toEqual([400, 'invalid_idempotency_key']);
    }
  });

  it('the typed client sends a key; expense writes are refused where the feature is off', async () => {
    const r = await c().call('expenseCategories.create', { body: { name: 'Fuel' } });
    expect(r.idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(r.data).toMatchObject({ name: 'Fuel', classification: 'unresolved', revision: 1 });
    const off = await sb.raw('other_business', 'POST', '/expense-categories', { body: { name: 'x' }, headers: { 'Idempotency-Key': idemKey('off') } });
    expect([off.status, errorCode(off)]).toEqual([403, 'feature_disabled']);
    expect((await sb.client('other_business').call('expenses.list', { query: { limit: 1 } })).status).toBe(200);
  });
});

describe('expense lifecycle and revisions', () => {
  it('edit with revisions, blocking issues, approve, void, delete', async () => {
    const e = (await c().call('expenses.create', { body: { supplier_name: 'Office', currency: 'ILS', issue_date: '2026-11-01' } })).data;
    expect(e).toMatchObject({ revision: 1, review_status: 'draft', total: '0.00' });
    expect(e.blocking_issues.map((i) => i.code)).toEqual(['missing_category', 'no_lines']);
    const blocked = await apiError(c().call('expenses.approve', { params: { id: e.id }, body: { expected_revision: 1, confirmed: true } }));
    expect([blocked.status, blocked.code]).toEqual([409, 'approval_blocked']);
    const stale = await apiError(c().call('expenses.update', { params: { id: e.id }, body: { expected_revision: 7, description: 'x' } }));
    expect([stale.status, stale.code]).toEqual([409, 'revision_conflict']);
    const cat = await category();
    const u = (await c().call('expenses.update', { params: { id: e.id }, body: { expected_revision: 1, category_id: cat, review_status: 'NEEDS_REVIEW', lines: [{ description: 'Paper', quantity: '2', unit_price: '10.50', vat_rate: '18' }] } })).data;
    expect(u).toMatchObject({ revision: 2, review_status: 'needs_review', subtotal: '21.00', vat_amount: '3.78', total: '24.78', balance_due: '24.78', blocking_issues: [] });
    const a = (await c().call('expenses.approve', { params: { id: e.id }, body: { expected_revision: 2, confirmed: true } })).data;
    expect([a.review_status, a.revision]).toEqual(['approved', 3]);
    const noDelete = await apiError(c().call('expenses.delete', { params: { id: e.id }, body: { expected_revision: 3, reason: 'dup', confirmed: true } }));
    expect([noDelete.status, noDelete.code]).toEqual([409, 'invalid_state']);
    const v = (await c().call('expenses.void', { params: { id: e.id }, body: { expected_revision: 3, reason: 'duplicate', confirmed: true } })).data;
    expect(v).toMatchObject({ review_status: 'voided', void_reason: 'duplicate', revision: 4 });
    expect((await c().call('expenses.get', { params: { id: e.id } })).data.review_status).toBe('voided');
    const notConfirmed = await sb.raw('owner', 'POST', `/expenses/${e.id}/void`, { body: { expected_revision: 4, reason: 'x', confirmed: false }, headers: { 'Idempotency-Key': idemKey('nc') } });
    expect([notConfirmed.status, errorCode(notConfirmed)]).toEqual([400, 'invalid_body']);

    const d = (await c().call('expenses.create', { body: { supplier_name: 'Temp', currency: 'ILS', issue_date: '2026-11-01' } })).data;
    expect((await c().call('expenses.delete', { params: { id: d.id }, body: { expected_revision: 1, reason: 'mistake', confirmed: true } })).data.deleted).toBe(true);
    expect((await apiError(c().call('expenses.get', { params: { id: d.id } }))).status).toBe(404);
  });

  it('credit allocations reduce both balances and bump both revisions', async () => {
    const target = await approvedExpense('100.00');
    const credit = await approvedExpense('30.00', true);
    const r = (await c().call('expenses.allocateCredit', { params: { id: target.id }, body: { expected_revision: target.revision, credit_expense_id: credit.id, credit_expected_revision: credit.revision, amount: '20.00', reason: 'return' } })).data;
    const [t, cr] = r.expenses;
    expect([t!.balance_due, t!.revision, cr!.balance_due, cr!.revision]).toEqual(['80.00', target.revision + 1, '10.00', credit.revision + 1]);
    expect(t!.credits[0]).toMatchObject({ allocation_id: r.allocation_id, credit_expense_id: credit.id, amount: '20.00' });
    const tooMuch = await apiError(c().call('expenses.allocateCredit', { params: { id: target.id }, body: { expected_revision: t!.revision, credit_expense_id: credit.id, credit_expected_revision: cr!.revision, amount: '11.00', reason: 'x' } }));
    expect(tooMuch.status).toBe(409);
  });

  it('category update and delete use revisions; expenses keep the category', async () => {
    const id = await category();
    const u = (await c().call('expenseCategories.update', { params: { id }, body: { expected_revision: 1, name: 'Renamed' } })).data;
    expect([u.name, u.revision]).toEqual(['Renamed', 2]);
    const stale = await apiError(c().call('expenseCategories.delete', { params: { id }, body: { expected_revision: 1 } }));
    expect(stale.code).toBe('revision_conflict');
    await c().call('expenseCategories.delete', { params: { id }, body: { expected_revision: 2 } });
    expect((await apiError(c().call('expenseCategories.get', { params: { id } }))).status).toBe(404);
  });
});

describe('expense payments', () => {
  it('allocations commit all or nothing; a reversal is an event that restores balances', async () => {
    const e1 = await approvedExpense('100.00');
    const e2 = await approvedExpense('50.00');
    const bad = await apiError(c().call('expensePayments.create', { body: { direction: 'OUTGOING', amount: '150.00', currency: 'ILS', payment_date: '2026-11-02', method: 'BANK_TRANSFER', allocations: [
      { expense_id: e1.id, expected_revision: e1.revision, amount: '100.00' }, { expense_id: e2.id, expected_revision: e2.revision + 5, amount: '50.00' }] } }));
    expect([bad.status, bad.code]).toEqual([409, 'revision_conflict']);
    expect((await c().call('expenses.get', { params: { id: e1.id } })).data).toMatchObject({ balance_due: '100.00', revision: e1.revision });

    const paid = (await c().call('expensePayments.create', { body: { direction: 'OUTGOING', amount: '160.00', currency: 'ILS', payment_date: '2026-11-02', method: 'BANK_TRANSFER', allocations: [
      { expense_id: e1.id, expected_revision: e1.revision, amount: '100.00' }, { expense_id: e2.id, expected_revision: e2.revision, amount: '40.00' }] } })).data;
    expect(paid.unallocated_amount).toBe('20.00');
    expect(paid.expenses.map((e) => e.balance_due)).toEqual(['0.00', '10.00']);
    const p = (await c().call('expensePayments.get', { params: { id: paid.payment_id } })).data;
    expect(p).toMatchObject({ amount: '160.00', direction: 'outgoing', method: 'bank_transfer', reversals: [] });

    const e1now = paid.expenses[0]!;
    const rev = (await c().call('expensePayments.reverse', { params: { id: paid.payment_id }, body: { reason: 'bounced', allocations: [{ expense_id: e1.id, expected_revision: e1now.revision, amount: '100.00' }] } })).data;
    expect(rev.expenses[0]).toMatchObject({ balance_due: '100.00', revision: e1now.revision + 1 });
    expect(rev.expenses[0]!.payment_allocations).toEqual([{ payment_id: paid.payment_id, amount: '100.00', reversed: true }]);
    const after = (await c().call('expensePayments.get', { params: { id: paid.payment_id } })).data;
    expect(after.amount).toBe('160.00');
    expect(after.reversals).toHaveLength(1);
    expect(after.reversals[0]).toMatchObject({ reason: 'bounced', allocations: [{ expense_id: e1.id, amount: '100.00' }] });
    const twice = await apiError(c().call('expensePayments.reverse', { params: { id: paid.payment_id }, body: { reason: 'again', allocations: [{ expense_id: e1.id, expected_revision: rev.expenses[0]!.revision, amount: '1.00' }] } }));
    expect(twice.status).toBe(409);
  });
});
