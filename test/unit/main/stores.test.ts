import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeSafeStorage } from './safe-storage-fakes';

const userData = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
// electron-store reads Electron's default export; main reads the named one.
vi.mock('electron', () => {
  const app = { getPath: () => userData, getVersion: () => pkg.version };
  return { default: {}, app, safeStorage: {} };
});

const { openSettingsStore, openVaultFile } = await import('../../../electron/main/stores');
const { SafeStorageVault } = await import('../../../electron/main/vault');
const { SafeStorageCopyKeys } = await import('../../../electron/main/copy-keys');
const { createCore } = await import('../../../electron/core');
const { FixedDemoHost, MemoryHost, MemoryLogger } = await import('../../harness/memory-host');
const { FakeApi, TEST_KEY, TEST_KEY_2 } = await import('../core/fixtures');

/** settings.json and vault.json exactly as the 0.1.0 build wrote them (its own file writer, one profile used for a while). */
const OLD_BUILD = join(import.meta.dirname, '../../fixtures/settings-0.1.0');
const OLD_PROFILE = '5b3ba57a-e0f2-4915-84f1-cd7d5ee4b8ca';

const mode = (file: string) => statSync(file).mode & 0o777;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const posix = process.platform !== 'win32';

/** A user-data folder holding the old build's files, with the mode a hand copy would give them. */
function oldInstall(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bizops-old-install-'));
  for (const name of ['settings.json', 'vault.json']) {
    copyFileSync(join(OLD_BUILD, name), join(dir, name));
    chmodSync(join(dir, name), 0o644);
  }
  return dir;
}

