import { join } from 'node:path';
import { app } from 'electron';
import type { JsonStore } from '../core/ports';
import { JsonFileStore } from './json-file';
import type { CipherStore } from './vault';

/** Settings (profile metadata, active profile, per-profile data of saved profiles): never holds a key. */
export function openSettingsStore(dir = app.getPath('userData')): JsonStore {
  return new JsonFileStore(join(dir, 'settings.json'));
}

/** The vault file: safeStorage ciphertext only. */
export function openVaultFile(dir = app.getPath('userData')): CipherStore {
  return new JsonFileStore(join(dir, 'vault.json'));
}
