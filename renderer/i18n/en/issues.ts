/** What blocks an approval (the service's `blocking_issues` codes), in words. */
export default {
  missing_category: 'Choose an expense category',
  no_lines: 'Add at least one line',
  zero_total: 'The total is zero',
  missing_supplier: 'Enter the supplier',
  missing_supplier_document_number: 'Enter the supplier’s document number',
  duplicate_suspected: 'It looks like a duplicate of another expense from this supplier',
} as const;
