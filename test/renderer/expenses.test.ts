import { describe, expect, it } from 'vitest';
import {
  ROUTES, expenseApproveBody, expenseCreditAllocationBody, expensePaymentCreateBody, expensePaymentReverseBody, expenseSchema, formatMoney, revisionsIn,
  type ProfileMeta,
} from '../../shared';
import { expenseAmounts } from '../../electron/sandbox/handlers/expense-math';
import { commandBody, ownRevisions, recordChanges, revisionOfRecord } from '../../renderer/forms/revisions';
import { modelOf } from '../../renderer/forms/model';
import { nextInQueue, queueOrder } from '../../renderer/rules/workQueue';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { expenseEstimate, paymentRemainder, remainingAllocations } from '../../renderer/resources/expenses';
import { joinLabel } from '../../renderer/resources/define';
import type { ResourceDecl } from '../../renderer/resources/types';
import { blockOf, factsOf } from '../../renderer/rules/permissions';
import { expense as sample } from '../unit/contract/samples';

const A = '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7001';
const B = '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7002';
const C = '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7003';
const expense = (over: Record<string, unknown> = {}) => expenseSchema.parse({ ...sample, ...over });
const decl = (area: string): ResourceDecl => Object.values(DECLS_BY_GROUP).flat().find((d) => d.area === area)!;

describe('the bookkeeper\'s declarations', () => {
  it('reach every expense, category and expense-payment write route (create, edit, delete or an action)', () => {
    const reached = new Set(Object.values(DECLS_BY_GROUP).flat().flatMap((d) => {
      const w = d.writes ?? {};
      return [w.create?.route, w.edit?.route, w.delete?.route, w.delete?.form?.route, ...(w.actions ?? []).flatMap((a) => [a.route, a.form?.route])];
    }));
    const writes = Object.entries(ROUTES).filter(([, r]) => r.method !== 'GET' && ['expenses', 'expense-categories', 'expense-payments'].includes(r.resource)).map(([id]) => id);
    expect(writes).toHaveLength(11);
    expect(writes.filter((id) => !reached.has(id as never))).toEqual([]);
  });
});

describe('revisions a write expects, and whose they are', () => {
  it('an approval expects the revision of the expense it names by its path', () => {
    expect(revisionsIn(expenseApproveBody, { expected_revision: 4, confirmed: true })).toEqual([{ path: 'expected_revision', expected: 4, id: null, to: [] }]);
  });

  it('a credit allocation expects the expense\'s own revision and the credit\'s, named by credit_expense_id', () => {
    const body = { expected_revision: 3, credit_expense_id: A, credit_expected_revision: 7, amount: '10', reason: 'x' };
    expect(revisionsIn(expenseCreditAllocationBody, body)).toEqual([
      { path: 'expected_revision', expected: 3, id: null, to: [] },
      { path: 'credit_expected_revision', expected: 7, id: A, to: ['expenses'] },
    ]);
  });

  it('each allocation of a payment or a reversal expects the revision of its own expense', () => {
    const allocations = [{ expense_id: A, expected_revision: 2, amount: '100' }, { expense_id: B, expected_revision: 5, amount: '150' }];
    const expected = [
      { path: 'allocations.0.expected_revision', expected: 2, id: A, to: ['expenses'] },
      { path: 'allocations.1.expected_revision', expected: 5, id: B, to: ['expenses'] },
    ];
    expect(revisionsIn(expensePaymentCreateBody, { direction: 'OUTGOING', amount: '300', currency: 'ILS', payment_date: '2026-01-31', method: 'CASH', allocations })).toEqual(expected);
    expect(revisionsIn(expensePaymentReverseBody, { reason: 'x', allocations })).toEqual(expected);
  });

  it('the form model knows which revisions are the record\'s own and which a reference names', () => {
    const credit = modelOf(expenseCreditAllocationBody);
    expect(credit.find((m) => m.key === 'expected_revision')).toMatchObject({ kind: 'revision' });
    expect(credit.find((m) => m.key === 'expected_revision')?.revisionOf).toBeUndefined();
    expect(credit.find((m) => m.key === 'credit_expected_revision')).toMatchObject({ kind: 'revision', revisionOf: 'credit_expense_id' });
    // A form starts from the record's revision only where the revision is the record's own.
    expect(ownRevisions(credit, expense({ revision: 6 }))).toEqual({ expected_revision: 6 });
    expect(ownRevisions(credit, { name: 'no revision' })).toEqual({});
  });
});

