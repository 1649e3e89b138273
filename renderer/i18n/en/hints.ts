export default {
  absoluteQuantity: 'Sets the quantity in stock to this number. It adds no entry to the stock movements.',
  customerOrSupplier: 'A document is for a customer or a supplier: fill in exactly one of them.',
  inventoryAdjustment: 'Applying it records stock movements for the tracked products on the lines.',
  intendedStatus: 'The status the lead starts in once the application saves the intake (new when left empty).',
  nameOrContact: 'A business name or a contact name: at least one of them.',
  supplierPick: 'Pick a supplier of this business, or just type the supplier’s name below.',
  creditPick: 'An approved credit expense with a balance left.',
  allocations: 'Split the amount across approved expenses. Each one starts at its balance due; what is left stays unallocated.',
  reverseAllocations: 'What this payment still allocates to each expense. Reverse all of it or part.',
  expenseEstimate: 'Estimate while you type, at each line’s VAT rate; the service calculates the final amounts.',
  paymentRemainder: 'As you type: what the allocations take from the amount, and what is left.',
} as const;
