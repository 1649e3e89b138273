/** A customer's and a supplier's page: other areas' records that name them, from the local copy. */
export default {
  customerTotals: 'Totals',
  supplierTotals: 'Totals',
  documents: 'Documents (open first)',
  payments: 'Payments',
  tasks: 'Tasks (open first)',
  fromLead: 'The lead they came from',
  expensesByStatus: 'Expenses by review status',
  expenses: 'Expenses',
  expensePayments: 'Expense payments',
  figures: {
    billedThisYear: 'Billed this year',
    openBalance: 'Open balance',
    overdue: 'Overdue',
    balanceDue: 'Balance due',
  },
  notes: {
    customerTotals: 'Billed this year: their tax invoices and tax invoice receipts issued since 1 January, at full totals. Open balance: what is still owed on their documents whose payment status is unpaid or partially paid, each one\'s total less the payments recorded against it. Overdue: those due before today.',
    customerTotalsAtTotals: 'Billed this year: their tax invoices and tax invoice receipts issued since 1 January. Open balance: their documents whose payment status is unpaid or partially paid, at full totals. Overdue: those due before today.',
    supplierTotals: 'Approved expenses with a balance due; overdue: due before today.',
  },
  none: 'None.',
  all_one: 'See it in {{area}}',
  all_other: 'See all {{count, number}} in {{area}}',
  copyOff: 'Their documents, payments, tasks and totals come from the local copy, which is off for this connection.',
} as const;
