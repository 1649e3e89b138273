/**
 * Expenses in every review status with categories, credit allocations and expense payments.
 * balance_due = total - credit allocations - payment allocations that were not reversed.
 */
import {
  lineTotalMinor, vatMinor, minorToDecimal, DEFAULT_CURRENCY, EXPENSE_STATUSES, EXPENSE_PAYMENT_METHODS, SIMILAR_EXPENSE_FIELD,
  type Expense, type ExpenseCategory, type ExpensePayment,
} from '../../../shared';
import type { SupplierDetails } from './types';
import type { Rng } from './rng';
import type { BusinessProfile } from './profiles';
import { stamps, laterThan, iso, dateOf, addDays } from './time';

export interface ExpenseSet { expenses: Expense[]; categories: ExpenseCategory[]; payments: ExpensePayment[] }

const STATUS_WEIGHTS = [['draft', 15], ['needs_review', 25], ['approved', 50], ['voided', 10]] as const;
const REVISIONS = { draft: [1, 2], needs_review: [1, 3], approved: [2, 5], voided: [3, 6] } as const;
const LINE_TEXT = ['שק פולים 60 ק״ג', 'אריזות ומדבקות', 'Monthly subscription', 'שירות תיקון', 'Delivery fee', 'חלב – אספקה שבועית', 'עבודה לפי שעות', 'Spare parts'] as const;
const FREE_SUPPLIERS = ['פז תחנת דלק', 'סופר יודה', 'Google Workspace', 'חברת החשמל', 'עיריית תל אביב-יפו', 'Amazon Web Services'] as const;
const BLOCKERS = {
  missing_category: 'Choose a category before approving',
  missing_supplier_document_number: 'The supplier document number is missing',
  duplicate_suspected: 'A similar expense from this supplier already exists',
} as const;

const dec = (minor: number) => minorToDecimal(minor);
const minorOf = (decimal: string) => Math.round(Number(decimal) * 100);

