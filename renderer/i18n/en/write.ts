export default {
  needsConnection: 'Writing needs the connection: the app is offline.',
  created: 'Created',
  saved: 'Saved',
  done: '{{action}}: done',
  open: 'Open',
  recovered: 'the answer was lost, and a lookup found it saved',
  checking: 'The answer did not arrive. Checking whether it was saved…',
  not_saved: {
    title: 'It was not saved',
    body: 'The answer was lost, and a lookup found no change. Nothing was saved, so you can submit again.',
  },
  unclear: {
    title: 'It is not known whether it was saved',
    body: 'The answer was lost and the lookup could not tell. Open the record (or its list) and check before you try again.',
  },
  retry_safe: {
    title: 'The answer did not arrive',
    body: 'Submitting again is safe: the same request key is sent, so the service applies it at most once.',
  },
  replayed: 'it had already gone through; this is its result',
  back: 'Back to the record',
  another: 'Record another',
} as const;
