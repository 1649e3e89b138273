import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_DIR } from '../../../electron/core/local/files';
import type { BridgeResult, LocalStatus } from '../../../shared';
import { startSandbox } from '../../../electron/sandbox';
import { MemoryLocalHost, copyFileOf } from '../../harness/local-host';
import { watchRemovals } from './removals';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * A copy's files go with what owns them: forgetting, turning off and removing the profile stop the
 * running pass and close the database before its files are deleted (Windows cannot delete an open
 * file), a forgotten copy's successor has a file of its own name and a key of its own, a start-up
 * sweep removes what a failed removal left, and a key the keyring lost is said, not replaced silently.
 */
let stack: LocalStack | null = null;
afterEach(async () => { vi.restoreAllMocks(); await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(r.error.message); return r.data as T; };
const sameRecords = async (s: LocalStack, area: string) => {
  const api = await apiList(s.sandbox, 'owner', area);
  const held = await copyList(s, area);
  expect(held).toHaveLength(api.length);
  expect(new Map(held.map((r) => [r.id, r]))).toEqual(new Map(api.map((r) => [r.id, r])));
};

describe('local copy: files and keys go with what owns them', () => {
  it('forget during a fill: the pass stops and the file closes before it is deleted; the new copy has its own file and key and holds exactly the API\'s records', async () => {
    stack = await localStack({ sandbox: { latencyMs: 25, customers: 1_500 } });
    const s = stack;
    const removals = watchRemovals(s.localHost.dir);
    // A fill in progress.
    await new Promise((r) => setTimeout(r, 400));
    expect(ok<LocalStatus>(await s.invoke('local.status', {})).areas.some((a) => !a.ready)).toBe(true);
    const oldFile = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    const oldKey = s.localHost.keyOf(s.profile.id);
    ok(await s.invoke('local.forget', {}));
    expect(removals).toEqual([[]]);
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(oldFile + suffix)).toBe(false);
    await s.core.local.idle();
    const newFile = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    expect(newFile).not.toBe(oldFile);
    expect(s.localHost.keyOf(s.profile.id)).not.toBe(oldKey);
    await sameRecords(s, 'customers');
    await sameRecords(s, 'documents');
  }, 120_000);

  it('off and then removal of the profile: each closes the file first, then its files and its key go; lists read the API meanwhile', async () => {
    stack = await localStack({ sandbox: { latencyMs: 10 } });
    const s = stack;
    await s.core.local.idle();
    const removals = watchRemovals(s.localHost.dir);
    const file = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    s.core.local.syncNow({ deletions: true }); // a pass running when the copy is turned off
    ok(await s.invoke('local.setEnabled', { enabled: false }));
    expect(removals.at(-1)).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(s.localHost.copyKeyProfiles()).not.toContain(s.profile.id);
    ok(await s.invoke('local.setEnabled', { enabled: true }));
    await s.core.local.idle();
    const again = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    expect(again).not.toBe(file);
    await sameRecords(s, 'tasks');
    s.core.local.syncNow({ deletions: true });
    ok(await s.invoke('profiles.remove', { id: s.profile.id }));
    expect(removals.at(-1)).toEqual([]);
    expect(existsSync(again)).toBe(false);
    expect(readdirSync(join(s.localHost.dir, COPY_DIR))).toEqual([]);
    expect(s.localHost.copyKeyProfiles()).toEqual([]);
    expect(s.store.get('local_copy_files')).toEqual({});
  }, 120_000);

  it('a start-up sweep removes copy files and copy keys that belong to no profile', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
    const localHost = new MemoryLocalHost();
    try {
      const first = await localStack({ keep: sandbox, localHost });
      await first.core.local.idle();
      const dir = join(localHost.dir, COPY_DIR);
      const kept = copyFileOf(localHost.dir, first.store, first.profile.id);
      await first.close();
      // What a removal Windows refused (or a crash mid-way) could leave: another profile's file and WAL, an old copy's file, its key.
      mkdirSync(dir, { recursive: true });
      for (const f of ['gone-profile.00112233aabbccdd.db', 'gone-profile.00112233aabbccdd.db-wal', `${first.profile.id}.ffeeddccbbaa9988.db`]) writeFileSync(join(dir, f), 'left behind');
      localHost.keyOf('gone-profile');
      stack = await localStack({ keep: sandbox, localHost, state: { store: first.store, vault: first.vault } });
      await stack.core.local.idle();
      expect(readdirSync(dir).filter((f) => f.endsWith('.db')).sort()).toEqual([basename(kept)]);
      expect(localHost.copyKeyProfiles()).toEqual([first.profile.id]);
      await sameRecords(stack, 'customers');
      await stack.close();
      stack = null;
    } finally {
      localHost.dispose();
      await sandbox.close();
    }
  }, 120_000);

  it('a copy key the keyring can no longer decrypt: the user is told, and the copy is filled anew under a new key', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
    const localHost = new MemoryLocalHost();
    try {
      const first = await localStack({ keep: sandbox, localHost });
      await first.core.local.idle();
      await first.close();
      localHost.loseKey(first.profile.id);
      stack = await localStack({ keep: sandbox, localHost, state: { store: first.store, vault: first.vault } });
      await stack.core.local.idle();
      const st = ok<LocalStatus>(await stack.invoke('local.status', {}));
      expect(st.notice).toBe('key_lost');
      expect(st.areas.every((a) => a.ready)).toBe(true);
      await sameRecords(stack, 'customers');
      await stack.close();
      stack = null;
    } finally {
      localHost.dispose();
      await sandbox.close();
    }
  }, 120_000);
});
