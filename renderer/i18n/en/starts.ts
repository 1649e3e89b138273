/** Buttons that start a record of another area from the one on screen (the declaration's `starts`). */
export default {
  customerDocument: 'New document for this customer',
  customerTask: 'New task for this customer',
  supplierExpense: 'New expense for this supplier',
  leadTask: 'New task for this lead',
  documentTask: 'New task for this document',
  expensePayment: 'Record a payment',
  issueDocument: 'Issue a document from this draft',
} as const;
