import type { z } from 'zod';
import type { expensePaymentCreateBody } from '../../../shared';
import { invalidBody } from '../errors';
import type { BusinessState, RowOf } from '../store/state';
import { checkRevision, invalidState, lower, mustFind, referenced } from './common';
import { newId, type HandlerMap } from './context';
import { toDecimal, toMinor, type Expense } from './expense-math';
import { bump } from './expenses';

type Allocation = z.output<typeof expensePaymentCreateBody>['allocations'][number];
type Payment = RowOf<'expensePayments'>;

/** Validates every allocation before anything changes, so a payment commits all or nothing. */
function checkAllocations(b: BusinessState, allocations: readonly Allocation[], currency: string): { expense: Expense; amount: number }[] {
  const seen = new Set<string>();
  return allocations.map((a, i) => {
    if (seen.has(a.expense_id)) throw invalidBody(`allocations.${i}.expense_id: appears more than once`);
    seen.add(a.expense_id);
    const expense = referenced(b.tables.expenses, a.expense_id);
    checkRevision(expense.revision, a.expected_revision, 'expense');
    if (expense.currency !== currency) throw invalidState(`allocations.${i}: the expense is in ${expense.currency}, the payment in ${currency}.`);
    return { expense, amount: toMinor(expense, a.amount) };
  });
}

/** Net amount of a payment still allocated to an expense (allocated minus reversed). */
function remainingOn(p: Payment, expenseId: string): number {
  const cur = { currency: p.currency };
  const allocated = p.allocations.filter((a) => a.expense_id === expenseId).reduce((s, a) => s + toMinor(cur, a.amount), 0);
  const reversed = p.reversals.flatMap((r) => r.allocations).filter((a) => a.expense_id === expenseId).reduce((s, a) => s + toMinor(cur, a.amount), 0);
  return allocated - reversed;
}

export const EXPENSE_PAYMENT_HANDLERS: HandlerMap = {
  'expensePayments.create': (ctx) => {
    const b = ctx.biz;
    const body = ctx.body;
    const cur = { currency: body.currency };
    const amount = toMinor(cur, body.amount);
    const checked = checkAllocations(b, body.allocations, body.currency);
    const allocatedTotal = checked.reduce((s, c) => s + c.amount, 0);
    if (allocatedTotal > amount) throw invalidBody('allocations: their sum exceeds the payment amount');
    checked.forEach(({ expense, amount: a }, i) => {
      if (expense.review_status !== 'approved') throw invalidState(`allocations.${i}: only approved expenses can be paid.`);
      if (a === 0 || a > toMinor(expense, expense.balance_due)) throw invalidState(`allocations.${i}.amount: must be positive and at most the balance due (${expense.balance_due}).`);
    });
    const id = newId();
    const updated = checked.map(({ expense, amount: a }) => b.tables.expenses.put(bump({
      ...expense, balance_due: toDecimal(expense, toMinor(expense, expense.balance_due) - a),
      payment_allocations: [...expense.payment_allocations, { payment_id: id, amount: toDecimal(expense, a), reversed: false }],
    }, ctx.nowIso)));
    const unallocated = toDecimal(cur, amount - allocatedTotal);
    b.tables.expensePayments.put({
      id, object: 'expense_payment', direction: lower(body.direction), amount: toDecimal(cur, amount), currency: body.currency,
      payment_date: body.payment_date, method: lower(body.method),
      allocations: checked.map((c) => ({ expense_id: c.expense.id, amount: toDecimal(cur, c.amount) })),
      unallocated_amount: unallocated, reversals: [], created_at: ctx.nowIso,
    });
    return { status: 201, data: { payment_id: id, expenses: updated, unallocated_amount: unallocated } };
  },
  'expensePayments.reverse': (ctx) => {
    const b = ctx.biz;
    const payment = mustFind(b.tables.expensePayments, ctx.params.id, 'expense payment');
    if (ctx.body.allocations.length === 0) throw invalidBody('allocations: name at least one allocation to reverse');
    const checked = checkAllocations(b, ctx.body.allocations, payment.currency);
    checked.forEach(({ expense, amount }, i) => {
      if (amount === 0 || amount > remainingOn(payment, expense.id)) throw invalidState(`allocations.${i}.amount: must be positive and at most what this payment still allocates to the expense.`);
    });
    // The reversal is an event on the payment; the payment itself is not edited or deleted.
    const reversal = {
      id: newId(), reason: ctx.body.reason, created_at: ctx.nowIso,
      allocations: checked.map((c) => ({ expense_id: c.expense.id, amount: toDecimal(payment, c.amount) })),
    };
    const next = b.tables.expensePayments.put({ ...payment, reversals: [...payment.reversals, reversal] });
    const updated = checked.map(({ expense, amount }) => {
      const fully = remainingOn(next, expense.id) === 0;
      return b.tables.expenses.put(bump({
        ...expense, balance_due: toDecimal(expense, toMinor(expense, expense.balance_due) + amount),
        payment_allocations: expense.payment_allocations.map((a) => (a.payment_id === payment.id && fully ? { ...a, reversed: true } : a)),
      }, ctx.nowIso));
    });
    return { status: 201, data: { payment_id: payment.id, expenses: updated } };
  },
};
