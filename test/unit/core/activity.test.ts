import { describe, expect, it } from 'vitest';
import { ACTIVITY_LIMIT, type ActivityRecord } from '../../../shared';
import { MemoryStore, MemoryVault } from '../../harness/memory-host';
import { makeCore, newProfile, TEST_KEY, TEST_KEY_2, type TestCore } from './fixtures';

const entry = (n: number, extra: Partial<ActivityRecord> = {}): ActivityRecord => ({
  route: 'customers.create', area: 'customers', record_id: `id-${n}`, name: `Customer ${n}`, outcome: 'ok', request_id: `req_${n}`, ...extra,
});

async function profile(t: TestCore, key = TEST_KEY, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await t.call('profiles.add', newProfile(key, extra));
  if (!r.ok) throw new Error(r.error.message);
  const id = (r.data as { id: string }).id;
  await t.call('profiles.activate', { id });
  return id;
}

describe('activity log (activity.record / activity.list)', () => {
  it('keeps the active profile\'s writes, newest first, with time and id from main', async () => {
    const t = makeCore();
    await profile(t);
    // The request ids main showed the page (only those are kept: CopyableTexts).
    let n = 0;
    t.api.routes['customers.create'] = () => ({ data: {}, request_id: `req_${++n}` });
    for (let i = 0; i < 2; i++) await t.call('api.call', { route: 'customers.create', body: { name: 'A' } });
    expect(await t.call('activity.record', entry(1))).toEqual({ ok: true, data: { recorded: true } });
    await t.call('activity.record', entry(2, { route: 'customers.delete', outcome: 'failed', status: 409, code: 'invalid_state', error_kind: 'api' }));
    const r = await t.call('activity.list', {});
    if (!r.ok) throw new Error(r.error.message);
    const { entries } = r.data as { entries: (ActivityRecord & { at: string; id: string })[] };
    expect(entries.map((e) => [e.record_id, e.outcome, e.request_id])).toEqual([['id-2', 'failed', 'req_2'], ['id-1', 'ok', 'req_1']]);
    expect(entries[0]).toMatchObject({ status: 409, code: 'invalid_state', error_kind: 'api' });
    expect(Date.parse(entries[0]!.at)).not.toBeNaN();
    expect(entries[0]!.id).not.toBe(entries[1]!.id);
  });

  it('survives a restart on the same store; each profile has its own; a removed profile\'s goes with it', async () => {
    const store = new MemoryStore();
    const vault = new MemoryVault();
    const t = makeCore({ store, vault });
    const a = await profile(t);
    await t.call('activity.record', entry(1));
    const b = await profile(t, TEST_KEY_2);
    await t.call('activity.record', entry(2));
    const again = makeCore({ store, vault });
    const listB = await again.call('activity.list', {});
    expect((listB as { data: { entries: ActivityRecord[] } }).data.entries.map((e) => e.record_id)).toEqual(['id-2']);
    await again.call('profiles.activate', { id: a });
    const listA = await again.call('activity.list', {});
    expect((listA as { data: { entries: ActivityRecord[] } }).data.entries.map((e) => e.record_id)).toEqual(['id-1']);
    await again.call('profiles.remove', { id: b });
    expect(Object.keys(store.get<Record<string, unknown>>('activity') ?? {})).toEqual([a]);
  });

  it('is bounded, keeps a session-only profile\'s log in memory only, and scrubs keys from names', async () => {
    const store = new MemoryStore();
    const t = makeCore({ store });
    await profile(t);
    for (let i = 0; i < ACTIVITY_LIMIT + 5; i++) await t.call('activity.record', entry(i));
    const r = await t.call('activity.list', {});
    const entries = (r as { data: { entries: ActivityRecord[] } }).data.entries;
    expect(entries.length).toBe(ACTIVITY_LIMIT);
    expect(entries[0]!.record_id).toBe(`id-${ACTIVITY_LIMIT + 4}`);
    await t.call('activity.record', entry(9999, { name: `note ${TEST_KEY}` }));
    expect(store.dump()).not.toContain(TEST_KEY);
    const s = makeCore({ store: new MemoryStore() });
    await profile(s, TEST_KEY_2, { session_only: true });
    await s.call('activity.record', entry(1));
    expect(((await s.call('activity.list', {})) as { data: { entries: unknown[] } }).data.entries.length).toBe(1);
    expect(s.store.get('activity')).toBeUndefined();
  });

  it('refuses what is not a write or not shaped like one', async () => {
    const t = makeCore();
    await profile(t);
    for (const bad of [entry(1, { route: 'customers.list' as never }), entry(1, { outcome: 'great' as never }), entry(1, { request_id: 'has spaces' }), { ...entry(1), extra: 1, name: 'x'.repeat(201) }]) {
      expect(await t.call('activity.record', bad), JSON.stringify(bad).slice(0, 80)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
  });
});

describe('core events', () => {
  it('drops a payload that does not match its contract, and logs it', () => {
    const t = makeCore();
    const seen: string[] = [];
    t.core.events.on((e) => seen.push(e));
    t.core.events.emit('api.retrying', { reason: 'rate_limited', delay_ms: 1000, attempt: 1 });
    t.core.events.emit('api.retrying', { reason: 'bored', delay_ms: -1, attempt: 0 } as never);
    expect(seen).toEqual(['api.retrying']);
    expect(t.log.text()).toContain('event payload did not match the contract');
  });
});
