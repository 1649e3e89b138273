import { DEFAULT_CURRENCY, SIMILAR_EXPENSE_FIELD, VAT_RATE_PERCENT, currencyDecimals, decimalToMinor, expenseTotals, minorToDecimal } from '../../shared';
import { moneyOfMinor } from '../lib/money';
import { form, joinLabel, resource, subTable, type FormFieldArg } from './define';
import { rowsOf, today, typedCurrency, typedMinor, typedQuantity } from './estimate';
import { partyResource } from './parties';
import type { Blocker, FormSummaryLine, PickFilter, ReadData, ResourceDecl, SubTableSpec } from './types';

type ExpD = ReadData<'expenses.get'>;
type PayD = ReadData<'expensePayments.get'>;
type ImpD = ReadData<'importedExpenses.get'>;
type Rec = Record<string, unknown>;

const UNSETTLED = ['draft', 'needs_review'];
/** Edits and approval only before approval (the sandbox and the spec's states agree). */
const unsettled = (r: Rec) => UNSETTLED.includes(String(r.review_status));
const minorOf = (r: Rec, key: string): number => {
  try {
    return decimalToMinor(String(r[key] ?? '0'), currencyDecimals(String(r.currency ?? DEFAULT_CURRENCY)));
  } catch {
    return 0;
  }
};
const owes = (r: Rec) => minorOf(r, 'balance_due') > 0;

/** The expense's amounts as the user types: each line's net, VAT at its own rate (the service's own rule, shared). */
export function expenseEstimate(values: Rec, locale: string): FormSummaryLine[] {
  const { currency, decimals } = typedCurrency(values);
  const priced = rowsOf(values, 'lines').flatMap((l) => {
    const unit = typedMinor(l.unit_price, decimals);
    const qty = typedQuantity(l.quantity);
    const rate = typeof l.vat_rate === 'string' && /^\d{1,2}(\.\d{1,2})?$/.test(l.vat_rate.trim()) ? l.vat_rate.trim() : null;
    return unit === null || qty === null || rate === null ? [] : [{ unit_price_minor: unit, quantity: qty, vat_rate: rate }];
  });
  if (priced.length === 0) return [];
  const t = expenseTotals(priced);
  const money = (m: number) => moneyOfMinor(m, currency, locale);
  return [{ label: 'subtotal', value: money(t.subtotal) }, { label: 'vat_amount', value: money(t.vat) }, { label: 'total', value: money(t.total) }];
}

/** A payment's amount against what its allocations take, live: what is left unallocated (or how far they go over). */
export function paymentRemainder(values: Rec, locale: string): FormSummaryLine[] {
  const { currency, decimals } = typedCurrency(values);
  const amount = typedMinor(values.amount, decimals);
  const allocated = rowsOf(values, 'allocations').reduce((s, a) => s + (typedMinor(a.amount, decimals) ?? 0), 0);
  if (amount === null && allocated === 0) return [];
  const money = (m: number) => moneyOfMinor(m, currency, locale);
  const left = (amount ?? 0) - allocated;
  return [
    { label: 'allocated', value: money(allocated) },
    left >= 0 ? { label: 'unallocated_amount', value: money(left) } : { label: 'over_allocated', value: money(-left) },
  ];
}

/** What a payment still allocates to each expense (allocated minus reversed): where a reversal starts. */
export function remainingAllocations(payment: Rec): Rec[] {
  const decimals = currencyDecimals(String(payment.currency ?? DEFAULT_CURRENCY));
  const sum = new Map<string, number>();
  const add = (list: unknown, sign: number) => {
    for (const a of Array.isArray(list) ? (list as Rec[]) : []) {
      const id = String(a.expense_id);
      sum.set(id, (sum.get(id) ?? 0) + sign * (typedMinor(a.amount, decimals) ?? 0));
    }
  };
  add(payment.allocations, 1);
  for (const r of Array.isArray(payment.reversals) ? (payment.reversals as Rec[]) : []) add(r.allocations, -1);
  return [...sum].filter(([, m]) => m > 0).map(([expense_id, m]) => ({ expense_id, amount: minorToDecimal(m, decimals) }));
}

