import { describe, expect, it } from 'vitest';
import type { ProfileMeta } from '../../../shared';
import { FixedDemoHost, MemoryStore, MemoryVault } from '../../harness/memory-host';
import { makeCore, newProfile, TEST_KEY_2, type TestCore } from './fixtures';

/** A demo host whose sandbox gets a new random port each time it starts after a stop, as the real one does. */
class RestartingDemoHost extends FixedDemoHost {
  private port = 40_000;
  private running = false;
  constructor() {
    super('http://127.0.0.1:1/v1', TEST_KEY_2);
  }
  url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }
  override async start(): Promise<{ baseUrl: string; ownerKey: string }> {
    await super.start();
    if (!this.running) { this.port += 1; this.running = true; }
    return { baseUrl: this.url(), ownerKey: TEST_KEY_2 };
  }
  override async stop(): Promise<void> {
    await super.stop();
    this.running = false;
  }
  override origin(): string | null {
    return this.running ? new URL(this.url()).origin : null;
  }
}

const ok = <T>(r: { ok: true; data: unknown } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.data as T;
};

/** First launch: demo started, then the app quits (core shut down, sandbox stopped). */
async function firstLaunch(backend: 'os' | 'basic_text' = 'os') {
  const store = new MemoryStore();
  const vault = new MemoryVault(backend);
  const demo = new RestartingDemoHost();
  const first = makeCore({ store, vault, demo });
  const meta = ok<ProfileMeta>(await first.call('demo.start', {}));
  await first.core.shutdown();
  return { store, vault, demo, meta, relaunch: (): TestCore => makeCore({ store, vault, demo }) };
}

describe('demo profile across a restart', () => {
  it('is still the active profile, and the first api.call starts the sandbox and uses its key and new port', async () => {
    const { store, vault, demo, meta, relaunch } = await firstLaunch();
    expect(demo.started).toBe(1);
    expect(demo.stops).toBe(1);
    const firstUrl = meta.base_url;

    const t = relaunch();
    const list = ok<{ profiles: ProfileMeta[]; active_id: string | null }>(await t.call('profiles.list', {}));
    expect(list.active_id).toBe(meta.id);
    expect(list.profiles.map((p) => [p.id, p.is_demo, p.session_only])).toEqual([[meta.id, true, false]]);
    expect(demo.started).toBe(1); // nothing starts until the profile is used

    t.api.routes['customers.list'] = () => ({ data: [], page: { has_more: false, next_cursor: null }, request_id: 'req_1' });
    const r = ok<{ request_id: string }>(await t.call('api.call', { route: 'customers.list', query: { limit: 5 } }));
    expect(r.request_id).toBe('req_1');
    expect(demo.started).toBe(2);
    expect(t.api.builtWith).toEqual([{ baseUrl: demo.url(), apiKey: TEST_KEY_2 }]);
    expect(demo.url()).not.toBe(firstUrl);
    expect(t.core.profiles.get(meta.id).base_url).toBe(demo.url());
    expect(store.get<ProfileMeta[]>('profiles')?.[0]?.base_url).toBe(demo.url());
    expect(vault.stored.size).toBe(0);
    expect(store.dump()).not.toContain(TEST_KEY_2);
  });

  it('starts the sandbox when the demo profile is activated after a restart', async () => {
    const { demo, meta, relaunch } = await firstLaunch();
    const t = relaunch();
    const other = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    ok(await t.call('profiles.activate', { id: other.id }));
    expect(demo.started).toBe(1);
    const active = ok<ProfileMeta>(await t.call('profiles.activate', { id: meta.id }));
    expect(demo.started).toBe(2);
    expect(active.base_url).toBe(demo.url());
    expect(t.core.profiles.keyOf(meta.id)).toBe(TEST_KEY_2);
  });

  it('concurrent first calls start the sandbox once', async () => {
    const { demo, relaunch } = await firstLaunch();
    const t = relaunch();
    t.api.routes['business.get'] = () => ({ data: { name: 'Demo Ltd' }, request_id: 'r' });
    const replies = await Promise.all([
      t.call('api.call', { route: 'business.get' }),
      t.call('api.call', { route: 'customers.list' }),
      t.call('profiles.test', { id: t.core.profiles.active()!.id }),
    ]);
    expect(replies.map((r) => r.ok)).toEqual([true, true, true]);
    expect(demo.started).toBe(2);
    expect(t.api.builtWith).toHaveLength(1);
  });

  it('works without a keyring: the demo profile never needs the vault', async () => {
    const { vault, relaunch } = await firstLaunch('basic_text');
    const t = relaunch();
    expect((await t.call('api.call', { route: 'business.get' })).ok).toBe(true);
    expect(t.api.calls.at(-1)?.apiKey).toBe(TEST_KEY_2);
    expect(vault.stored.size).toBe(0);
  });
});
