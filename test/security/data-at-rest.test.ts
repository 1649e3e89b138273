import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalQueryOutput, ProfileMeta, TableViews } from '../../shared';
import { MemoryStore } from '../harness/memory-host';
import { SETTINGS_KEYS } from '../../electron/core/settings-schema';
import { MemoryLocalHost } from '../harness/local-host';
import { TEST_KEY, TEST_KEY_2, newProfile } from '../unit/core/fixtures';
import { bridgeStack, okData, type BridgeStack } from './bridge-stack';

/**
 * Issue 20, finding 7: customer data at rest after the user has gone. Lead intake names, recently
 * deleted record names and table views (whose search texts may be names) are kept by main per
 * profile: in the settings store for a saved profile, in memory only for a session-only one, and
 * all of it goes with the profile. So does its local copy (a file and its key, or memory) and the
 * choice to keep it off. Every store is listed and searched.
 */

const DOC_ID = '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b';
const hosts: MemoryLocalHost[] = [];
afterEach(async () => { for (const h of hosts.splice(0)) h.dispose(); });
/** The settings store's app-wide keys; any other key must be a registered kind of per-profile data. */
const APP_WIDE_KEYS = ['profiles', 'active_profile_id', 'ui_theme'];
/** The local copy's settings (copy-settings.ts, files.ts): lists and maps by profile id, emptied of a profile when it goes. */
const COPY_KEYS = Object.values(SETTINGS_KEYS).filter((k) => k.startsWith('local_copy_'));

const views = (search: string): TableViews => ({
  current: { columnVisibility: {}, columnOrder: [], columnSizing: {}, pageSize: 25, filters: { search, status: null, createdAfter: null, updatedAfter: null }, sort: [], columnFilters: [] },
  named: [{ name: 'Mine', view: { columnVisibility: {}, columnOrder: [], columnSizing: {}, pageSize: 50, filters: { search, status: null, createdAfter: null, updatedAfter: null }, sort: [], columnFilters: [{ column: 'name', op: 'contains', text: search }] } }],
  active: null,
});

/** A customer as the API lists it (what the profile's local copy fills from). */
const customer = (name: string) => ({
  id: randomUUID(), object: 'customer', type: 'customer', name, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
});

/** Uses a profile the way the app does, leaving every kind of per-profile data behind; returns the customer texts it left. */
async function useProfile(s: BridgeStack, p: ProfileMeta, tag: string): Promise<string[]> {
  const texts = { draft: `דנה לוי ${tag}`, deleted: `Café Noga ${tag}`, search: `Sarah Cohen ${tag}`, activity: `Acme Ltd ${tag}`, viewed: `מאפיית הרימון ${tag}`, copied: `Copied Customer ${tag}` };
  // The API this profile reads: its local copy fills with this customer on activation.
  s.api.routes['customers.list'] = () => ({ data: [customer(texts.copied)], page: { has_more: false, next_cursor: null }, request_id: 'r-list' });
  okData(await s.invoke('profiles.activate', { id: p.id }));
  await s.core.local.idle();
  okData(await s.invoke('lists.save', { profile_id: p.id, list: 'leadDrafts', entries: [{ id: DOC_ID, name: texts.draft, submitted_at: '2026-11-25T10:00:00.000Z' }] }));
  okData(await s.invoke('lists.save', { profile_id: p.id, list: 'deleted', entries: [{ area: 'customers', id: DOC_ID, name: texts.deleted, at: '2026-11-25T10:01:00.000Z' }] }));
  okData(await s.invoke('lists.save', { profile_id: p.id, list: 'recentlyViewed', entries: [{ area: 'customers', id: DOC_ID, name: texts.viewed, at: '2026-11-25T10:02:00.000Z' }] }));
  okData(await s.invoke('views.save', { profile_id: p.id, area: 'customers', views: views(texts.search) }));
  okData(await s.invoke('activity.record', { route: 'customers.delete', area: 'customers', record_id: DOC_ID, name: texts.activity, outcome: 'ok' }));
  // A cached client, and a document opened in the system viewer (a temporary file).
  okData(await s.invoke('pdf.open', { document_id: DOC_ID, target: 'system' }));
  return Object.values(texts);
}

