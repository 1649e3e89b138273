import { randomBytes } from 'node:crypto';
import type { LocalCopyHost } from '../core/ports';
import { ProfileCiphers, safeStorageBackend, VAULT_ENTRIES, type CipherStore, type SafeStorageLike } from './vault';

/**
 * The local copy's host in Electron: the user-data folder, and per profile a random 256-bit key
 * kept as safeStorage ciphertext in the vault file (beside the API keys, never in the copy). Where
 * safeStorage is only obfuscation (Linux without a keyring) or missing, no key is made: the copy
 * is then a plain 0600 file, and the status says it is not encrypted.
 */
export class SafeStorageCopyKeys implements LocalCopyHost {
  private readonly ciphers: ProfileCiphers;

  constructor(
    private readonly safe: SafeStorageLike,
    file: CipherStore,
    private readonly userData: () => string,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.ciphers = new ProfileCiphers(file, VAULT_ENTRIES.copyKeys);
  }

  dataDir(): string {
    return this.userData();
  }

  copyKey(profileId: string): string | null {
    if (safeStorageBackend(this.safe, this.platform) !== 'os') return null;
    const held = this.ciphers.get(profileId);
    if (held !== undefined) {
      try {
        return this.safe.decryptString(held);
      } catch {
        // A key the keyring can no longer open: a new key, and the copy (unreadable with it) is rebuilt.
      }
    }
    const key = randomBytes(32).toString('hex');
    this.ciphers.set(profileId, this.safe.encryptString(key));
    return key;
  }

  forgetCopyKey(profileId: string): void {
    this.ciphers.remove(profileId);
  }
}
