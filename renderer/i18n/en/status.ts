export default {
  active: 'Active', inactive: 'Inactive', new: 'New', contacted: 'Contacted', in_progress: 'In progress', proposal: 'Proposal',
  negotiation: 'Negotiation', won: 'Won', lost: 'Lost', open: 'Open', converted: 'Converted', pending_payment: 'Pending payment',
  closed: 'Closed', credited: 'Credited', returned: 'Returned', partially_paid: 'Partially paid', partially_credited: 'Partially credited',
  partially_returned: 'Partially returned', recorded: 'Recorded', increase: 'Increase', decrease: 'Decrease', completed: 'Completed',
  canceled: 'Canceled', unknown: 'Unknown', draft: 'Draft', needs_review: 'Needs review', approved: 'Approved', voided: 'Voided',
  unpaid: 'Unpaid', paid: 'Paid', not_applicable: 'Not applicable',
} as const;
