import { describe, expect, it } from 'vitest';
import { rowKeyMove, targetIndex } from '../../renderer/keys/rowKeys';
import { GLOBAL_KEYS, keyLabel } from '../../renderer/keys/bindings';
import { SHORTCUTS } from '../../renderer/keys/shortcuts';
import { defaultTableState, loadTableState, LOAD_ALL_MAX, saveTableState, viewOf, withView, DEFAULT_VIEW, clearTableStates } from '../../renderer/rules/tableStore';
import { nextPage } from '../../renderer/rules/pager';
import { tableViewSchema, tableViewsSchema } from '../../shared';

describe('keys on table rows (rowKeys.ts)', () => {
  it('arrows and j / k move, Home / End go to the ends, Enter opens', () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      expect(rowKeyMove({ key: 'ArrowDown' }, dir)).toBe('next');
      expect(rowKeyMove({ key: 'j', code: 'KeyJ' }, dir)).toBe('next');
      expect(rowKeyMove({ key: 'ArrowUp' }, dir)).toBe('previous');
      expect(rowKeyMove({ key: 'k', code: 'KeyK' }, dir)).toBe('previous');
      expect(rowKeyMove({ key: 'Home' }, dir)).toBe('first');
      expect(rowKeyMove({ key: 'End' }, dir)).toBe('last');
      expect(rowKeyMove({ key: 'Enter' }, dir)).toBe('open');
    }
  });

  it('left and right turn the page in the reading direction: mirrored in right-to-left', () => {
    expect(rowKeyMove({ key: 'ArrowRight' }, 'ltr')).toBe('nextPage');
    expect(rowKeyMove({ key: 'ArrowLeft' }, 'ltr')).toBe('previousPage');
    expect(rowKeyMove({ key: 'ArrowLeft' }, 'rtl')).toBe('nextPage');
    expect(rowKeyMove({ key: 'ArrowRight' }, 'rtl')).toBe('previousPage');
  });

  it('j and k by their place on the keyboard (a Hebrew layout sends ח and ל there)', () => {
    expect(rowKeyMove({ key: 'ח', code: 'KeyJ' }, 'rtl')).toBe('next');
    expect(rowKeyMove({ key: 'ל', code: 'KeyK' }, 'rtl')).toBe('previous');
    expect(rowKeyMove({ key: 'ח', code: 'KeyH' }, 'rtl')).toBeNull();
  });

  it('leaves chords and other keys alone (Ctrl+J, Alt+Down, Shift+J, letters, Tab)', () => {
    expect(rowKeyMove({ key: 'j', code: 'KeyJ', ctrlKey: true }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'ArrowDown', altKey: true }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'ArrowDown', metaKey: true }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'J', code: 'KeyJ', shiftKey: true }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'Enter', shiftKey: true }, 'ltr')).toBe('open');
    expect(rowKeyMove({ key: 'y', code: 'KeyY' }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'x', code: 'KeyX', ctrlKey: true }, 'ltr')).toBeNull();
    expect(rowKeyMove({ key: 'Tab' }, 'ltr')).toBeNull();
  });

  it('x picks the row for a bulk action, with Shift a range, also on a Hebrew layout (by its place)', () => {
    expect(rowKeyMove({ key: 'x', code: 'KeyX' }, 'ltr')).toBe('select');
    expect(rowKeyMove({ key: 'X', code: 'KeyX', shiftKey: true }, 'rtl')).toBe('select');
    expect(rowKeyMove({ key: 'ס', code: 'KeyX' }, 'rtl')).toBe('select');
  });

  it('lands within the rows', () => {
    expect(targetIndex('next', 3, 10)).toBe(4);
    expect(targetIndex('next', 9, 10)).toBe(9);
    expect(targetIndex('previous', 0, 10)).toBe(0);
    expect(targetIndex('first', 7, 10)).toBe(0);
    expect(targetIndex('last', 0, 10_000)).toBe(9_999);
    expect(targetIndex('open', 1, 10)).toBeNull();
    expect(targetIndex('next', 0, 0)).toBeNull();
  });
});

describe('the shortcut list (shortcuts.ts) and the shell\'s bindings', () => {
  it('names every global binding once, each with its text', () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bound = SHORTCUTS.flatMap((s) => s.hotkeys ?? []);
    expect(bound.sort()).toEqual(Object.values(GLOBAL_KEYS).flat().sort());
    for (const s of SHORTCUTS) expect(s.text.startsWith('shortcuts.'), s.id).toBe(true);
  });

  it('gives left and right their right-to-left keys, and writes keys as the keyboard shows them', () => {
    for (const s of SHORTCUTS) {
      const sideways = s.keys.flat().some((k) => k === 'ArrowLeft' || k === 'ArrowRight');
      expect(Boolean(s.rtl), `${s.id} says what it is in right-to-left`).toBe(sideways);
    }
    expect(keyLabel('Mod', false)).toBe('Ctrl');
    expect(keyLabel('Mod', true)).toBe('⌘');
    expect(keyLabel('ArrowLeft', false)).toBe('←');
    expect(keyLabel('Escape', false)).toBe('Esc');
    expect(keyLabel('K', false)).toBe('K');
  });
});

describe('table state and the view main keeps of it (tableStore.ts)', () => {
  it('the view is what the bridge accepts, defaults included', () => {
    expect(tableViewSchema.safeParse(DEFAULT_VIEW).success).toBe(true);
    const s = { ...defaultTableState(), columnVisibility: { email: false }, columnOrder: ['phone', 'name'], columnSizing: { name: 300 }, pageSize: 100 as const, filters: { search: 'כהן', status: 'active', createdAfter: '2025-01-01', updatedAfter: null }, loadAll: true };
    const v = viewOf(s);
    expect(tableViewsSchema.safeParse({ current: v, named: [{ name: 'Mine', view: v }], active: 'Mine' }).success).toBe(true);
    // Neither the page the table is on nor "load all" belongs to a view.
    expect(Object.keys(v).sort()).toEqual(['columnFilters', 'columnOrder', 'columnSizing', 'columnVisibility', 'filters', 'pageSize', 'sort']);
  });

  it('a view applies from the first page and keeps "load all" as it was', () => {
    const s = { ...defaultTableState(), pager: nextPage(defaultTableState().pager, 'c2'), loadAll: true };
    const applied = withView(s, { ...DEFAULT_VIEW, pageSize: 50, filters: { ...DEFAULT_VIEW.filters, status: 'inactive' } });
    expect(applied.pager.index).toBe(0);
    expect(applied.pageSize).toBe(50);
    expect(applied.filters.status).toBe('inactive');
    expect(applied.loadAll).toBe(true);
  });

  it('a table starts from this visit\'s state, else the kept view, else the defaults', () => {
    clearTableStates();
    expect(loadTableState('tags')).toEqual(defaultTableState());
    const kept = { ...DEFAULT_VIEW, pageSize: 100 as const };
    expect(loadTableState('tags', kept).pageSize).toBe(100);
    saveTableState('tags', { ...defaultTableState(), pageSize: 50 });
    expect(loadTableState('tags', kept).pageSize).toBe(50);
    clearTableStates();
    expect(LOAD_ALL_MAX).toBe(10_000);
  });
});
