/** The local copy's state in the header. */
export default {
  upToDate: 'Up to date',
  busy: 'Syncing {{area}}: {{n}}',
  offline: 'Offline: showing the copy from {{time}}',
  /** The service answered but stopped the sync (429 / 503 past the retries); the next cycle tries again. */
  serviceBusy: 'Service busy: showing the copy from {{time}}',
  keyRefused: 'Key refused: showing the copy from {{time}}',
} as const;
