/** The theme colours a chip can take; app.css has one `.chip[data-color]` rule for each. */
export const CHIP_COLORS = ['teal', 'blue', 'indigo', 'cyan', 'violet', 'grape', 'orange', 'yellow', 'red', 'pink', 'gray'] as const;
export type ChipColor = (typeof CHIP_COLORS)[number];

/** Chip colours by status value; one table for every resource (section 3 values). */
const COLORS: Record<string, ChipColor> = {
  active: 'teal', won: 'teal', completed: 'teal', closed: 'teal', approved: 'teal', recorded: 'teal', increase: 'teal', paid: 'teal',
  new: 'blue', open: 'blue', draft: 'blue', in_progress: 'blue', converted: 'indigo',
  contacted: 'cyan', proposal: 'violet', negotiation: 'grape',
  pending_payment: 'orange', needs_review: 'orange', unpaid: 'orange', partially_paid: 'yellow', partially_credited: 'yellow', partially_returned: 'yellow',
  lost: 'red', decrease: 'red', credited: 'pink', returned: 'pink',
  inactive: 'gray', canceled: 'gray', voided: 'gray', unknown: 'gray', not_applicable: 'gray',
};
export const statusColor = (value: string): ChipColor => COLORS[value] ?? 'gray';
