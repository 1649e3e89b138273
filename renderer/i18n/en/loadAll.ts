export default {
  button: 'Load all',
  loading: 'Loading all rows: {{n}} so far…',
  stop: 'Stop',
  done: 'All {{n}} rows',
  capped: 'The first {{n}} rows: a table loads at most {{max}}. Narrow the filters to see the rest.',
  stopped: '{{n}} rows loaded; stopped before the end.',
  failed: 'Loading stopped after {{n}} rows.',
  caption: '{{area}}, all {{count}} rows loaded',
} as const;