function stackWithPdfs(store = new MemoryStore(), localHost = new MemoryLocalHost()): BridgeStack & { localHost: MemoryLocalHost } {
  hosts.push(localHost);
  const s = bridgeStack({ store, localHost, fetch: async () => new Response(Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1')) });
  s.api.routes['documents.get'] = () => ({ data: { pdf_available: true, document_type: 'TAX_INVOICE', document_number: 7 }, request_id: 'r1' });
  s.api.routes['documents.pdf'] = () => ({ data: { url: 'https://files.example.com/doc.pdf?sig=1', expires_at: '2026-11-25T12:00:00.000Z' }, request_id: 'r2' });
  return { ...s, localHost };
}

/** Every file under a folder (a copy's file is named by its profile's id; what it holds is encrypted, see test/integration/local/writes.test.ts). */
const filesUnder = (dir: string): string[] => (existsSync(dir)
  ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
  : []);

/** The open local copy's records, as the screens read them (none when no copy is open). */
async function openCopyRecords(s: BridgeStack): Promise<string> {
  const q = await s.invoke<LocalQueryOutput>('local.query', { area: 'customers', page: { offset: 0, limit: 500 } });
  return q.ok ? JSON.stringify(q.data.rows) : '';
}

/** Every place main keeps something, as text, with what each holds of which profile. */
async function everyStore(s: BridgeStack & { localHost: MemoryLocalHost }): Promise<Record<string, string>> {
  return {
    localCopyFiles: JSON.stringify(filesUnder(s.localHost.dir)),
    localCopyKeys: JSON.stringify(s.localHost.keyHolders()),
    localCopyOpen: await openCopyRecords(s),
    settings: s.store.dump(),
    vault: JSON.stringify([...s.vault.stored]),
    perProfileData: JSON.stringify(s.core.data.holders()),
    cachedClients: JSON.stringify(s.core.api.cachedProfiles()),
    keysInMemory: JSON.stringify([...s.core.profiles.knownSecrets()]),
    temporaryFiles: JSON.stringify(s.core.pdf.temp.list()),
    scrubberPattern: String(s.core.scrubber.holdsPattern()),
  };
}

describe('finding 7: customer data at rest', () => {
  it('a session-only profile\'s lists, views, activity and local copy stay in memory: nothing of them reaches the settings file or the disk', async () => {
    const s = stackWithPdfs();
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile(TEST_KEY, { session_only: true })));
    const texts = await useProfile(s, p, 'session');
    // Its local copy is in memory: it holds the customer, and nothing of it is on disk, no key for it either.
    expect(await openCopyRecords(s)).toContain('Copied Customer session');
    expect(filesUnder(s.localHost.dir)).toEqual([]);
    expect(s.localHost.keyHolders()).toEqual([]);
    // The choice to keep its copy off is the profile's too.
    okData(await s.invoke('local.setEnabled', { enabled: false }));
    const dump = s.store.dump();
    for (const text of [p.id, ...texts]) expect(dump, text).not.toContain(text);
    // Main still has them for this session.
    expect(okData<{ entries: { name: string }[] }>(await s.invoke('lists.get', { profile_id: p.id, list: 'leadDrafts' })).entries[0]?.name).toBe(texts[0]);
    expect(okData<{ tables: Record<string, TableViews> }>(await s.invoke('views.get', { profile_id: p.id })).tables.customers?.current.filters.search).toBe(texts[2]);
    expect(s.core.data.holders().every((k) => k.profileIds.includes(p.id))).toBe(true);
  });

  it('removing a profile removes everything of it: every store is listed and holds nothing of it', async () => {
    const s = stackWithPdfs();
    const saved = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile(TEST_KEY, { name: 'Saved' })));
    const session = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile(TEST_KEY_2, { name: 'Session', session_only: true })));
    const left = [...await useProfile(s, saved, 'saved'), ...await useProfile(s, session, 'session')];
    // The session profile (active now) keeps its copy off from here on: a choice kept per profile.
    okData(await s.invoke('local.setEnabled', { enabled: false }));
    expect(s.store.dump()).toContain('Café Noga saved');
    // The scan sees what it looks for: the saved profile's copy file and key, named by its id.
    const held = await everyStore(s);
    expect(held.localCopyFiles).toContain(saved.id);
    expect(held.localCopyKeys).toContain(saved.id);
    // Every key of the settings file is app-wide or a registered kind of per-profile data.
    const kinds = s.core.data.holders().map((k) => k.storeKey);
    expect(kinds.sort()).toEqual(['activity', 'profile_lists', 'table_views']);
    for (const key of s.store.data.keys()) expect([...APP_WIDE_KEYS, ...COPY_KEYS, ...kinds], key).toContain(key);

    okData(await s.invoke('profiles.remove', { id: saved.id }));
    okData(await s.invoke('profiles.remove', { id: session.id }));

    const stores = await everyStore(s);
    for (const [name, text] of Object.entries(stores)) {
      for (const gone of [saved.id, session.id, TEST_KEY, TEST_KEY_2, ...left]) expect(text, `${name} still holds ${gone}`).not.toContain(gone);
    }
    expect(s.core.data.holders().every((k) => k.profileIds.length === 0)).toBe(true);
    expect(stores.temporaryFiles).toBe('[]');
    expect(stores.scrubberPattern).toBe('false');
    // A removed profile's id names nothing any more.
    expect(await s.invoke('lists.get', { profile_id: saved.id, list: 'deleted' })).toMatchObject({ ok: false, error: { kind: 'no_profile' } });
  });

  it('what an older build left on disk for profiles that are gone is dropped at start', async () => {
    const store = new MemoryStore();
    const first = stackWithPdfs(store);
    const kept = okData<ProfileMeta>(await first.invoke('profiles.add', newProfile(TEST_KEY, { name: 'Kept' })));
    await useProfile(first, kept, 'kept');
    // An older build wrote a session-only profile's views and left a removed profile's log behind.
    store.set('table_views', { ...store.get<Record<string, unknown>>('table_views'), 'old-session-profile': { customers: views('Sarah Cohen old') } });
    store.set('activity', { ...store.get<Record<string, unknown>>('activity'), 'removed-long-ago': [{ name: 'Acme old' }] });
    const next = bridgeStack({ store });
    const dump = next.store.dump();
    for (const gone of ['old-session-profile', 'Sarah Cohen old', 'removed-long-ago', 'Acme old']) expect(dump, gone).not.toContain(gone);
    expect(dump).toContain('Café Noga kept');
  });
});
