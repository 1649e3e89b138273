import { describe, expect, it } from 'vitest';
import { SafeStorageCopyKeys } from '../../../electron/main/copy-keys';
import { fakeSafeStorage, memoryFile } from './safe-storage-fakes';

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
