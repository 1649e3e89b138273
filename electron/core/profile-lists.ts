import { PROFILE_LISTS, PROFILE_LIST_LIMIT, PROFILE_LIST_NAMES, type ProfileListEntry, type ProfileListName } from '../../shared';
import type { DataOwner, ProfileData, ProfileScoped } from './profile-data';
import { redactValue } from './redact';
import { SETTINGS_KEYS } from './settings-schema';

type Lists = { [L in ProfileListName]?: ProfileListEntry<L>[] };

/** The entries of one list that still parse (an older shape costs an entry, not the list). */
function parseList<L extends ProfileListName>(list: L, raw: unknown): ProfileListEntry<L>[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, PROFILE_LIST_LIMIT).flatMap((e) => {
    const parsed = PROFILE_LISTS[list].safeParse(e);
    return parsed.success ? [parsed.data as ProfileListEntry<L>] : [];
  });
}

function parseLists(raw: unknown): Lists | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const out: Record<string, unknown> = {};
  for (const list of PROFILE_LIST_NAMES) out[list] = parseList(list, (raw as Record<string, unknown>)[list]);
  return out as Lists;
}

/**
 * The per-profile lists of shared/profile-lists.ts (lead intakes sent, records deleted from the
 * app), kept by main like the profile's other data: in the settings store, or in memory only for
 * a session-only profile, and removed with the profile (ProfileData).
 */
export class ProfileLists {
  private readonly lists: ProfileScoped<Lists>;

  constructor(data: ProfileData, private readonly secrets: () => Iterable<string>) {
    this.lists = data.kind(SETTINGS_KEYS.profileLists, parseLists);
  }

  get<L extends ProfileListName>(owner: DataOwner, list: L): ProfileListEntry<L>[] {
    return (this.lists.get(owner)?.[list] ?? []) as ProfileListEntry<L>[];
  }

  save<L extends ProfileListName>(owner: DataOwner, list: L, entries: ProfileListEntry<L>[]): void {
    // Names are what the records were called: scrubbed like any other text that leaves the core.
    const scrubbed = redactValue(entries.slice(0, PROFILE_LIST_LIMIT), this.secrets()) as ProfileListEntry<L>[];
    this.lists.set(owner, { ...(this.lists.get(owner) ?? {}), [list]: scrubbed });
  }
}
