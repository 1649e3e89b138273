export default {
  voided: 'Voided: kept for the record, it no longer counts',
} as const;