export function buildExpenses(rng: Rng, profile: BusinessProfile, suppliers: SupplierDetails[]): ExpenseSet {
  const categories: ExpenseCategory[] = profile.categories.map(([name, classification]) => {
    const t = stamps(rng, 300, 900);
    return { id: rng.uuid(), object: 'expense_category', name, classification, revision: rng.int(1, 3), created_at: t.created_at, updated_at: t.updated_at };
  });
  const expenses: Expense[] = Array.from({ length: profile.counts.expenses }, (_, i) => {
    const status = i < EXPENSE_STATUSES.length ? EXPENSE_STATUSES[i]! : rng.weighted(STATUS_WEIGHTS);
    const supplier = suppliers.length && rng.chance(0.85) ? rng.pick(suppliers) : null;
    const unresolved = status === 'draft' || status === 'needs_review';
    const category = unresolved && rng.chance(0.3) ? null : rng.pick(categories);
    const docNumber = unresolved && rng.chance(0.2) ? null : rng.digits(rng.int(4, 7));
    const lines = Array.from({ length: rng.int(1, 4) }, () => {
      const quantity = `${rng.int(1, 10)}.000`;
      const unit = rng.int(15, 2500) * 100 + rng.pick([0, 50, 90]);
      return { description: rng.pick(LINE_TEXT), quantity, unit_price: dec(unit), vat_rate: rng.chance(0.9) ? '18' : '0', total: dec(lineTotalMinor(unit, quantity)) };
    });
    const subtotal = lines.reduce((s, l) => s + minorOf(l.total), 0);
    const vat = lines.reduce((s, l) => s + vatMinor(minorOf(l.total), Number(l.vat_rate)), 0);
    const blockers: Expense['blocking_issues'] = [];
    if (status === 'needs_review') {
      if (!category) blockers.push({ code: 'missing_category', message: BLOCKERS.missing_category });
      if (!docNumber) blockers.push({ code: 'missing_supplier_document_number', message: BLOCKERS.missing_supplier_document_number });
      if (i === 1 || rng.chance(0.1)) blockers.push({ code: 'duplicate_suspected', message: BLOCKERS.duplicate_suspected });
    }
    const t = stamps(rng, 1, 500, 60);
    const issueDate = dateOf(t.createdMs - rng.int(0, 10) * 86_400_000);
    const [minRev, maxRev] = REVISIONS[status];
    return {
      id: rng.uuid(), object: 'expense', revision: rng.int(minRev, maxRev), review_status: status,
      supplier_name: supplier?.name ?? rng.pick(FREE_SUPPLIERS), supplier_id: supplier?.id ?? null,
      supplier_document_number: docNumber, description: rng.chance(0.4) ? rng.pick(LINE_TEXT) : null,
      category_id: category?.id ?? null, is_credit: status === 'approved' && rng.chance(0.08),
      issue_date: issueDate, due_date: rng.chance(0.7) ? addDays(issueDate, rng.pick([0, 30, 60])) : null,
      currency: DEFAULT_CURRENCY, lines,
      subtotal: dec(subtotal), vat_amount: dec(vat), total: dec(subtotal + vat), balance_due: dec(subtotal + vat),
      blocking_issues: blockers, credits: [], payment_allocations: [],
      void_reason: status === 'voided' ? rng.pick(['רישום כפול', 'Entered by mistake', 'הספק ביטל את החשבונית']) : null,
      created_at: t.created_at, updated_at: t.updated_at,
    };
  });
  const balance = new Map(expenses.map((e) => [e.id, e.review_status === 'voided' ? 0 : minorOf(e.total)]));
  const touch = (e: Expense, ms: number) => { if (ms > Date.parse(e.updated_at)) e.updated_at = iso(ms); };
  const payable = () => expenses.filter((e) => e.review_status === 'approved' && !e.is_credit && (balance.get(e.id) ?? 0) > 0);

  for (const credit of expenses.filter((e) => e.is_credit)) {
    const pool = payable();
    if (!pool.length) break;
    const target = rng.pick(pool);
    const amount = Math.min(minorOf(credit.total), balance.get(target.id) ?? 0);
    const ms = laterThan(rng, Math.max(Date.parse(credit.created_at), Date.parse(target.created_at)), 20);
    target.credits.push({ allocation_id: rng.uuid(), credit_expense_id: credit.id, amount: dec(amount), reason: 'זיכוי מהספק', created_at: iso(ms) });
    balance.set(target.id, (balance.get(target.id) ?? 0) - amount);
    balance.set(credit.id, (balance.get(credit.id) ?? 0) - amount);
    touch(target, ms);
    touch(credit, ms);
  }

  const payments: ExpensePayment[] = [];
  for (let i = 0; i < profile.counts.expensePayments; i++) {
    const incoming = i % 25 === 24;
    const pool = incoming ? expenses.filter((e) => e.is_credit && (balance.get(e.id) ?? 0) > 0) : payable();
    const targets = rng.sample(pool, rng.int(1, 2));
    if (!targets.length) continue;
    const reversed = i % 20 === 7;
    const allocations = targets.map((e) => {
      const open = balance.get(e.id) ?? 0;
      return { expense_id: e.id, amount: rng.chance(0.5) ? open : Math.max(1, Math.round(open * 0.4)) };
    });
    const unallocated = rng.chance(0.1) ? 5000 : 0;
    const total = allocations.reduce((s, a) => s + a.amount, 0) + unallocated;
    const ms = laterThan(rng, Math.max(...targets.map((e) => Date.parse(e.created_at))), 30);
    const id = rng.uuid();
    const decAllocs = allocations.map((a) => ({ expense_id: a.expense_id, amount: dec(a.amount) }));
    const reversalMs = laterThan(rng, ms, 10);
    payments.push({
      id, object: 'expense_payment', direction: incoming ? 'incoming' : 'outgoing', amount: dec(total), currency: DEFAULT_CURRENCY,
      payment_date: dateOf(ms), method: rng.pick(EXPENSE_PAYMENT_METHODS), allocations: decAllocs, unallocated_amount: dec(unallocated),
      reversals: reversed ? [{ id: rng.uuid(), reason: 'התשלום חזר מהבנק', allocations: decAllocs, created_at: iso(reversalMs) }] : [],
      created_at: iso(ms),
    });
    targets.forEach((e, k) => {
      const a = allocations[k]!;
      e.payment_allocations.push({ payment_id: id, amount: dec(a.amount), reversed });
      if (!reversed) balance.set(e.id, (balance.get(e.id) ?? 0) - a.amount);
      touch(e, reversed ? reversalMs : ms);
    });
  }
  for (const e of expenses) e.balance_due = dec(balance.get(e.id) ?? 0);
  // A suspected duplicate names the expense it resembles: the newest other one from the same supplier (none: it names none).
  for (const e of expenses) {
    const twin = expenses.filter((o) => o !== e && o.supplier_name === e.supplier_name && o.review_status !== 'voided').sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
    for (const b of e.blocking_issues) if (b.code === 'duplicate_suspected' && twin) b[SIMILAR_EXPENSE_FIELD] = twin.id;
  }
  return { expenses, categories, payments };
}
