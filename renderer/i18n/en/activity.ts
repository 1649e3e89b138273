export default {
  title: 'Activity',
  intro: 'Writes made from this app with this profile, newest first (the last {{n}} are kept).',
  empty: 'Nothing yet. Creating, editing or deleting a record adds it here.',
  when: 'When',
  what: 'What',
  result: 'Result',
  requestId: 'Request id',
  created: 'Created',
  edited: 'Edited',
  deleted: 'Deleted',
  outcome: {
    ok: 'Done',
    recovered: 'Done (the answer was lost; a lookup found it saved)',
    failed: 'Failed',
    not_saved: 'Not saved',
    unknown: 'Not known whether it was saved',
  },
} as const;
