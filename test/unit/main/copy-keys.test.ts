import { describe, expect, it } from 'vitest';
import { SafeStorageCopyKeys } from '../../../electron/main/copy-keys';

function fakeSafeStorage(available: boolean, backend = 'gnome_libsecret') {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s: string) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}
function memoryFile() {
  const data = new Map<string, unknown>();
  return { data, get: (k: string) => data.get(k), set: (k: string, v: unknown) => void data.set(k, v), delete: (k: string) => void data.delete(k) };
}

describe('SafeStorageCopyKeys (the local copy key in main)', () => {
  it('makes one random key per profile, keeps only its safeStorage ciphertext, returns the same key later, and forgets it', () => {
    const file = memoryFile();
    const keys = new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux');
    const k = keys.copyKey('p1')!;
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([...file.data])).not.toContain(k);
    expect(new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux').copyKey('p1')).toBe(k);
    expect(keys.copyKey('p2')).not.toBe(k);
    keys.forgetCopyKey('p1');
    expect(keys.copyKey('p1')).not.toBe(k);
    expect(keys.dataDir()).toBe('/data');
  });

  it('makes no key where safeStorage is only obfuscation or missing (the copy is then a plain 0600 file)', () => {
    expect(new SafeStorageCopyKeys(fakeSafeStorage(true, 'basic_text'), memoryFile(), () => '/d', 'linux').copyKey('p1')).toBeNull();
    expect(new SafeStorageCopyKeys(fakeSafeStorage(false), memoryFile(), () => '/d', 'linux').copyKey('p1')).toBeNull();
  });
});
