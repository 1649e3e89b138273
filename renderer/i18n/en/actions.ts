export default {
  close: 'Close', reopen: 'Reopen', delete: 'Delete',
  status: 'Change status', addActivity: 'Add activity', editActivity: 'Edit activity', convert: 'Convert to customer',
  approve: 'Approve', void: 'Void', allocateCredit: 'Apply a credit', reverse: 'Reverse',
} as const;