describe('settings and vault files (electron-store)', () => {
  it('live in the user data folder as settings.json and vault.json, readable by the user only, with the schema\'s defaults', () => {
    const settings = openSettingsStore();
    const vault = openVaultFile();
    settings.set('ui_theme', 'dark');
    settings.set('active_profile_id', 'p1');
    vault.set('keys', { p1: 'Y2lwaGVy' });
    for (const name of ['settings.json', 'vault.json']) if (posix) expect(mode(join(userData, name)), name).toBe(0o600);
    expect(readJson(join(userData, 'settings.json'))).toMatchObject({ ui_theme: 'dark', profiles: [], local_copy_disabled: [], activity: {}, profile_lists: {}, table_views: {} });
    expect(readJson(join(userData, 'vault.json'))).toEqual({ keys: { p1: 'Y2lwaGVy' }, copyKeys: {} });
    settings.delete('active_profile_id');
    expect(settings.get('active_profile_id')).toBeUndefined();
    // A key with a default goes back to it.
    settings.delete('ui_theme');
    expect(settings.get('ui_theme')).toBe('system');
    expect(openSettingsStore().get('active_profile_id')).toBeUndefined();
    expect(openVaultFile().get('keys')).toEqual({ p1: 'Y2lwaGVy' });
  });

  it('a 0.1.0 install opens in this build: profiles, theme, views, lists, activity and both keys read on through the core', async () => {
    const dir = oldInstall();
    const store = openSettingsStore(dir);
    const vaultFile = openVaultFile(dir);
    const safe = fakeSafeStorage(true);
    const vault = new SafeStorageVault(safe, vaultFile, 'linux');
    const core = createCore({ vault, store, host: new MemoryHost(), demo: new FixedDemoHost('http://127.0.0.1:45678/v1', TEST_KEY_2), log: new MemoryLogger(), clientFactory: new FakeApi().factory });
    const call = async <T>(op: string, input: unknown = {}): Promise<T> => {
      const r = await core.router.handle('app://bizops/index.html', `c-${op}`, op, input);
      if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
      return r.data as T;
    };
    try {
      const listed = await call<{ profiles: { id: string; name: string; key_last4: string }[]; active_id: string | null }>('profiles.list');
      expect(listed.profiles.map((p) => [p.id, p.name, p.key_last4])).toEqual([[OLD_PROFILE, 'מאפיית הרימון', '2345']]);
      expect(listed.active_id).toBe(OLD_PROFILE);
      expect(vault.read(OLD_PROFILE)).toBe(TEST_KEY);
      expect(new SafeStorageCopyKeys(safe, vaultFile, () => dir, 'linux').copyKey(OLD_PROFILE)).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/), lost: false });
      expect(await call('ui.getTheme')).toEqual({ theme: 'dark' });
      const views = await call<{ tables: Record<string, { current: { pageSize: number; sort: unknown[] } }> }>('views.get', { profile_id: OLD_PROFILE });
      expect(views.tables.customers?.current).toMatchObject({ pageSize: 50, sort: [{ column: 'name', direction: 'asc' }] });
      expect(await call('lists.get', { profile_id: OLD_PROFILE, list: 'recentlyViewed' })).toMatchObject({ entries: [{ name: 'Café Noga' }] });
      expect(await call('activity.list')).toMatchObject({ entries: [{ name: 'Café Noga', route: 'customers.create', outcome: 'ok' }] });
    } finally {
      await core.shutdown();
    }
    // The copy key read back is the one 0.1.0 made (it is not replaced by a new one).
    expect(readJson(join(dir, 'vault.json')).copyKeys).toEqual(readJson(join(OLD_BUILD, 'vault.json')).copyKeys);
    if (posix) for (const name of ['settings.json', 'vault.json']) expect(mode(join(dir, name)), name).toBe(0o600);
  });

  it('migrates a file an older build wrote, once, by version: 0.2.0 renames the dotted local-copy key', () => {
    const dir = oldInstall();
    // Opened by a build of the same version, nothing moves.
    expect(openSettingsStore(dir, '0.1.0').get('localCopy.disabled')).toEqual([OLD_PROFILE]);
    const migrated = openSettingsStore(dir, '0.2.0');
    expect(migrated.get('local_copy_disabled')).toEqual([OLD_PROFILE]);
    expect(migrated.get('localCopy.disabled')).toBeUndefined();
    const file = readJson(join(dir, 'settings.json'));
    expect(file).not.toHaveProperty(['localCopy.disabled']);
    expect(file.__internal__).toEqual({ migrations: { version: '0.2.0' } });
    // A later open does not run it again: a value set since stays where it is.
    migrated.set('local_copy_disabled', []);
    expect(openSettingsStore(dir, '0.2.0').get('local_copy_disabled')).toEqual([]);
    expect(openSettingsStore(dir, pkg.version).get('profiles')).toHaveLength(1);
  });

  it('writes whole, by rename (a new file each time, no temporary file left), and refuses a value the schema does not allow', () => {
    const dir = oldInstall();
    const store = openSettingsStore(dir);
    const before = statSync(join(dir, 'settings.json')).ino;
    store.set('ui_theme', 'light');
    expect(statSync(join(dir, 'settings.json')).ino).not.toBe(before);
    expect(readdirSync(dir).sort()).toEqual(['settings.json', 'vault.json']);
    const text = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(() => store.set('profiles', 'not a list')).toThrow(/schema/i);
    expect(() => store.set('ui_theme', 'purple')).toThrow(/schema/i);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(text);
    expect(store.get('ui_theme')).toBe('light');
  });

  it('a file that is not JSON starts empty; one that is keeps what still fits, key by key and entry by entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
    for (const broken of ['{"profiles": [', '[1, 2]', 'null', '']) {
      writeFileSync(join(dir, 'settings.json'), broken);
      const store = openSettingsStore(dir);
      expect(store.get('profiles'), broken).toEqual([]);
      store.set('ui_theme', 'light');
      expect(readJson(join(dir, 'settings.json')), broken).toMatchObject({ ui_theme: 'light', profiles: [] });
    }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles: [{ id: 'p1' }], ui_theme: 'purple', table_views: { p1: { customers: {} }, p2: 'broken' }, from_a_newer_build: 1 }));
    const store = openSettingsStore(dir);
    expect(store.get('profiles')).toEqual([{ id: 'p1' }]);
    expect(store.get('ui_theme')).toBe('system');
    expect(store.get('table_views')).toEqual({ p1: { customers: {} } });
    expect(store.get('from_a_newer_build')).toBe(1);
    writeFileSync(join(dir, 'vault.json'), JSON.stringify({ keys: { p1: 'Y2lwaGVy', p2: 'not base64!', p3: 7 }, plaintext: 'bo_test_x' }));
    const vault = openVaultFile(dir);
    expect(vault.get('keys')).toEqual({ p1: 'Y2lwaGVy' });
    expect(vault.get('plaintext')).toBeUndefined();
    vault.set('copyKeys', { p1: 'a2V5' });
    expect(readJson(join(dir, 'vault.json'))).toEqual({ keys: { p1: 'Y2lwaGVy' }, copyKeys: { p1: 'a2V5' } });
  });

  it('a value read is a copy, and an own "__proto__" key stays data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-user-data-'));
    writeFileSync(join(dir, 'settings.json'), '{"__proto__": {"polluted": true}, "profiles": [1]}');
    const store = openSettingsStore(dir);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(store.get('__proto__')).toEqual({ polluted: true });
    store.get<number[]>('profiles')!.push(2);
    expect(store.get('profiles')).toEqual([1]);
    store.set('ui_theme', 'dark');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(openSettingsStore(dir).get('profiles')).toEqual([1]);
  });
});
