import type { KeyVault, VaultBackend } from '../core/ports';

/** The parts of Electron's safeStorage the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/** The parts of the vault file (json-file.ts) the vault uses. */
export interface CipherStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

const KEYS = 'keys';

/**
 * API keys as safeStorage ciphertext (base64) inside their own JSON file (vault.json, mode 0600).
 * On Linux without a keyring safeStorage falls back to `basic_text` (obfuscation only): the
 * backend says so and the core refuses to persist keys there.
 */
export class SafeStorageVault implements KeyVault {
  constructor(
    private readonly safe: SafeStorageLike,
    private readonly file: CipherStore,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  backend(): VaultBackend {
    if (!this.safe.isEncryptionAvailable()) return 'unavailable';
    if (this.platform === 'linux' && this.safe.getSelectedStorageBackend?.() === 'basic_text') return 'basic_text';
    return 'os';
  }

  store(profileId: string, key: string): void {
    if (this.backend() === 'unavailable') throw new Error('encryption is unavailable');
    const cipher = this.safe.encryptString(key).toString('base64');
    this.file.set(KEYS, { ...this.all(), [profileId]: cipher });
  }

  read(profileId: string): string | null {
    const cipher = this.all()[profileId];
    if (cipher === undefined || !this.safe.isEncryptionAvailable()) return null;
    try {
      return this.safe.decryptString(Buffer.from(cipher, 'base64'));
    } catch {
      return null;
    }
  }

  remove(profileId: string): void {
    const rest = { ...this.all() };
    delete rest[profileId];
    this.file.set(KEYS, rest);
  }

  private all(): Record<string, string> {
    const v = this.file.get(KEYS);
    if (typeof v !== 'object' || v === null) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
}
