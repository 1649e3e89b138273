import Store from 'electron-store';
import type { JsonStore } from '../core/ports';
import type { CipherStore } from './vault';

/** Both files are readable by the user only. */
const FILE_MODE = 0o600;

/** Settings (profile metadata, active profile): never holds a key. */
export function openSettingsStore(): JsonStore {
  const store = new Store<Record<string, unknown>>({ name: 'settings', configFileMode: FILE_MODE, clearInvalidConfig: true });
  return {
    get: <T>(key: string) => store.get(key) as T | undefined,
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

/** The vault file: safeStorage ciphertext only. */
export function openVaultFile(): CipherStore {
  const store = new Store<Record<string, unknown>>({ name: 'vault', configFileMode: FILE_MODE, clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
