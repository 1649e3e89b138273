import { randomBytes } from 'node:crypto';
import type { CopyKey, LocalCopyHost } from '../core/ports';
import { ProfileCiphers, safeStorageBackend, type CipherStore, type SafeStorageLike } from './vault';

const COPY_KEYS = 'copyKeys';

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
    this.ciphers = new ProfileCiphers(file, COPY_KEYS);
  }

  dataDir(): string {
    return this.userData();
  }

  copyKey(profileId: string): CopyKey {
    if (safeStorageBackend(this.safe, this.platform) !== 'os') return { key: null, lost: false };
    const held = this.ciphers.get(profileId);
    if (held !== undefined) {
      try {
        return { key: this.safe.decryptString(held), lost: false };
      } catch {
        // The keyring can no longer open it (another user profile, a reset keyring): the caller says so
        // and fills the copy anew under a new key.
        return { key: this.newKey(profileId), lost: true };
      }
    }
    return { key: this.newKey(profileId), lost: false };
  }

  forgetCopyKey(profileId: string): void {
    this.ciphers.remove(profileId);
  }

  copyKeyProfiles(): string[] {
    return this.ciphers.ids();
  }

  private newKey(profileId: string): string {
    const key = randomBytes(32).toString('hex');
    this.ciphers.set(profileId, this.safe.encryptString(key));
    return key;
  }
}
