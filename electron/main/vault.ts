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

/** What safeStorage offers here: real encryption, obfuscation only (Linux without a keyring), or nothing. */
export function safeStorageBackend(safe: SafeStorageLike, platform: NodeJS.Platform): VaultBackend {
  if (!safe.isEncryptionAvailable()) return 'unavailable';
  if (platform === 'linux' && safe.getSelectedStorageBackend?.() === 'basic_text') return 'basic_text';
  return 'os';
}

/** One entry of the vault file: per profile id, a safeStorage ciphertext (base64). */
export class ProfileCiphers {
  constructor(private readonly file: CipherStore, private readonly entry: string) {}

  get(profileId: string): Buffer | undefined {
    const cipher = this.all()[profileId];
    return cipher === undefined ? undefined : Buffer.from(cipher, 'base64');
  }

  set(profileId: string, cipher: Buffer): void {
    this.file.set(this.entry, { ...this.all(), [profileId]: cipher.toString('base64') });
  }

  remove(profileId: string): void {
    const rest = { ...this.all() };
    delete rest[profileId];
    this.file.set(this.entry, rest);
  }

  /** The profiles that have an entry. */
  ids(): string[] {
    return Object.keys(this.all());
  }

  private all(): Record<string, string> {
    const v = this.file.get(this.entry);
    if (typeof v !== 'object' || v === null) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
}

/**
 * API keys as safeStorage ciphertext (base64) inside their own JSON file (vault.json, mode 0600).
 * On Linux without a keyring safeStorage falls back to `basic_text` (obfuscation only): the
 * backend says so and the core refuses to persist keys there.
 */
export class SafeStorageVault implements KeyVault {
  private readonly ciphers: ProfileCiphers;

  constructor(
    private readonly safe: SafeStorageLike,
    file: CipherStore,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.ciphers = new ProfileCiphers(file, KEYS);
  }

  backend(): VaultBackend {
    return safeStorageBackend(this.safe, this.platform);
  }

  store(profileId: string, key: string): void {
    if (this.backend() === 'unavailable') throw new Error('encryption is unavailable');
    this.ciphers.set(profileId, this.safe.encryptString(key));
  }

  read(profileId: string): string | null {
    const cipher = this.ciphers.get(profileId);
    if (cipher === undefined || !this.safe.isEncryptionAvailable()) return null;
    try {
      return this.safe.decryptString(cipher);
    } catch {
      return null;
    }
  }

  remove(profileId: string): void {
    this.ciphers.remove(profileId);
  }
}
