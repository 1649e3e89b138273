import { describe, expect, it, vi } from 'vitest';

const storeOptions: Record<string, unknown>[] = [];
vi.mock('electron', () => ({ safeStorage: {} }));
vi.mock('electron-store', () => ({
  default: class {
    private readonly data = new Map<string, unknown>();
    constructor(options: Record<string, unknown>) { storeOptions.push(options); }
    get(k: string) { return this.data.get(k); }
    set(k: string, v: unknown) { this.data.set(k, v); }
    delete(k: string) { this.data.delete(k); }
  },
}));

const { SafeStorageVault } = await import('../../../electron/main/vault');
const { openSettingsStore, openVaultFile } = await import('../../../electron/main/stores');

const KEY = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function fakeSafeStorage(available: boolean, backend = 'gnome_libsecret') {
  return {
    isEncryptionAvailable: () => available,
    // A stand-in cipher: XOR, so the stored text never equals or contains the key.
    encryptString: (s: string) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

function memoryFile() {
  const data = new Map<string, unknown>();
  return { data, get: (k: string) => data.get(k), set: (k: string, v: unknown) => void data.set(k, v), delete: (k: string) => void data.delete(k) };
}

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

describe('electron-store files', () => {
  it('open the settings and vault files with mode 0600', () => {
    storeOptions.length = 0;
    const settings = openSettingsStore();
    openVaultFile();
    expect(storeOptions.map((o) => [o.name, o.configFileMode])).toEqual([['settings', 0o600], ['vault', 0o600]]);
    settings.set('a', { b: 1 });
    expect(settings.get('a')).toEqual({ b: 1 });
    settings.delete('a');
    expect(settings.get('a')).toBeUndefined();
  });
});