describe('writes without a form: the body is the record\'s revision and the user\'s confirmation', () => {
  it('approve sends confirmed: true and the revision shown; deleting a category sends its revision', () => {
    expect(commandBody('expenses.approve', expense({ revision: 4 }))).toEqual({ expected_revision: 4, confirmed: true });
    expect(expenseApproveBody.safeParse(commandBody('expenses.approve', expense({ revision: 4 }))).success).toBe(true);
    expect(commandBody('expenseCategories.delete', { revision: 2 })).toEqual({ expected_revision: 2 });
  });

  /** A route whose body needs input from a form (a reason, an amount) cannot be built from the record alone. */
  const needsForm = (route: Parameters<typeof commandBody>[0]) => commandBody(route, { revision: 1 }) === null;

  it('a route that needs input (a reason) needs a form; a route without a body sends none', () => {
    for (const r of ['expenses.void', 'expenses.delete', 'expenses.allocateCredit', 'expensePayments.reverse'] as const) expect(needsForm(r), r).toBe(true);
    expect(needsForm('expenses.approve')).toBe(false);
    expect(commandBody('documents.close', {})).toBeUndefined();
    // Without a revision to send, it is not sent half-built.
    expect(commandBody('expenses.approve', { review_status: 'needs_review' })).toBeNull();
  });

  it('every expense action without a form is one of these commands', () => {
    const w = decl('expenses').writes!;
    for (const a of w.actions ?? []) expect(a.form !== undefined, a.key).toBe(needsForm(a.route));
    expect(decl('expense-categories').writes?.delete?.form).toBeUndefined();
    expect(needsForm('expenseCategories.delete')).toBe(false);
  });
});

describe('what changed since the user saw a record', () => {
  const spec = decl('expenses').detail;
  const fields = spec.sections.flatMap((s) => s.fields);

  it('names each changed field in the order the detail shows them, and tables by their rows; bookkeeping fields are left out', () => {
    const before = expense({ revision: 1, description: 'Paper', supplier_document_number: 'INV-1' });
    const after = expense({
      revision: 2, description: 'Paper and toner', supplier_document_number: 'INV-1', updated_at: '2026-02-01T00:00:00.000Z',
      lines: [...before.lines, { description: 'Toner', quantity: '1.000', unit_price: '50.00', vat_rate: '18', total: '50.00' }],
    });
    const changes = recordChanges(before, after, fields, spec.tables);
    expect(changes.fields.map((f) => f.key)).toEqual(['description']);
    expect(changes.tables.map((t) => [t.spec.rows, t.before, t.after])).toEqual([['lines', before.lines.length, before.lines.length + 1]]);
    expect(revisionOfRecord(after)).toBe(2);
  });

  it('finds nothing to show when only the revision moved on', () => {
    const changes = recordChanges(expense({ revision: 1 }), expense({ revision: 2, updated_at: '2026-02-01T00:00:00.000Z' }), fields, spec.tables);
    expect(changes).toEqual({ fields: [], tables: [] });
  });
});

