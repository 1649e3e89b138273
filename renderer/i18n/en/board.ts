/** The lead board. */
export default {
  title: 'Lead board',
  intro: 'Leads by status, newest change first. Drag a card to another column to change its status, or use its Move to menu.',
  introReadOnly: 'Leads by status, newest change first.',
  waiting: 'The board shows the local copy of leads once it is complete ({{n}} read so far).',
  denied: 'This key cannot read leads.',
  moveTo: 'Move to',
  moving: 'Moving to {{status}}…',
  moved: '{{name}} is now {{status}}',
  lossTitle: 'Why was {{name}} lost?',
  lossReason: 'Loss reason',
  markLost: 'Mark as {{status}}',
  dismiss: 'Dismiss',
  allOf: 'All {{count}} {{status}} leads',
} as const;
