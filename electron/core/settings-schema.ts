import { z } from 'zod';
import { themeSchema } from '../../shared';
import type { JsonStore } from './ports';

/**
 * The shape of a JSON settings file, one zod schema per top-level key. Main's file store derives
 * its JSON Schema and defaults from it, and reads a file through sanitize(): what the core reads
 * deeper (a profile, a table view) it parses itself, so a bad entry costs that entry only.
 */
export type StoreShape = Record<string, z.ZodType>;

/** Per-entry schemas of the record-valued keys, so that sanitize() drops one bad entry, not the record. */
const recordEntries = new WeakMap<z.ZodType, z.ZodType>();

/** A record by profile id (or any string key) of `entry`, empty by default. */
export function recordOf(entry: z.ZodType): z.ZodType {
  const schema = z.record(z.string(), entry).default({});
  recordEntries.set(schema, entry);
  return schema;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a file holds, kept where it fits the shape: not an object, empty; a key that does not parse,
 * dropped (a record loses only its bad entries); keys the shape does not name kept when `unknown`
 * is 'keep' (a newer build's, the store's own bookkeeping), else dropped.
 */
export function sanitize(shape: StoreShape, raw: unknown, unknown: 'keep' | 'drop'): Record<string, unknown> {
  if (!isObject(raw)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const schema = Object.hasOwn(shape, key) ? shape[key]! : null;
    if (!schema) {
      if (unknown === 'keep') Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      continue;
    }
    if (schema.safeParse(value).success) out[key] = value;
    else {
      const entry = recordEntries.get(schema);
      if (entry && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => entry.safeParse(v).success));
    }
  }
  return out;
}

/** The JSON Schema of each key (draft 2020-12, as electron-store validates), with its default. */
export function jsonSchemaOf(shape: StoreShape): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
    return [key, rest];
  }));
}

/** The values of the keys that have a default. */
export function defaultsOf(shape: StoreShape): Record<string, unknown> {
  return z.object(shape).partial().parse({}) as Record<string, unknown>;
}

/** settings.json's keys; the core reads and writes these names only. */
export const SETTINGS_KEYS = {
  profiles: 'profiles',
  activeProfile: 'active_profile_id',
  theme: 'ui_theme',
  localCopyOff: 'local_copy_disabled',
  /** Profiles whose key was replaced since their copy last learned its business. */
  localCopyRebind: 'local_copy_rebind',
  /** Each profile's current copy file name. */
  localCopyFiles: 'local_copy_files',
  activity: 'activity',
  profileLists: 'profile_lists',
  tableViews: 'table_views',
} as const;

/** settings.json: profile metadata, the active profile, the theme, per-profile data of saved profiles. Never a key. */
export const SETTINGS_SHAPE: StoreShape = {
  [SETTINGS_KEYS.profiles]: z.array(z.unknown()).default([]),
  [SETTINGS_KEYS.activeProfile]: z.string(),
  [SETTINGS_KEYS.theme]: themeSchema.default('system'),
  [SETTINGS_KEYS.localCopyOff]: z.array(z.string()).default([]),
  [SETTINGS_KEYS.localCopyRebind]: z.array(z.string()).default([]),
  [SETTINGS_KEYS.localCopyFiles]: recordOf(z.string()),
  [SETTINGS_KEYS.activity]: recordOf(z.array(z.unknown())),
  [SETTINGS_KEYS.profileLists]: recordOf(z.record(z.string(), z.unknown())),
  [SETTINGS_KEYS.tableViews]: recordOf(z.record(z.string(), z.unknown())),
};

/**
 * Changes to settings.json between app versions, by the version that first reads the new form
 * (electron-store runs each once, in order, on a file last opened by an older build).
 */
export const SETTINGS_MIGRATIONS: Record<string, (store: JsonStore) => void> = {
  // 0.1.0 named the list of profiles whose copy is off with a dot, which electron-store reads as a path.
  '0.2.0': (store) => {
    const old = store.get<unknown>('localCopy.disabled');
    if (old === undefined) return;
    const held = store.get<unknown>(SETTINGS_KEYS.localCopyOff);
    const ids = [...(Array.isArray(held) ? held : []), ...(Array.isArray(old) ? old : [])].filter((x): x is string => typeof x === 'string');
    store.set(SETTINGS_KEYS.localCopyOff, [...new Set(ids)]);
    store.delete('localCopy.disabled');
  },
};
