import { describe, expect, it } from 'vitest';
import type { LocalAreaStatus, LocalStatus } from '../../shared';
import { syncLineOf } from '../../renderer/rules/syncLine';

const area = (a: string, over: Partial<LocalAreaStatus> = {}): LocalAreaStatus => ({
  area: a as LocalAreaStatus['area'], state: 'ready', records: 10, ready: true, last_sync: '2026-11-27T08:00:00.000Z',
  last_deletion_check: null, progress: null, message: null, held_aside: 0, held: [], ...over,
});
const status = (over: Partial<LocalStatus> = {}): LocalStatus => ({
  enabled: true, storage: 'file', encrypted: true, online: true, paused: null, notice: null,
  areas: [area('customers'), area('documents', { last_sync: '2026-11-27T09:30:00.000Z' }), area('tasks', { last_sync: null, ready: false, state: 'empty' })],
  ...over,
});

describe('the sync status line in the header', () => {
  it('says up to date when nothing runs and the last pass ended well', () => {
    expect(syncLineOf(status())).toEqual({ kind: 'upToDate' });
  });

  it('names the area a pass is on and how many records it has read', () => {
    const s = status({ areas: [area('customers'), area('documents', { state: 'filling', records: 40, progress: { records: 3_400, pages: 34 } })] });
    expect(syncLineOf(s)).toEqual({ kind: 'syncing', area: 'documents', records: 3_400 });
  });

  it('offline first, with the newest last sync (what the screens show was read then), even while a pass tries', () => {
    const s = status({ online: false, areas: [area('customers', { state: 'syncing' }), area('documents', { last_sync: '2026-11-27T09:30:00.000Z' })] });
    expect(syncLineOf(s)).toEqual({ kind: 'offline', since: '2026-11-27T09:30:00.000Z' });
  });

  it('a service that stopped the last pass is busy or refused the key, not offline', () => {
    expect(syncLineOf(status({ paused: 'busy' }))).toEqual({ kind: 'serviceBusy', since: '2026-11-27T09:30:00.000Z' });
    expect(syncLineOf(status({ paused: 'refused' }))).toEqual({ kind: 'keyRefused', since: '2026-11-27T09:30:00.000Z' });
    // A pass running again says so rather than the last one's end.
    expect(syncLineOf(status({ paused: 'busy', areas: [area('customers', { state: 'syncing', records: 7 })] }))).toEqual({ kind: 'syncing', area: 'customers', records: 7 });
  });

  it('no sync yet: no time to give', () => {
    expect(syncLineOf(status({ online: false, areas: [area('tasks', { last_sync: null })] }))).toEqual({ kind: 'offline', since: null });
  });
});
