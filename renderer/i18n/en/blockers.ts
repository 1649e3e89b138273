export default {
  resembles: 'The expense it resembles:',
  /** What the user can do about a blocker, by its code (none: its words say it). */
  hints: {
    duplicate_suspected: 'Compare the two. If this is the same bill entered twice, do not approve it (a draft can be deleted). If it is another bill, edit it, check its supplier document number, date and amounts against the paper and save: the service checks it again.',
  },
  title: '{{action}} is not possible yet:',
} as const;