describe('the review queue', () => {
  it('is worked through oldest first, ties by creation and id', () => {
    const rows = [
      { id: 'c', issue_date: '2026-02-01', created_at: 'x' }, { id: 'b', issue_date: '2026-01-01', created_at: '2' }, { id: 'a', issue_date: '2026-01-01', created_at: '1' },
    ];
    expect(queueOrder(rows, 'issue_date').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('goes on to the next waiting expense, also after the current one left the queue (approved)', () => {
    expect(nextInQueue('a', ['a', 'b', 'c'], ['a', 'b', 'c'])).toBe('b');
    expect(nextInQueue('c', ['a', 'b', 'c'], ['a', 'b', 'c'])).toBe('a');
    // b was approved: it is gone from the queue; the next is the one after it in the order seen.
    expect(nextInQueue('b', ['a', 'c', 'd'], ['a', 'b', 'c', 'd'])).toBe('c');
    // c was handled elsewhere too: skip to d.
    expect(nextInQueue('b', ['a', 'd'], ['a', 'b', 'c', 'd'])).toBe('d');
    expect(nextInQueue('x', ['a', 'b'], [])).toBe('a');
    expect(nextInQueue('a', ['a'], ['a'])).toBeNull();
    expect(nextInQueue('a', [], ['a'])).toBeNull();
  });
});

describe('figures the expense and payment forms show while the user types', () => {
  it('an expense\'s estimate is the amount the service computes (each line at its own VAT rate)', () => {
    const lines = [
      { description: 'Shelves', quantity: '2', unit_price: '250', vat_rate: '18' },
      { description: 'Delivery', quantity: '1', unit_price: '40', vat_rate: '0' },
      { description: 'Screws', quantity: '3.5', unit_price: '1.99', vat_rate: '17.5' },
    ];
    const server = expenseAmounts('ILS', lines);
    const shown = expenseEstimate({ currency: 'ILS', lines }, 'en-US');
    const money = (d: string) => formatMoney(Math.round(Number(d) * 100), 'ILS', 'en-US');
    expect(shown).toEqual([
      { label: 'subtotal', value: money(server.subtotal) }, { label: 'vat_amount', value: money(server.vat_amount) }, { label: 'total', value: money(server.total) },
    ]);
    // Lines still being typed are left out, not guessed.
    expect(expenseEstimate({ currency: 'ILS', lines: [{ quantity: '2', unit_price: '', vat_rate: '18' }] }, 'en-US')).toEqual([]);
  });

  it('a payment shows what its allocations take and what is left, or how far they go over', () => {
    expect(paymentRemainder({ currency: 'ILS', amount: '300', allocations: [{ amount: '100' }, { amount: '150' }] }, 'en-US'))
      .toEqual([{ label: 'allocated', value: '₪250.00' }, { label: 'unallocated_amount', value: '₪50.00' }]);
    expect(paymentRemainder({ currency: 'ILS', amount: '300', allocations: [{ amount: '100' }, { amount: '250' }] }, 'en-US'))
      .toEqual([{ label: 'allocated', value: '₪350.00' }, { label: 'over_allocated', value: '₪50.00' }]);
    expect(paymentRemainder({ currency: 'ILS', amount: '', allocations: [] }, 'en-US')).toEqual([]);
  });

  it('a reversal starts from what a payment still allocates to each expense (allocated minus reversed)', () => {
    const payment = {
      currency: 'ILS',
      allocations: [{ expense_id: A, amount: '100.00' }, { expense_id: B, amount: '150.00' }, { expense_id: C, amount: '20.00' }],
      reversals: [{ allocations: [{ expense_id: A, amount: '40.00' }, { expense_id: C, amount: '20.00' }] }],
    };
    expect(remainingAllocations(payment)).toEqual([{ expense_id: A, amount: '60.00' }, { expense_id: B, amount: '150.00' }]);
  });

  it('a record named by a Hebrew supplier and a number keeps its order in either language (each part isolated)', () => {
    expect(joinLabel('נגריית הכרמל', 'INV-12', null, '')).toBe('\u2068נגריית הכרמל\u2069 · \u2068INV-12\u2069');
  });
});

describe('a business without the expense feature', () => {
  const profile = { permissions_known: ['expenses:read', 'expenses:write'] } as unknown as ProfileMeta;
  const report = (enabled: boolean | null) => ({ denied: [], write_denied: [], writable: ['expenses:write' as const, 'documents:write' as const], expenses_enabled: enabled });

  it('blocks every expense, category and expense-payment write with the feature as the reason, not a permission', () => {
    const facts = factsOf(profile, report(false), new Set());
    const expenseWrites = Object.entries(ROUTES).filter(([, r]) => r.method !== 'GET' && r.permissions.includes('expenses:write')).map(([id]) => id as keyof typeof ROUTES);
    expect(expenseWrites).toHaveLength(11);
    for (const r of expenseWrites) expect(blockOf(r, undefined, facts), r).toEqual({ kind: 'feature' });
    expect(blockOf('documents.close', undefined, facts)).toBeNull();
  });

  it('blocks nothing while the feature is on or not known', () => {
    for (const enabled of [true, null]) expect(blockOf('expenses.approve', undefined, factsOf(profile, report(enabled), new Set()))).toBeNull();
  });
});
