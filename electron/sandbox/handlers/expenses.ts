import type { z } from 'zod';
import { CONFLICT_CODES, type expenseUpdateBody } from '../../../shared';
import { SandboxError } from '../errors';
import type { BusinessState } from '../store/state';
import { checkRevision, copySent, invalidState, lower, mustFind, referenced, softDelete } from './common';
import { newId, type HandlerMap } from './context';
import { blockingIssues, expenseAmounts, toDecimal, toMinor, type Expense } from './expense-math';

type ExpenseFields = Omit<z.output<typeof expenseUpdateBody>, 'expected_revision'>;
const EDITABLE: readonly Expense['review_status'][] = ['draft', 'needs_review'];

function applyFields(b: BusinessState, base: Expense, body: ExpenseFields): Expense {
  const e = { ...base };
  copySent(e, body, ['supplier_name', 'supplier_document_number', 'description', 'currency', 'issue_date', 'due_date', 'is_credit']);
  if (body.supplier_id !== undefined) e.supplier_id = body.supplier_id === null ? null : referenced(b.tables.suppliers, body.supplier_id).id;
  if (body.category_id !== undefined) e.category_id = body.category_id === null ? null : referenced(b.tables.expenseCategories, body.category_id).id;
  if (body.review_status !== undefined) e.review_status = lower(body.review_status);
  // Amounts are always recomputed (a currency change alters the minor digits).
  const amounts = expenseAmounts(e.currency, body.lines ?? e.lines);
  Object.assign(e, amounts);
  e.balance_due = amounts.total;
  e.blocking_issues = blockingIssues(e);
  return e;
}

/** The stored expense after one change: revision + 1 (spec 4.2 rule 4). */
export const bump = (e: Expense, nowIso: string): Expense => ({ ...e, revision: e.revision + 1, updated_at: nowIso });

export function findExpense(b: BusinessState, id: string): Expense {
  return mustFind(b.tables.expenses, id, 'expense');
}

/** The expense a revisioned change applies to: found, at the expected revision, in an allowed status. */
function expenseForChange(b: BusinessState, id: string, expectedRevision: number, allowed: readonly Expense['review_status'][], refusal: (e: Expense) => string): Expense {
  const cur = findExpense(b, id);
  checkRevision(cur.revision, expectedRevision, 'expense');
  if (!allowed.includes(cur.review_status)) throw invalidState(refusal(cur));
  return cur;
}

