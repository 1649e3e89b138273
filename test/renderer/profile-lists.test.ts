import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, ProfileListEntry, ProfileMeta } from '../../shared';
import { makeCore, newProfile, TEST_KEY_2, type TestCore } from '../unit/core/fixtures';

/**
 * The renderer's per-profile lists (recently deleted records, lead intakes) through window.bridge
 * into a real core: main keeps them, the window keeps a copy of the profile it shows, and what an
 * older build left in local storage moves to main once and leaves local storage.
 */

class MemoryStorage {
  readonly items = new Map<string, string>();
  get length() { return this.items.size; }
  key(i: number) { return [...this.items.keys()][i] ?? null; }
  getItem(k: string) { return this.items.get(k) ?? null; }
  setItem(k: string, v: string) { this.items.set(k, v); }
  removeItem(k: string) { this.items.delete(k); }
}

type DeletedEntry = ProfileListEntry<'deleted'>;
type LeadDraftEntry = ProfileListEntry<'leadDrafts'>;
const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let t: TestCore;
let storage: MemoryStorage;

async function profile(extra: Record<string, unknown> = {}): Promise<ProfileMeta> {
  const r = await t.call('profiles.add', newProfile(undefined, extra));
  if (!r.ok) throw new Error(r.error.message);
  return r.data as ProfileMeta;
}

interface DeletedModule {
  deletedList: { read(profileId: string): DeletedEntry[] };
  rememberDeleted(profileId: string, e: Omit<DeletedEntry, 'at'>): void;
  forgetDeleted(profileId: string, area: string, id: string): void;
}
interface DraftsModule {
  leadDrafts: { read(profileId: string): LeadDraftEntry[] };
  rememberLeadDraft(profileId: string, draft: { id: string; created_at: string }, body: Record<string, unknown>): LeadDraftEntry;
}
/** The renderer's modules (DOM code, outside the Node typecheck), typed here by what the test uses. */
const rendererData = <M>(file: 'recentlyDeleted' | 'leadDrafts') => import(`../../renderer/session/${file}.ts`) as Promise<M>;

/** The modules anew for each window: their copy of the shown profile starts empty. */
async function freshModules() {
  vi.resetModules();
  return { deleted: await rendererData<DeletedModule>('recentlyDeleted'), drafts: await rendererData<DraftsModule>('leadDrafts') };
}

/** Waits until the list's queued calls to main have run (each change emits when it lands). */
const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => {
  t = makeCore();
  storage = new MemoryStorage();
  const bridge: Pick<Bridge, 'invoke'> = { invoke: ((op: string, input: unknown) => t.call(op, structuredClone(input))) as Bridge['invoke'] };
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { bridge });
});
afterEach(() => { vi.unstubAllGlobals(); });

describe('per-profile lists in main', () => {
  it('a deleted record is kept by main, not in local storage, and read back by a new window', async () => {
    const p = await profile();
    const first = await freshModules();
    expect(first.deleted.deletedList.read(p.id)).toEqual([]);
    await settle();
    first.deleted.rememberDeleted(p.id, { area: 'customers', id: UUID(1), name: 'Café Noga' });
    expect(first.deleted.deletedList.read(p.id).map((e) => e.name)).toEqual(['Café Noga']);
    await settle();
    expect(storage.items.size).toBe(0);
    expect(t.store.dump()).toContain('Café Noga');
    const next = await freshModules();
    next.deleted.deletedList.read(p.id);
    await settle();
    expect(next.deleted.deletedList.read(p.id).map((e) => e.id)).toEqual([UUID(1)]);
    next.deleted.forgetDeleted(p.id, 'customers', UUID(1));
    await settle();
    expect(t.store.dump()).not.toContain('Café Noga');
  });

  it('a change made before the list has loaded keeps what main had', async () => {
    const p = await profile();
    const first = await freshModules();
    first.drafts.rememberLeadDraft(p.id, { id: UUID(1), created_at: '2026-11-25T10:00:00.000Z' }, { name: 'דנה לוי' });
    await settle();
    const next = await freshModules();
    next.drafts.rememberLeadDraft(p.id, { id: UUID(2), created_at: '2026-11-25T11:00:00.000Z' }, { contact_name: 'Sarah Cohen' });
    await settle();
    next.drafts.leadDrafts.read(p.id);
    await settle();
    expect(next.drafts.leadDrafts.read(p.id).map((e) => e.name)).toEqual(['Sarah Cohen', 'דנה לוי']);
  });

  it('moves an older build\'s lists out of local storage: into main for a profile it knows, deleted for one it does not', async () => {
    const p = await profile();
    const gone = 'removed-or-session-profile';
    storage.setItem(`deleted.${p.id}`, JSON.stringify([{ area: 'customers', id: UUID(1), name: 'Café Noga', at: '2026-11-20T10:00:00.000Z' }]));
    storage.setItem(`deleted.${gone}`, JSON.stringify([{ area: 'customers', id: UUID(2), name: 'Sarah Cohen', at: '2026-11-20T10:00:00.000Z' }]));
    storage.setItem(`leadDrafts.${gone}`, JSON.stringify([{ id: UUID(3), name: 'דנה לוי', submitted_at: '2026-11-20T10:00:00.000Z' }]));
    storage.setItem('ui.language', 'he');
    const { deleted, drafts } = await freshModules();
    deleted.deletedList.read(p.id);
    drafts.leadDrafts.read(p.id);
    await settle();
    expect(deleted.deletedList.read(p.id).map((e) => e.name)).toEqual(['Café Noga']);
    expect([...storage.items.keys()]).toEqual(['ui.language']);
    expect(t.store.dump()).toContain('Café Noga');
    expect(t.store.dump()).not.toContain('Sarah Cohen');
  });

  it('a session-only profile\'s list stays in main\'s memory', async () => {
    const p = await profile({ session_only: true, key: { source: 'typed', key: TEST_KEY_2 } });
    const { deleted } = await freshModules();
    deleted.deletedList.read(p.id);
    await settle();
    deleted.rememberDeleted(p.id, { area: 'tags', id: UUID(4), name: 'VIP customers of Sarah' });
    await settle();
    expect(storage.items.size).toBe(0);
    expect(t.store.dump()).not.toContain('Sarah');
    const again = await freshModules();
    again.deleted.deletedList.read(p.id);
    await settle();
    expect(again.deleted.deletedList.read(p.id).map((e) => e.name)).toEqual(['VIP customers of Sarah']);
  });
});
