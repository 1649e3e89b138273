/** English texts of the bookkeeper's expense screens: the review queue and what blocks an approval. */
export const enExpenses = {
  /** What blocks an approval (the service's `blocking_issues` codes), in words. */
  issues: {
    missing_category: 'Choose an expense category',
    no_lines: 'Add at least one line',
    zero_total: 'The total is zero',
    missing_supplier: 'Enter the supplier',
    missing_supplier_document_number: 'Enter the supplier’s document number',
    duplicate_suspected: 'It looks like another expense from this supplier',
  },
  banners: {
    voided: 'Voided: kept for the record, it no longer counts',
  },
  review: {
    title: 'Review queue',
    intro: 'Expenses waiting for review come first, oldest first. Open one, approve it or fix what blocks it, then go on to the next.',
    waiting: 'Waiting for review ({{n}})',
    drafts: 'Drafts, not yet sent for review ({{n}})',
    empty: 'Nothing is waiting for review.',
    start: 'Review the first one',
    next: 'Next to review',
    nextHint: 'Press N for the next expense to review.',
    position: 'Review queue: {{n}} of {{count}}',
    notInQueue: 'Review queue: {{count}} waiting',
    done: 'The review queue is empty.',
    backToQueue: 'Back to the review queue',
    more: 'Showing the first {{n}}; more are waiting.',
  },
} as const;
