import { describe, expect, it } from 'vitest';
import { SafeStorageCopyKeys } from '../../../electron/main/copy-keys';
import { fakeSafeStorage, memoryFile } from './safe-storage-fakes';

describe('SafeStorageCopyKeys (the local copy key in main)', () => {
  it('makes one random key per profile, keeps only its safeStorage ciphertext, returns the same key later, and forgets it', () => {
    const file = memoryFile();
    const keys = new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux');
    const first = keys.copyKey('p1');
    const k = first.key!;
    expect(first.lost).toBe(false);
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([...file.data])).not.toContain(k);
    expect(new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux').copyKey('p1')).toEqual({ key: k, lost: false });
    expect(keys.copyKey('p2').key).not.toBe(k);
    expect(keys.copyKeyProfiles().sort()).toEqual(['p1', 'p2']);
    keys.forgetCopyKey('p1');
    expect(keys.copyKeyProfiles()).toEqual(['p2']);
    expect(keys.copyKey('p1').key).not.toBe(k);
    expect(keys.dataDir()).toBe('/data');
  });

  it('says so when the keyring can no longer decrypt a key: a new one, marked lost (the copy is filled anew)', () => {
    const file = memoryFile();
    const keys = new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux');
    const k = keys.copyKey('p1').key!;
    const broken = { ...fakeSafeStorage(true), decryptString: () => { throw new Error('keyring reset'); } };
    const after = new SafeStorageCopyKeys(broken, file, () => '/data', 'linux').copyKey('p1');
    expect(after.lost).toBe(true);
    expect(after.key).toMatch(/^[0-9a-f]{64}$/);
    expect(after.key).not.toBe(k);
    // The new key is the one kept: the next start opens the new copy with it.
    expect(new SafeStorageCopyKeys(fakeSafeStorage(true), file, () => '/data', 'linux').copyKey('p1')).toEqual({ key: after.key, lost: false });
  });

  it('makes no key where safeStorage is only obfuscation or missing (the copy is then a plain 0600 file)', () => {
    expect(new SafeStorageCopyKeys(fakeSafeStorage(true, 'basic_text'), memoryFile(), () => '/d', 'linux').copyKey('p1')).toEqual({ key: null, lost: false });
    expect(new SafeStorageCopyKeys(fakeSafeStorage(false), memoryFile(), () => '/d', 'linux').copyKey('p1')).toEqual({ key: null, lost: false });
  });
});
