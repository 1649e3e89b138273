export default {
  button: 'Restore',
  done: 'Restored',
  offer: 'If this record was deleted, you can restore it.',
  recentlyDeleted: 'Deleted from this app ({{n}})',
  showAll: 'Show all',
  showFewer: 'Show fewer',
} as const;
