/** The lead board. */
export default {
  title: 'Lead board',
  intro: 'Leads by status, newest change first. Drag a card to another column to change its status, or use its Move to menu.',
  introReadOnly: 'Leads by status, newest change first.',
  waiting_one: 'The board shows the local copy of leads once it is complete (1 read so far).',
  waiting_other: 'The board shows the local copy of leads once it is complete ({{count, number}} read so far).',
  denied: 'This key cannot read leads.',
  moveTo: 'Move to',
  moving: 'Moving to {{status}}…',
  moved: '{{name}} moved to {{status}}',
  lossTitle: 'Why was {{name}} lost?',
  lossReason: 'Loss reason',
  markLost: 'Mark as {{status}}',
  dismiss: 'Dismiss',
  allOf_one: 'The only {{status}} lead',
  allOf_other: 'All {{count, number}} {{status}} leads',
} as const;
