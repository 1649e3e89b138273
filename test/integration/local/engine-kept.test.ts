import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyFiles } from '../../../electron/core/local/files';
import type { BridgeResult, LocalStatus, ProfileMeta } from '../../../shared';
import { copyFileOf } from '../../harness/local-host';
import { watchRemovals } from './removals';
import { apiList, copyList, expectSameRecords, localStack, type LocalStack } from './stack';

/**
 * A forget keeps the copy's engine thread for the new copy: the old copy's file closes in it (its handles
 * collected before the files are deleted) and the new copy opens there, so no thread's start (its modules,
 * about 120 ms) waits before the new copy's first request. When no copy takes the thread, it ends; when a
 * file cannot be deleted while the thread lives, the thread ends first.
 */
let stack: LocalStack | null = null;
afterEach(async () => { vi.restoreAllMocks(); await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(r.error.message); return r.data as T; };
const sameAsApi = async (s: LocalStack, area: string) => expectSameRecords(await copyList(s, area), await apiList(s.sandbox, 'owner', area), area);
/** A second profile on the same key. */
const addSecond = async (s: LocalStack) => ok<ProfileMeta>(await s.invoke('profiles.add', { name: 'Second', environment: 'test', base_url: s.sandbox.baseUrl, key: { source: 'typed', key: s.sandbox.keys.owner }, session_only: false }));
/** The copy forgotten while the user switches to another profile; returns how many engine starts and ends were logged before. */
async function forgetWhileSwitching(s: LocalStack, to: string): Promise<number> {
  const before = s.engines.length;
  const forgetting = s.invoke('local.forget', {});
  ok(await s.invoke('profiles.activate', { id: to }));
  ok(await forgetting);
  return before;
}

describe('local copy: a forget keeps the engine thread for the new copy', () => {
  it('no thread starts or ends; the old files were closed when deleted; the new copy fills from nothing in the same thread', async () => {
    stack = await localStack({ sandbox: { latencyMs: 10 } });
    const s = stack;
    await s.core.local.idle();
    const oldFile = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    const openAtRemoval = watchRemovals(s.localHost.dir);
    ok(await s.invoke('local.forget', {}));
    await s.core.local.idle();
    expect(s.engines).toEqual(['start 0']);
    expect(openAtRemoval).toEqual([[]]);
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(oldFile + suffix)).toBe(false);
    expect(copyFileOf(s.localHost.dir, s.store, s.profile.id)).not.toBe(oldFile);
    expect(ok<LocalStatus>(await s.invoke('local.status', {})).areas.every((a) => a.ready)).toBe(true);
    await sameAsApi(s, 'customers');
  }, 120_000);

  it('a switch, during the forget, to a profile whose copy is off: the kept thread ends, and none other starts', async () => {
    stack = await localStack();
    const s = stack;
    await s.core.local.idle();
    const second = await addSecond(s);
    ok(await s.invoke('profiles.activate', { id: second.id }));
    ok(await s.invoke('local.setEnabled', { enabled: false }));
    ok(await s.invoke('profiles.activate', { id: s.profile.id }));
    await s.core.local.idle();
    const before = await forgetWhileSwitching(s, second.id);
    await expect.poll(() => s.engines.slice(before)).toEqual(['end 2']);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.engines.filter((e) => e.startsWith('start'))).toHaveLength(3);
    expect(ok<LocalStatus>(await s.invoke('local.status', {})).areas.every((a) => a.state === 'off')).toBe(true);
  }, 120_000);

  it('a switch, during the forget, to a profile whose copy is on: that copy stays open and fills; the kept thread ends', async () => {
    stack = await localStack();
    const s = stack;
    await s.core.local.idle();
    const second = await addSecond(s);
    const before = await forgetWhileSwitching(s, second.id);
    await s.core.local.idle();
    expect(s.engines.slice(before).sort()).toEqual(['end 0', 'start 1']);
    const status = ok<LocalStatus>(await s.invoke('local.status', {}));
    expect(status.areas.every((a) => a.ready)).toBe(true);
    expect(copyFileOf(s.localHost.dir, s.store, second.id)).toBeTruthy();
    await sameAsApi(s, 'tasks');
  }, 120_000);

  it('a file that cannot be deleted while the thread lives (Windows): the thread ends, the file goes, and the new copy fills in a new thread', async () => {
    stack = await localStack({ sandbox: { latencyMs: 10 } });
    const s = stack;
    await s.core.local.idle();
    const oldFile = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    // The first removal reports the file as still there, as Windows does for a file a handle keeps open.
    const real = CopyFiles.prototype.remove;
    vi.spyOn(CopyFiles.prototype, 'remove').mockImplementationOnce(function (this: CopyFiles, profileId: string) {
      real.call(this, profileId);
      return [oldFile];
    });
    ok(await s.invoke('local.forget', {}));
    await s.core.local.idle();
    expect(s.engines).toEqual(['start 0', 'end 0', 'start 1']);
    expect(existsSync(oldFile)).toBe(false);
    await sameAsApi(s, 'tasks');
  }, 120_000);
});
