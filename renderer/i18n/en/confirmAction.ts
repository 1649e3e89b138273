export default {
  close: 'The document is marked as closed.',
  reopen: 'The document is opened again.',
  approve: 'Once approved, the expense can be paid, credited or voided, but no longer edited.',
} as const;
