export default {
  raw_material_in_use: 'This raw material is used in an active recipe. Remove it from the recipe first, then delete it.',
  revision_conflict: 'The record changed since you opened it. Reload it and decide again.',
  invalid_state: 'This cannot be done in the record’s current state.',
  lead_already_converted: 'This lead was already converted to a customer, so it cannot be deleted.',
  idempotency_key_reused: 'This request key was already used for different content. Submit again to send it as a new request.',
  approval_blocked: 'Issues block approval. Fix them first.',
} as const;
