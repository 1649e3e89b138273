export default {
  slow: 'The service is slow to answer. Still waiting ({{seconds}} s)…',
  retrying: {
    rate_limited: 'The service asked the app to slow down. Trying again in {{seconds}} s.',
    unavailable: 'The service is unavailable for a moment. Trying again in {{seconds}} s.',
    server_error: 'The service had a problem. Trying again in {{seconds}} s.',
    network: 'The connection to the service was lost. Trying again in {{seconds}} s.',
    timeout: 'The service did not answer in time. Trying again in {{seconds}} s.',
  },
  offlineTitle: 'Cannot reach the service',
  offlineBody: 'Check the internet connection, then try again. Nothing you typed is lost.',
  backTitle: 'Connected again',
  backBody: 'The service answers again: try again, nothing you typed is lost.',
  retry: 'Try again',
} as const;
