/** Named by what they do to which record: a screen shows them beside other buttons ("Close" closes the drawer). */
export default {
  close: 'Close document', reopen: 'Reopen document', delete: 'Delete',
  status: 'Change status', addActivity: 'Add activity', editActivity: 'Edit activity', convert: 'Convert to customer',
  approve: 'Approve expense', void: 'Void expense', allocateCredit: 'Apply a credit', reverse: 'Reverse payment',
} as const;
