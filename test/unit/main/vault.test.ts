import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeSafeStorage, memoryFile } from './safe-storage-fakes';

const userData = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
vi.mock('electron', () => ({ safeStorage: {}, app: { getPath: () => userData } }));

const { SafeStorageVault } = await import('../../../electron/main/vault');
const { openSettingsStore, openVaultFile } = await import('../../../electron/main/stores');

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

describe('settings and vault files', () => {
  it('live in the user data folder under the names electron-store gave them, readable by the user only', () => {
    const settings = openSettingsStore();
    const vault = openVaultFile();
    settings.set('a', { b: 1 });
    vault.set('keys', { p1: 'cipher' });
    expect(settings.get('a')).toEqual({ b: 1 });
    for (const name of ['settings.json', 'vault.json']) {
      if (process.platform !== 'win32') expect(statSync(join(userData, name)).mode & 0o777, name).toBe(0o600);
    }
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toEqual({ a: { b: 1 } });
    settings.delete('a');
    expect(settings.get('a')).toBeUndefined();
    expect(openSettingsStore().get('a')).toBeUndefined();
    expect(openVaultFile().get('keys')).toEqual({ p1: 'cipher' });
  });

  it('read an existing install\'s file, and start empty from one that is not a JSON object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles: [{ id: 'p1' }], ui_theme: 'dark' }, null, '\t'));
    expect(openSettingsStore(dir).get('ui_theme')).toBe('dark');
    for (const broken of ['{"profiles": [', '[1, 2]', 'null', '']) {
      writeFileSync(join(dir, 'settings.json'), broken);
      const store = openSettingsStore(dir);
      expect(store.get('profiles'), broken).toBeUndefined();
      store.set('ui_theme', 'light');
      expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ ui_theme: 'light' });
    }
  });

  it('a value read is a copy, and an own "__proto__" key stays data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
    writeFileSync(join(dir, 'settings.json'), '{"__proto__": {"polluted": true}, "list": [1]}');
    const store = openSettingsStore(dir);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(store.get('__proto__')).toEqual({ polluted: true });
    store.get<number[]>('list')!.push(2);
    expect(store.get('list')).toEqual([1]);
  });
});
