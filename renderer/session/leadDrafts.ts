import type { ProfileListEntry } from '../../shared';
import { profileList } from './profileList';

/**
 * Lead intakes sent from this profile. POST /leads answers with a draft the API never lists and
 * whose id no lead route takes (spec section 3): this list is the only trace of it in the app.
 * A draft completed in the demo knows the lead it became. Main keeps the list (shared/profile-lists.ts).
 */
export type LeadDraftEntry = ProfileListEntry<'leadDrafts'>;
export const leadDrafts = profileList('leadDrafts', (a, b) => a.id === b.id);

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function rememberLeadDraft(profileId: string, draft: { id: string; created_at: string }, body: Record<string, unknown>): LeadDraftEntry {
  const entry = { id: draft.id, name: (text(body.name) || text(body.contact_name)).slice(0, 200), submitted_at: draft.created_at };
  leadDrafts.put(profileId, entry);
  return entry;
}

export function markDraftCompleted(profileId: string, draftId: string, leadId: string): void {
  leadDrafts.update(profileId, (e) => e.id === draftId, (e) => ({ ...e, lead_id: leadId }));
}

export function forgetLeadDraft(profileId: string, draftId: string): void {
  leadDrafts.remove(profileId, (e) => e.id === draftId);
}