export const EXPENSE_HANDLERS: HandlerMap = {
  'expenses.create': (ctx) => {
    const blank: Expense = {
      id: newId(), object: 'expense', revision: 1, review_status: 'draft', supplier_name: ctx.body.supplier_name, supplier_id: null,
      supplier_document_number: null, description: null, category_id: null, is_credit: false, issue_date: ctx.body.issue_date, due_date: null,
      currency: ctx.body.currency, lines: [], subtotal: '0', vat_amount: '0', total: '0', balance_due: '0', blocking_issues: [],
      credits: [], payment_allocations: [], void_reason: null, created_at: ctx.nowIso, updated_at: ctx.nowIso,
    };
    return { status: 201, data: ctx.biz.tables.expenses.put(applyFields(ctx.biz, blank, ctx.body)) };
  },
  'expenses.update': (ctx) => {
    const cur = expenseForChange(ctx.biz, ctx.params.id, ctx.body.expected_revision, EDITABLE, (e) => `An ${e.review_status} expense cannot be edited.`);
    const { expected_revision: _rev, ...fields } = ctx.body;
    return { data: ctx.biz.tables.expenses.put(bump(applyFields(ctx.biz, cur, fields), ctx.nowIso)) };
  },
  'expenses.delete': (ctx) => {
    const cur = expenseForChange(ctx.biz, ctx.params.id, ctx.body.expected_revision, ['draft'], () => 'Only a draft expense can be deleted.');
    return { data: softDelete(ctx.biz.tables.expenses, bump(cur, ctx.nowIso)) };
  },
  'expenses.approve': (ctx) => {
    const cur = expenseForChange(ctx.biz, ctx.params.id, ctx.body.expected_revision, EDITABLE, (e) => `An ${e.review_status} expense cannot be approved.`);
    const issues = blockingIssues(cur);
    if (issues.length > 0) throw new SandboxError(CONFLICT_CODES.approvalBlocked, `The expense cannot be approved: ${issues.map((i) => i.message).join(' ')}`);
    return { data: ctx.biz.tables.expenses.put(bump({ ...cur, review_status: 'approved', blocking_issues: [] }, ctx.nowIso)) };
  },
  'expenses.void': (ctx) => {
    const cur = expenseForChange(ctx.biz, ctx.params.id, ctx.body.expected_revision, ['approved'], () => 'Only an approved expense can be voided.');
    return { data: ctx.biz.tables.expenses.put(bump({ ...cur, review_status: 'voided', void_reason: ctx.body.reason }, ctx.nowIso)) };
  },
  'expenses.allocateCredit': (ctx) => {
    const b = ctx.biz;
    const target = findExpense(b, ctx.params.id);
    const credit = referenced(b.tables.expenses, ctx.body.credit_expense_id);
    checkRevision(target.revision, ctx.body.expected_revision, 'expense');
    checkRevision(credit.revision, ctx.body.credit_expected_revision, 'credit expense');
    if (target.is_credit || target.review_status !== 'approved') throw invalidState('Credits apply to an approved, non-credit expense.');
    if (!credit.is_credit || credit.review_status !== 'approved') throw invalidState('credit_expense_id must be an approved credit expense.');
    if (credit.currency !== target.currency) throw invalidState('The credit and the expense have different currencies.');
    const amount = toMinor(target, ctx.body.amount);
    if (amount === 0 || amount > toMinor(target, target.balance_due) || amount > toMinor(credit, credit.balance_due)) {
      throw invalidState('amount must be positive and at most the balance due of both expenses.');
    }
    const allocationId = newId();
    const t = b.tables.expenses.put(bump({
      ...target, balance_due: toDecimal(target, toMinor(target, target.balance_due) - amount),
      credits: [...target.credits, { allocation_id: allocationId, credit_expense_id: credit.id, amount: toDecimal(target, amount), reason: ctx.body.reason, created_at: ctx.nowIso }],
    }, ctx.nowIso));
    const c = b.tables.expenses.put(bump({ ...credit, balance_due: toDecimal(credit, toMinor(credit, credit.balance_due) - amount) }, ctx.nowIso));
    return { status: 201, data: { allocation_id: allocationId, expenses: [t, c] } };
  },
  'expenseCategories.create': (ctx) => ({
    status: 201,
    data: ctx.biz.tables.expenseCategories.put({
      id: newId(), object: 'expense_category', name: ctx.body.name, classification: ctx.body.classification ? lower(ctx.body.classification) : 'unresolved',
      revision: 1, created_at: ctx.nowIso, updated_at: ctx.nowIso,
    }),
  }),
  'expenseCategories.update': (ctx) => {
    const t = ctx.biz.tables.expenseCategories;
    const cur = mustFind(t, ctx.params.id, 'expense category');
    checkRevision(cur.revision, ctx.body.expected_revision, 'category');
    const next = { ...cur, revision: cur.revision + 1, updated_at: ctx.nowIso };
    if (ctx.body.name !== undefined) next.name = ctx.body.name;
    if (ctx.body.classification !== undefined) next.classification = lower(ctx.body.classification);
    return { data: t.put(next) };
  },
  'expenseCategories.delete': (ctx) => {
    const t = ctx.biz.tables.expenseCategories;
    const cur = mustFind(t, ctx.params.id, 'expense category');
    checkRevision(cur.revision, ctx.body.expected_revision, 'category');
    // Historical expenses keep their category_id.
    return { data: softDelete(t, { ...cur, revision: cur.revision + 1, updated_at: ctx.nowIso }) };
  },
};
