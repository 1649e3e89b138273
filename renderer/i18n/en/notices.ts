export default {
  copyRequestId: 'Copy request id',
  requestId: 'Request id',
  details: 'Details',
  hideDetails: 'Hide details',
} as const;
