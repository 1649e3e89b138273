/** The local copy's state in the header. */
export default {
  upToDate: 'Up to date',
  busy: 'Syncing {{area}}: {{n}}',
  offline: 'Offline: the copy from {{time}}',
} as const;
