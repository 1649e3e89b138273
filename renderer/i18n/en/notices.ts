export default {
  copyRequestId: 'Copy request id',
  requestId: 'Request id',
} as const;
