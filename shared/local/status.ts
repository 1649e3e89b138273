import { z } from 'zod';
import { LOCAL_AREA_KEYS } from './columns';

/**
 * The local copy's state as the screens show it: per area, whether it is filling, ready, syncing,
 * refused by the key, failed or off; how many records; when it was last brought up to date and
 * when deletions were last checked.
 */
/** `checking`: held, but not served until a read under the current key succeeds (after a key change). */
export const LOCAL_AREA_STATES = ['empty', 'filling', 'ready', 'syncing', 'checking', 'denied', 'error', 'off'] as const;
export const localAreaStateSchema = z.enum(LOCAL_AREA_STATES);
export type LocalAreaState = z.infer<typeof localAreaStateSchema>;

export const localAreaStatusSchema = z.object({
  area: z.enum(LOCAL_AREA_KEYS),
  state: localAreaStateSchema,
  /** Records held now. */
  records: z.number().int().min(0),
  /** True once the first fill has finished (the area can serve lists). */
  ready: z.boolean(),
  /** The end of the last cycle that brought the area up to date. */
  last_sync: z.string().nullable(),
  last_deletion_check: z.string().nullable(),
  /** During a fill or deletion check: pages and records read so far in this walk. */
  progress: z.object({ pages: z.number().int().min(0), records: z.number().int().min(0) }).nullable(),
  /** Why it stopped (a 403, a failure), in words. */
  message: z.string().nullable(),
  /** Records the API answered that fail the contract's check: kept out of the copy (the rest syncs), how many and the newest few. */
  held_aside: z.number().int().min(0),
  held: z.array(z.object({ id: z.string().nullable(), reason: z.string(), at: z.string() })).max(20),
});
export type LocalAreaStatus = z.infer<typeof localAreaStatusSchema>;

/**
 * Why the copy was filled anew: its file could not be read (`rebuilt`), the key that encrypts it could
 * not be read from the system keyring (`key_lost`), the API key now belongs to another business or
 * cannot name its business (`business_changed`).
 */
export const LOCAL_NOTICES = ['rebuilt', 'key_lost', 'business_changed'] as const;
export type LocalNotice = (typeof LOCAL_NOTICES)[number];

/** Why the last pass stopped although the service answered. */
export const localPausedSchema = z.enum(['busy', 'refused']);
export type LocalPaused = z.infer<typeof localPausedSchema>;

export const localStatusSchema = z.object({
  /** False when the user turned the copy off for this profile (lists work from the API). */
  enabled: z.boolean(),
  /** `file`: kept on disk (0600); `memory`: a session-only profile's copy, gone when the app quits. */
  storage: z.enum(['file', 'memory', 'none']),
  encrypted: z.boolean(),
  /** The last cycle reached the API. */
  online: z.boolean(),
  /**
   * The last cycle reached the API but stopped: `busy` (429 / 503 past its retries: the next cycle
   * tries again), `refused` (the key was refused: 401, or a 403 other than a missing permission).
   */
  paused: localPausedSchema.nullable(),
  areas: z.array(localAreaStatusSchema),
  /** A notice for the user (LOCAL_NOTICES): the copy was filled anew, and why. */
  notice: z.enum(LOCAL_NOTICES).nullable(),
});
export type LocalStatus = z.infer<typeof localStatusSchema>;

/** Event payloads: one area's status changed; records of these areas changed (lists read again). */
export const localProgressEventSchema = localAreaStatusSchema;
export const localChangedEventSchema = z.object({ areas: z.array(z.enum(LOCAL_AREA_KEYS)) });
/** The copy's last pass reached the service, or found none, or was stopped by it (the status's `online` and `paused`). */
export const localOnlineEventSchema = localStatusSchema.pick({ online: true, paused: true });
