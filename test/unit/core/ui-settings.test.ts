import { describe, expect, it } from 'vitest';
import { VIEW_LIMITS, type TableView, type TableViews } from '../../../shared';
import { MemoryStore } from '../../harness/memory-host';
import { makeCore, newProfile, TEST_KEY_2, type TestCore } from './fixtures';

const view = (over: Partial<TableView> = {}): TableView => ({
  columnVisibility: { email: false, tags: true },
  columnOrder: ['status', 'name'],
  columnSizing: { name: 240 },
  pageSize: 50,
  filters: { search: 'כהן', status: 'active', createdAfter: '2025-01-31', updatedAfter: null },
  sort: [{ column: 'name', direction: 'asc' }],
  columnFilters: [{ column: 'status', op: 'in', values: ['active'] }],
  ...over,
});
const views = (over: Partial<TableViews> = {}): TableViews => ({ current: view(), named: [{ name: 'Active, Hebrew', view: view() }], active: 'Active, Hebrew', ...over });

async function withProfile(t: TestCore, key?: string): Promise<string> {
  const r = await t.call('profiles.add', newProfile(key));
  if (!r.ok) throw new Error(r.error.message);
  return (r.data as { id: string }).id;
}

describe('theme and table views through the bridge (electron/core/ui-settings.ts)', () => {
  it('the theme follows the system until the user picks one, and the pick is kept in the settings store', async () => {
    const store = new MemoryStore();
    const t = makeCore({ store });
    expect(await t.call('ui.getTheme', {})).toEqual({ ok: true, data: { theme: 'system' } });
    expect(await t.call('ui.setTheme', { theme: 'dark' })).toEqual({ ok: true, data: { theme: 'dark' } });
    // A new core on the same store: a restart of the app.
    const again = makeCore({ store });
    expect(await again.call('ui.getTheme', {})).toEqual({ ok: true, data: { theme: 'dark' } });
    const bad = await t.call('ui.setTheme', { theme: 'sepia' });
    expect(bad.ok ? null : bad.error.kind).toBe('invalid_input');
  });

  it('keeps views per profile and per table, across a restart, and forgets them with the profile', async () => {
    const store = new MemoryStore();
    const t = makeCore({ store });
    const a = await withProfile(t);
    const b = await withProfile(t, TEST_KEY_2);
    expect(await t.call('views.get', { profile_id: a })).toEqual({ ok: true, data: { tables: {} } });
    expect((await t.call('views.save', { profile_id: a, area: 'customers', views: views() })).ok).toBe(true);
    expect((await t.call('views.save', { profile_id: a, area: 'documents', views: views({ named: [], active: null }) })).ok).toBe(true);
    expect((await t.call('views.save', { profile_id: b, area: 'customers', views: views({ current: view({ pageSize: 100 }), named: [], active: null }) })).ok).toBe(true);

    const again = makeCore({ store, vault: t.vault });
    const got = await again.call('views.get', { profile_id: a });
    expect(got.ok && (got.data as { tables: Record<string, TableViews> }).tables).toEqual({ customers: views(), documents: views({ named: [], active: null }) });
    const other = await again.call('views.get', { profile_id: b });
    expect(other.ok && (other.data as { tables: Record<string, TableViews> }).tables.customers?.current.pageSize).toBe(100);

    expect((await again.call('profiles.remove', { id: a })).ok).toBe(true);
    expect(JSON.stringify(store.data.get('table_views'))).not.toContain(a);
    expect(Object.keys(store.data.get('table_views') as object)).toEqual([b]);
  });

  it('refuses views of no profile, and views outside their bounds, with the field named', async () => {
    const t = makeCore();
    const a = await withProfile(t);
    const none = await t.call('views.save', { profile_id: 'missing', area: 'customers', views: views() });
    expect(none.ok ? null : none.error.kind).toBe('no_profile');
    const cases: [string, unknown][] = [
      ['area', '../customers'],
      ['views', views({ current: view({ pageSize: 30 as 25 }) })],
      ['views', views({ current: view({ columnSizing: { name: 5 } }) })],
      ['views', views({ current: view({ filters: { search: 'x'.repeat(101), status: null, createdAfter: null, updatedAfter: null } }) })],
      ['views', views({ current: view({ filters: { search: '', status: null, createdAfter: '31/01/2025', updatedAfter: null } }) })],
      ['views', views({ named: [{ name: 'A', view: view() }, { name: 'a', view: view() }] })],
      ['views', views({ named: Array.from({ length: VIEW_LIMITS.named + 1 }, (_, i) => ({ name: `v${i}`, view: view() })) })],
      ['views', views({ current: view({ columnOrder: Array.from({ length: VIEW_LIMITS.columns + 1 }, (_, i) => `c${i}`) }) })],
    ];
    for (const [field, value] of cases) {
      const input = { profile_id: a, area: 'customers', views: views(), [field]: value };
      const r = await t.call('views.save', input);
      expect(r.ok ? null : r.error.kind, JSON.stringify(value).slice(0, 80)).toBe('invalid_input');
      expect(r.ok ? [] : r.error.field_errors?.map((e) => e.path.split('.')[0])).toContain(field);
    }
    expect(await t.call('views.get', { profile_id: a })).toEqual({ ok: true, data: { tables: {} } });
  });

  it('a damaged table in the store costs that table only', async () => {
    const store = new MemoryStore();
    const t = makeCore({ store });
    const a = await withProfile(t);
    store.set('table_views', { [a]: { customers: views(), documents: { current: 'broken' }, '../x': views() } });
    const got = await t.call('views.get', { profile_id: a });
    expect(got.ok && Object.keys((got.data as { tables: object }).tables)).toEqual(['customers']);
  });
});
