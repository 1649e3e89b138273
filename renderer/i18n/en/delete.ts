export default {
  button: 'Delete',
  title: 'Delete {{name}}?',
  bodyRestorable: 'It disappears from lists. Its history is kept, and you can restore it from this app.',
  bodyFinal: 'It disappears from lists.',
  confirm: 'Delete',
  done: 'Deleted',
} as const;