/** Expenses a payment or a credit can go to: approved, still owing. */
const payable: PickFilter = { query: { status: 'approved' }, accept: (r) => r.is_credit !== true && owes(r) };
const credits: PickFilter = { query: { status: 'approved' }, accept: (r) => r.is_credit === true && owes(r) };
/** A picked expense brings its revision (the version the user decides on) and, as a start, its balance. */
const fromExpense = (r: Rec) => ({ expected_revision: r.revision, amount: r.balance_due });

/** The expenses a write changed, from its answer: their balances after it. */
const updatedBalances: SubTableSpec = subTable<{ expenses: ExpD[] }, 'expenses'>('updated_balances', 'expenses', [
  ['supplier_name', 'text'], ['supplier_document_number', 'text'], ['total', 'decimalMoney', { currency: 'currency' }],
  ['balance_due', 'decimalMoney', { currency: 'currency' }], ['review_status', 'status'],
], { area: 'expenses', id: 'id' });

/** What blocks an expense's approval, as the service says; a suspected duplicate with the expense it resembles, when the service names it. */
export function blockersOf(r: Record<string, unknown>): Blocker[] {
  if (!Array.isArray(r.blocking_issues)) return [];
  return (r.blocking_issues as Record<string, unknown>[]).map((b) => {
    const similar = b[SIMILAR_EXPENSE_FIELD];
    return {
      code: String(b.code), ...(typeof b.message === 'string' ? { message: b.message } : {}),
      ...(typeof similar === 'string' && similar !== r.id ? { related: { area: 'expenses', id: similar } } : {}),
    };
  });
}

function expenseSections(): { title: string; fields: FormFieldArg<'expenses.create'>[] }[] {
  return [
    {
      title: 'supplier',
      fields: [
        { key: 'supplier_id', label: 'supplier_from_list', hint: 'supplierPick', fills: (r) => ({ supplier_name: r.name }) },
        { key: 'supplier_name', label: 'supplier_name_written' }, 'supplier_document_number',
      ],
    },
    { title: 'overview', fields: ['description', 'category_id', 'issue_date', 'due_date', 'currency', 'is_credit', 'review_status'] },
    {
      title: 'line_items',
      fields: [{ key: 'lines', columns: ['description', 'quantity', 'unit_price', 'vat_rate'], newRow: () => ({ quantity: '1', vat_rate: String(VAT_RATE_PERCENT) }) }],
    },
  ];
}
/** A reason and an explicit confirmation (void, delete). */
const confirmSection = [{ title: 'confirmation', fields: ['reason' as const, 'confirmed' as const] }];

