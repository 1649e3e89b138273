import { randomBytes } from 'node:crypto';
import type { LocalCopyHost } from '../core/ports';
import type { CipherStore, SafeStorageLike } from './vault';

const COPY_KEYS = 'copyKeys';

/**
 * The local copy's host in Electron: the user-data folder, and per profile a random 256-bit key
 * kept as safeStorage ciphertext in the vault file (beside the API keys, never in the copy). Where
 * safeStorage is only obfuscation (Linux without a keyring) or missing, no key is made: the copy
 * is then a plain 0600 file, and the status says it is not encrypted.
 */
export class SafeStorageCopyKeys implements LocalCopyHost {
  constructor(
    private readonly safe: SafeStorageLike,
    private readonly file: CipherStore,
    private readonly userData: () => string,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  dataDir(): string {
    return this.userData();
  }

  copyKey(profileId: string): string | null {
    if (!this.safe.isEncryptionAvailable()) return null;
    if (this.platform === 'linux' && this.safe.getSelectedStorageBackend?.() === 'basic_text') return null;
    const held = this.all()[profileId];
    if (held !== undefined) {
      try {
        return this.safe.decryptString(Buffer.from(held, 'base64'));
      } catch {
        // A key the keyring can no longer open: a new key, and the copy (unreadable with it) is rebuilt.
      }
    }
    const key = randomBytes(32).toString('hex');
    this.file.set(COPY_KEYS, { ...this.all(), [profileId]: this.safe.encryptString(key).toString('base64') });
    return key;
  }

  forgetCopyKey(profileId: string): void {
    const rest = { ...this.all() };
    delete rest[profileId];
    this.file.set(COPY_KEYS, rest);
  }

  private all(): Record<string, string> {
    const v = this.file.get(COPY_KEYS);
    if (typeof v !== 'object' || v === null) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
}
