import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { UtilityDemoHost } from '../../../electron/main/demo-host';
import { inProcessFork } from './fake-utility';
import type { ProfileMeta } from '../../../shared';
import { MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../../harness/memory-host';

// The utility-process demo host with the real child code run in this process (no `electron`): the real sandbox on loopback.
const tmp = mkdtempSync(join(tmpdir(), 'bizops-demo-restart-'));
const host = new MemoryHost();
afterAll(() => {
  host.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

const PAGE = 'app://bizops/index.html';
type Reply = Awaited<ReturnType<Core['router']['handle']>>;
const ok = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.data as T;
};

describe('demo profile survives a restart (real sandbox behind the utility-process host)', () => {
  it('a new core over the same store, vault and demo host reads the demo data without demo.start', async () => {
    const store = new MemoryStore();
    const vault = new MemoryVault('os');
    const demo = new UtilityDemoHost('/app/out/main/demo-sandbox.js', join(tmp, 'demo-data.json'), inProcessFork().fork);
    const launch = () => {
      const core = createCore({ vault, store, host, demo, log: new MemoryLogger() });
      return (op: string, input: unknown) => core.router.handle(PAGE, `c-${Math.random()}`, op, input).then((r) => ({ r, core }));
    };

    const first = launch();
    const { r: started, core: core1 } = await first('demo.start', {});
    const meta = ok<ProfileMeta>(started);
    const firstKey = (await demo.start()).ownerKey;
    const tag = ok<{ data: { id: string } }>((await first('api.call', { route: 'tags.create', body: { name: 'Kept across restarts', color_hex: '#336699' } })).r);
    await core1.shutdown();
    expect(demo.origin()).toBeNull();

    const second = launch();
    const { r: listed } = await second('profiles.list', {});
    expect(ok<{ active_id: string | null }>(listed).active_id).toBe(meta.id);
    const { r: read, core: core2 } = await second('api.call', { route: 'tags.get', params: { id: tag.data.id } });
    expect(ok<{ data: { name: string } }>(read).data.name).toBe('Kept across restarts');
    const now = core2.profiles.get(meta.id);
    expect(now.base_url).toBe(`${demo.origin()}/v1`);
    expect(now).toMatchObject({ is_demo: true, session_only: false });
    expect(vault.stored.size).toBe(0);
    // A new launch made a new key; main learnt it from the child and stored neither.
    const ownerKey = (await demo.start()).ownerKey;
    expect(now.key_last4).toBe(ownerKey.slice(-4));
    expect(store.dump()).not.toContain(ownerKey);
    expect(store.dump()).not.toContain(firstKey);
    expect(ownerKey).not.toBe(firstKey);

    ok(await core2.router.handle(PAGE, 'rm', 'profiles.remove', { id: meta.id }));
    expect(demo.origin()).toBeNull();
  });
});
