/** Taking back a change from its notice. */
export default {
  button: 'Undo',
  done: 'Undone',
  unknown: 'Not known whether it was undone: look at the record before trying again.',
} as const;
