export default {
  fromCopy: 'Offline: as the local copy held it at {{time}}',
  fromCopyBody: 'Details only the connection gives (and writing) wait for the connection.',
  notFound: 'This record was not found. It may have been deleted, or it belongs to another business.',
  openFromList: 'This area has no single-record view in the API. Open the record from its list.',
  backToList: 'Back to {{area}}',
  noRows: 'None',
  changes_zero: 'Never',
  changes_one: 'Once',
  changes_other: '{{count, number}} times',
  heading: '{{area}}: {{title}}',
} as const;
