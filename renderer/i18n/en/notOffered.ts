/** Why a write a record would otherwise offer is not offered on it (the declaration's `whyNot`). */
export default {
  convertedLead: 'A converted lead cannot be deleted: it became a customer, and the service keeps it.',
} as const;
