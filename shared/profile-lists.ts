import { z } from 'zod';
import { profileIdSchema } from './bridge/profiles';
import { areaKeySchema } from './views';

/**
 * Short lists main keeps per connection profile for what the API lists nowhere: the lead intakes
 * sent from the app (a draft is in no list, spec section 3), the records deleted from it (to
 * restore them) and the records opened in it (the palette's recently viewed). Names in them are customers' names, so they live where the profile's other data
 * does (main's store; memory only for a session-only profile) and go with the profile.
 */
export const PROFILE_LIST_LIMIT = 50;
const NAME_MAX = 200;

export const leadDraftEntrySchema = z.strictObject({
  id: z.string().min(1).max(64),
  /** What the intake was called: its business name, else its contact name. */
  name: z.string().max(NAME_MAX),
  submitted_at: z.string().max(40),
  /** The lead a draft completed in the demo became. */
  lead_id: z.string().min(1).max(64).optional(),
});
export const deletedEntrySchema = z.strictObject({
  area: areaKeySchema,
  id: z.string().min(1).max(64),
  name: z.string().max(NAME_MAX),
  at: z.string().max(40),
});

/** Records the user opened (the palette's recently viewed): same shape, the time it was seen. */
export const viewedEntrySchema = deletedEntrySchema;

/** Every list, by the name the bridge and the store know it by. */
export const PROFILE_LISTS = { leadDrafts: leadDraftEntrySchema, deleted: deletedEntrySchema, recentlyViewed: viewedEntrySchema } as const;
export type ProfileListName = keyof typeof PROFILE_LISTS;
export type ProfileListEntry<L extends ProfileListName> = z.infer<(typeof PROFILE_LISTS)[L]>;
export const PROFILE_LIST_NAMES = Object.keys(PROFILE_LISTS) as ProfileListName[];
export const profileListNameSchema = z.enum(PROFILE_LIST_NAMES as [ProfileListName, ...ProfileListName[]]);

const saveInput = <L extends ProfileListName>(list: L) =>
  z.strictObject({ profile_id: profileIdSchema, list: z.literal(list), entries: z.array(PROFILE_LISTS[list]).max(PROFILE_LIST_LIMIT) });

/** lists.save: a whole list, replacing what main kept. */
export const profileListSaveSchema = z.discriminatedUnion('list', [saveInput('leadDrafts'), saveInput('deleted'), saveInput('recentlyViewed')]);
/** lists.get's answer: the entries of the one list asked for. */
export const profileListEntriesSchema = z.array(z.union([leadDraftEntrySchema, deletedEntrySchema])).max(PROFILE_LIST_LIMIT);
/** Every list has its save input above (a new list fails to compile until it is added). */
export const PROFILE_LISTS_SAVABLE: [Exclude<ProfileListName, z.infer<typeof profileListSaveSchema>['list']>] extends [never] ? true : never = true;
