export default {
  fullPage: 'Open full page',
  previous: 'Previous record',
  next: 'Next record',
  position: 'Row {{n}} of {{total}}',
} as const;
