import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewsFor } from '../../../renderer/data/savedViews';
import { loadTableState, saveTableState } from '../../../renderer/rules/tableStore';

/** A bridge whose views.get answers this profile's kept tables. */
function stubViews(tables: Record<string, unknown>) {
  const invoke = vi.fn(async (op: string, input: { profile_id?: string }) => (
    op === 'views.get' ? { ok: true, data: { tables: tables[input.profile_id ?? ''] ?? {} } } : { ok: false, error: { kind: 'internal', message: op } }
  ));
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('table states when the active profile changes', () => {
  it("another profile's tables start from their own kept views, not from this visit's state of the last profile", async () => {
    stubViews({});
    await viewsFor('profile-a');
    const a = loadTableState('customers');
    const wide = { ...a, filters: { ...a.filters, search: 'only in profile a' } };
    saveTableState('customers', wide);
    expect(loadTableState('customers').filters.search).toBe('only in profile a');
    // Asking the same profile's views again keeps the visit's state.
    await viewsFor('profile-a');
    expect(loadTableState('customers').filters.search).toBe('only in profile a');
    await viewsFor('profile-b');
    expect(loadTableState('customers').filters.search).toBe('');
  });
});
