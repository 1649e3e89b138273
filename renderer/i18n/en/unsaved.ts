export default {
  title: 'Discard unsaved changes?',
  body: 'What you typed in this form has not been saved yet.',
  discard: 'Discard changes',
} as const;