const expenses = resource(
  'expenses',
  {
    route: 'expenses.list',
    columns: [
      ['issue_date', 'date'], ['supplier_name', 'text'], ['supplier_document_number', 'text'], ['description', 'text', { hidden: true }],
      ['total', 'decimalMoney', { currency: 'currency' }], ['balance_due', 'decimalMoney', { currency: 'currency' }], ['review_status', 'status'],
      ['blocking_issues', 'issues', { hidden: true }], ['is_credit', 'boolean', { hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'expenses.get',
    title: 'supplier_name',
    banners: [{ key: 'voided', when: (r) => r.review_status === 'voided', detail: 'void_reason', color: 'red' }],
    sections: [
      {
        title: 'overview',
        fields: [
          ['supplier_name', 'text'], ['supplier_document_number', 'text'], ['description', 'text'], ['review_status', 'status'], ['void_reason', 'text'],
          ['blocking_issues', 'issues'], ['is_credit', 'boolean'], ['issue_date', 'date'], ['due_date', 'date'], ['revision', 'revision'],
        ],
      },
      {
        title: 'amounts',
        fields: [
          ['subtotal', 'decimalMoney', { currency: 'currency' }], ['vat_amount', 'decimalMoney', { currency: 'currency' }],
          ['total', 'decimalMoney', { currency: 'currency' }], ['balance_due', 'decimalMoney', { currency: 'currency' }], ['currency', 'currency'],
        ],
      },
      {
        title: 'links',
        fields: [
          ['supplier_id', 'id', { link: { area: 'suppliers', id: 'supplier_id' } }],
          ['category_id', 'id', { link: { area: 'expense-categories', id: 'category_id' } }],
        ],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [
      subTable<ExpD, 'lines'>('line_items', 'lines', [['description', 'text'], ['quantity', 'quantity'], ['unit_price', 'decimalMoney'], ['vat_rate', 'percent'], ['total', 'decimalMoney']]),
      subTable<ExpD, 'credits'>('credits', 'credits', [['created_at', 'timestamp'], ['credit_expense_id', 'id', { link: { area: 'expenses', id: 'credit_expense_id' } }], ['amount', 'decimalMoney'], ['reason', 'text']], { area: 'expenses', id: 'credit_expense_id' }),
      subTable<ExpD, 'payment_allocations'>('payment_allocations', 'payment_allocations', [['payment_id', 'id'], ['amount', 'decimalMoney'], ['reversed', 'boolean']], { area: 'expense-payments', id: 'payment_id' }),
    ],
  },
  {
    label: (r) => joinLabel(r.supplier_name, r.supplier_document_number ?? r.issue_date),
    writes: {
      create: form('expenses.create', expenseSections(), {
        initial: () => ({
          currency: DEFAULT_CURRENCY, issue_date: today(), review_status: 'NEEDS_REVIEW' as const,
          lines: [{ description: '', quantity: '1', unit_price: '', vat_rate: String(VAT_RATE_PERCENT) }],
        }),
        summary: expenseEstimate,
        summaryNote: 'expenseEstimate',
        // From a supplier's page: the supplier picked, its name and currency with it.
        prefill: { suppliers: (s) => ({ supplier_id: s.id, supplier_name: s.name, ...(typeof s.currency === 'string' ? { currency: s.currency } : {}) }) },
      }),
      edit: form('expenses.update', expenseSections(), { summary: expenseEstimate, summaryNote: 'expenseEstimate', when: unsettled }),
      delete: { route: 'expenses.delete', when: (r) => r.review_status === 'draft', form: form('expenses.delete', confirmSection) },
      actions: [
        {
          key: 'approve', route: 'expenses.approve', when: unsettled, settled: (r) => r.review_status === 'approved',
          blockers: blockersOf,
        },
        { key: 'void', route: 'expenses.void', danger: true, when: (r) => r.review_status === 'approved', form: form('expenses.void', confirmSection) },
        {
          key: 'allocateCredit', route: 'expenses.allocateCredit', when: (r) => r.review_status === 'approved' && r.is_credit !== true && owes(r),
          form: form('expenses.allocateCredit', [{
            title: 'credit',
            fields: [{ key: 'credit_expense_id', hint: 'creditPick', fills: (r) => ({ credit_expected_revision: r.revision, amount: r.balance_due }), pick: { credit_expense_id: credits } }, 'amount', 'reason'],
          }], { result: { tables: [updatedBalances] } }),
        },
      ],
      // A credit changes the credit expense too; payments list their expenses.
      affects: ['expense-payments'],
      // What an approved expense still owes, paid from its page.
      starts: [{ area: 'expense-payments', label: 'expensePayment', when: (r) => r.review_status === 'approved' && r.is_credit !== true && owes(r) }],
    },
  },
);

const categories = resource(
  'expense-categories',
  { route: 'expenseCategories.list', columns: [['name', 'text'], ['classification', 'enum'], ['revision', 'revision', { hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp']] },
  {
    route: 'expenseCategories.get',
    title: 'name',
    sections: [{ title: 'overview', fields: [['name', 'text'], ['classification', 'enum'], ['revision', 'revision']] }, { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] }],
  },
  {
    writes: {
      create: form('expenseCategories.create', [{ title: 'overview', fields: ['name', 'classification'] }], { initial: () => ({ classification: 'UNRESOLVED' as const }) }),
      edit: form('expenseCategories.update', [{ title: 'overview', fields: ['name', 'classification'] }]),
      // Historical expenses keep the category (spec 4.2); the body is its revision alone.
      delete: { route: 'expenseCategories.delete' },
    },
  },
);

const payments = resource(
  'expense-payments',
  {
    route: 'expensePayments.list',
    columns: [
      ['payment_date', 'date'], ['direction', 'enum'], ['method', 'enum'], ['amount', 'decimalMoney', { currency: 'currency' }],
      ['unallocated_amount', 'decimalMoney', { currency: 'currency' }], ['created_at', 'timestamp'],
    ],
  },
  {
    route: 'expensePayments.get',
    title: 'payment_date',
    sections: [
      {
        title: 'overview',
        fields: [['payment_date', 'date'], ['direction', 'enum'], ['method', 'enum'], ['amount', 'decimalMoney', { currency: 'currency' }], ['unallocated_amount', 'decimalMoney', { currency: 'currency' }]],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp']] },
    ],
    tables: [
      subTable<PayD, 'allocations'>('allocations', 'allocations', [['expense_id', 'id', { link: { area: 'expenses', id: 'expense_id' } }], ['amount', 'decimalMoney']], { area: 'expenses', id: 'expense_id' }),
      subTable<PayD, 'reversals'>('reversals', 'reversals', [['created_at', 'timestamp'], ['reason', 'text']]),
    ],
  },
  {
    label: (r) => joinLabel(r.payment_date, typeof r.amount === 'string' ? `${r.amount} ${String(r.currency ?? '')}` : null),
    writes: {
      create: form('expensePayments.create', [
        { title: 'overview', fields: ['direction', 'payment_date', 'method', 'currency', 'amount'] },
        {
          title: 'allocations',
          fields: [{ key: 'allocations', columns: ['expense_id', 'amount'], fill: { expense_id: fromExpense }, pick: { expense_id: payable }, hint: 'allocations' }],
        },
      ], {
        initial: () => ({ direction: 'OUTGOING' as const, payment_date: today(), method: 'BANK_TRANSFER' as const, currency: DEFAULT_CURRENCY, allocations: [] }),
        // From an expense: its balance due, allocated to it at the revision shown.
        prefill: { expenses: (e) => ({ currency: e.currency, amount: e.balance_due, allocations: [{ expense_id: e.id, ...fromExpense(e) }] }) },
        summary: paymentRemainder,
        summaryNote: 'paymentRemainder',
        result: { id: 'payment_id', tables: [updatedBalances] },
      }),
      actions: [{
        key: 'reverse', route: 'expensePayments.reverse', danger: true, when: (r) => remainingAllocations(r).length > 0,
        form: form('expensePayments.reverse', [
          { title: 'reversal', fields: ['reason', { key: 'allocations', columns: ['expense_id', 'amount'], fill: { expense_id: fromExpense }, pick: { expense_id: { query: { status: 'approved' } } }, hint: 'reverseAllocations' }] },
        ], { fromRecord: (r) => ({ allocations: remainingAllocations(r) }), result: { id: 'payment_id', tables: [updatedBalances] } }),
      }],
      affects: ['expenses'],
    },
  },
);

const importedExpenses = resource(
  'imported-expenses',
  {
    route: 'importedExpenses.list',
    columns: [
      ['document_number', 'text'], ['supplier_name', 'text'], ['issue_date', 'date'], ['total', 'decimalMoney', { currency: 'currency' }],
      ['vat_amount', 'decimalMoney', { currency: 'currency', hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp'],
    ],
  },
  {
    route: 'importedExpenses.get',
    title: 'document_number',
    sections: [
      {
        title: 'overview',
        fields: [['document_number', 'text'], ['source', 'enum'], ['supplier_name', 'text'], ['issue_date', 'date'], ['total', 'decimalMoney', { currency: 'currency' }], ['vat_amount', 'decimalMoney', { currency: 'currency' }]],
      },
      { title: 'file', fields: [['pdf_file.file_name', 'text'], ['pdf_file.content_type', 'text'], ['pdf_file.size_bytes', 'bytes']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [subTable<ImpD, 'lines'>('line_items', 'lines', [['description', 'text'], ['total', 'decimalMoney']])],
  },
);

export const EXPENSES: ResourceDecl[] = [expenses, categories, payments, importedExpenses, partyResource('suppliers')];
