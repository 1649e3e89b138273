/**
 * A sum of what is owed (a document's total less the payments recorded against it) that holds the
 * full totals instead, and why.
 */
export default {
  hint: {
    unreadable: 'Full totals: this key cannot read payments',
    filling: 'Full totals until payments are copied',
  },
  /** Said after a section's note at totals (its `<note>AtTotals`). */
  note: {
    unreadable: 'This key cannot read payments (payments:read), so what was already paid on a partly paid document is not subtracted.',
    filling: 'What was already paid is subtracted once the local copy of payments is complete.',
  },
} as const;
