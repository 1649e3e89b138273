import { describe, expect, it, vi } from 'vitest';
import { fakeSafeStorage, memoryFile } from './safe-storage-fakes';

vi.mock('electron', () => ({ safeStorage: {} }));

const { SafeStorageVault } = await import('../../../electron/main/vault');

const KEY = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('SafeStorageVault', () => {
  it('encryption available: stores base64 ciphertext, reads it back, remove wipes it', () => {
    const file = memoryFile();
    const vault = new SafeStorageVault(fakeSafeStorage(true), file, 'linux');
    expect(vault.backend()).toBe('os');
    vault.store('p1', KEY);
    const raw = JSON.stringify([...file.data]);
    expect(raw).not.toContain(KEY);
    expect((file.data.get('keys') as Record<string, string>).p1).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(vault.read('p1')).toBe(KEY);
    vault.store('p2', 'other-key-0123456789abcdef');
    vault.remove('p1');
    expect(vault.read('p1')).toBeNull();
    expect(Object.keys(file.data.get('keys') as object)).toEqual(['p2']);
  });

  it('encryption unavailable: backend says so, store throws, nothing is written', () => {
    const file = memoryFile();
    const vault = new SafeStorageVault(fakeSafeStorage(false), file, 'linux');
    expect(vault.backend()).toBe('unavailable');
    expect(() => vault.store('p1', KEY)).toThrow(/unavailable/);
    expect(file.data.size).toBe(0);
    expect(vault.read('p1')).toBeNull();
  });

  it('basic_text on Linux is reported as such (obfuscation, not encryption)', () => {
    expect(new SafeStorageVault(fakeSafeStorage(true, 'basic_text'), memoryFile(), 'linux').backend()).toBe('basic_text');
    expect(new SafeStorageVault(fakeSafeStorage(true, 'kwallet5'), memoryFile(), 'linux').backend()).toBe('os');
    expect(new SafeStorageVault(fakeSafeStorage(true, 'basic_text'), memoryFile(), 'darwin').backend()).toBe('os');
  });

  it('a ciphertext that no longer decrypts reads as null (the profile asks for a new key)', () => {
    const file = memoryFile();
    const safe = fakeSafeStorage(true);
    const vault = new SafeStorageVault({ ...safe, decryptString: () => { throw new Error('bad'); } }, file, 'linux');
    vault.store('p1', KEY);
    expect(vault.read('p1')).toBeNull();
  });
});
