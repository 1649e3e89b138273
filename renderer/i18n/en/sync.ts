/** The local copy's state in the header. */
export default {
  upToDate: 'Up to date',
  /** An area's first fill: `n` is `count` written in the locale. */
  filling: 'Reading {{area}} (records read: {{n}})',
  offline: 'Offline: showing the copy from {{time}}',
  /** The service answered but stopped the sync (429 / 503 past the retries); the next cycle tries again. */
  serviceBusy: 'Service busy: showing the copy from {{time}}',
  keyRefused: 'Key refused: showing the copy from {{time}}',
  /** Areas whose last sync failed; `count` is how many. */
  failed: 'Sync failed: {{areas}}',
  /** Areas the key may not read; `count` is how many. */
  denied: 'No access with this key: {{areas}}',
} as const;
