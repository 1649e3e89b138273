import { chmodSync, existsSync } from 'node:fs';
import { app } from 'electron';
import Store, { type Options } from 'electron-store';
import type { JsonStore } from '../core/ports';
import { defaultsOf, jsonSchemaOf, sanitize, SETTINGS_MIGRATIONS, SETTINGS_SHAPE, type StoreShape } from '../core/settings-schema';
import { VAULT_SHAPE, type CipherStore } from './vault';

/** Both files are readable by the user only. */
export const FILE_MODE = 0o600;

interface FileSpec {
  /** settings or vault: the file is <dir>/<name>.json. */
  name: string;
  shape: StoreShape;
  /** Keys the shape does not name: kept (settings: a newer build's) or dropped (the vault holds ciphertext only). */
  unknown: 'keep' | 'drop';
  migrations?: Record<string, (store: JsonStore) => void>;
}

/**
 * One of main's JSON files through electron-store: validated against its schema (defaults filled),
 * migrated on a file an older build wrote, written whole to a temporary file and renamed over the old
 * one (mode 0600). A file that is not JSON starts empty; one that is JSON keeps every key and entry
 * that still fits. Reads come from the last value read or written, not from disk each time.
 */
class JsonStoreFile implements JsonStore {
  private readonly file: Store<Record<string, unknown>>;
  private snapshot: Record<string, unknown>;

  constructor(dir: string, spec: FileSpec, version: string) {
    const migrations = spec.migrations && Object.fromEntries(Object.entries(spec.migrations).map(([v, migrate]) => [v, (s: StoreLike) => migrate(asJsonStore(s))]));
    // electron-store reads the app's version itself; given here, so a test can open a file as another version would.
    const options: Options<Record<string, unknown>> & { projectVersion: string } = {
      name: spec.name,
      cwd: dir,
      configFileMode: FILE_MODE,
      clearInvalidConfig: true,
      // Keys are names, never paths ("localCopy.disabled" was one key).
      accessPropertiesByDotNotation: false,
      schema: jsonSchemaOf(spec.shape),
      rootSchema: { additionalProperties: spec.unknown === 'keep' },
      defaults: defaultsOf(spec.shape),
      deserialize: (text) => sanitize(spec.shape, JSON.parse(text), spec.unknown),
      projectVersion: version,
      ...(migrations ? { migrations } : {}),
    };
    this.file = new Store(options);
    // electron-store sets the mode when it writes; a file left looser (copied by hand, restored from a backup) is tightened now.
    if (existsSync(this.file.path)) chmodSync(this.file.path, FILE_MODE);
    this.snapshot = this.file.store;
  }

  get<T>(key: string): T | undefined {
    return Object.hasOwn(this.snapshot, key) ? (structuredClone(this.snapshot[key]) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    const next = { ...this.snapshot };
    Object.defineProperty(next, key, { value: structuredClone(value), enumerable: true, configurable: true, writable: true });
    this.write(next);
  }

  delete(key: string): void {
    if (!Object.hasOwn(this.snapshot, key)) return;
    const next = { ...this.snapshot };
    delete next[key];
    this.write(next);
  }

  /** Whole, through electron-store (schema check, atomic write); its own bookkeeping key travels in the snapshot. */
  private write(next: Record<string, unknown>): void {
    this.file.store = next;
    this.snapshot = next;
  }
}

/** What a migration is handed (electron-store's base class). */
type StoreLike = Pick<Store<Record<string, unknown>>, 'get' | 'set' | 'delete'>;

const asJsonStore = (s: StoreLike): JsonStore => ({
  get: <T>(key: string) => s.get(key) as T | undefined,
  set: (key, value) => s.set(key, value),
  delete: (key) => s.delete(key),
});

/** Settings (profile metadata, active profile, per-profile data of saved profiles): never holds a key. */
export function openSettingsStore(dir = app.getPath('userData'), version = app.getVersion()): JsonStore {
  return new JsonStoreFile(dir, { name: 'settings', shape: SETTINGS_SHAPE, unknown: 'keep', migrations: SETTINGS_MIGRATIONS }, version);
}

/** The vault file: safeStorage ciphertext only. */
export function openVaultFile(dir = app.getPath('userData'), version = app.getVersion()): CipherStore {
  return new JsonStoreFile(dir, { name: 'vault', shape: VAULT_SHAPE, unknown: 'drop' }, version);
}
