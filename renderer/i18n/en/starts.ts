/** Buttons that start a record of another area from the one on screen (the declaration's `starts`). */
export default {
  issueDocument: 'Issue a document from this draft',
} as const;
