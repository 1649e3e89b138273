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
    expect(syncLineOf(status())).toEqual({ kind: 'upToDate', busy: false });
  });

  it('a routine pass over filled copies does not change what it says', () => {
    expect(syncLineOf(status({ areas: [area('customers', { state: 'syncing', records: 3 }), area('documents')] }))).toEqual({ kind: 'upToDate', busy: true });
  });

  it('names the area a first fill is on and how many of its records it has read', () => {
    const s = status({ areas: [area('customers'), area('documents', { state: 'filling', records: 40, progress: { records: 3_400, pages: 34 } })] });
    expect(syncLineOf(s)).toEqual({ kind: 'filling', area: 'documents', records: 3_400 });
  });

  it('never up to date while an area failed or is closed to the key: says which, and why', () => {
    const failed = status({ areas: [area('customers'), area('documents', { state: 'error', message: 'The service answered 500' }), area('tasks', { state: 'denied', message: 'no tasks:read' })] });
    expect(syncLineOf(failed)).toEqual({ kind: 'failed', areas: ['documents'], messages: ['The service answered 500'] });
    const denied = status({ areas: [area('customers'), area('tasks', { state: 'denied', message: null }), area('leads', { state: 'denied', message: null })] });
    expect(syncLineOf(denied)).toEqual({ kind: 'denied', areas: ['tasks', 'leads'], messages: [] });
  });

  it('offline first, with the newest last sync (what the screens show was read then), even while a pass tries', () => {
    const s = status({ online: false, areas: [area('customers', { state: 'syncing' }), area('documents', { last_sync: '2026-11-27T09:30:00.000Z' })] });
    expect(syncLineOf(s)).toEqual({ kind: 'offline', since: '2026-11-27T09:30:00.000Z' });
  });

  it('a service that stopped the last pass is busy or refused the key, not offline', () => {
    expect(syncLineOf(status({ paused: 'busy' }))).toEqual({ kind: 'serviceBusy', since: '2026-11-27T09:30:00.000Z' });
    expect(syncLineOf(status({ paused: 'refused' }))).toEqual({ kind: 'keyRefused', since: '2026-11-27T09:30:00.000Z' });
    // A routine pass running again keeps saying how the last one ended; a first fill says how far it is.
    expect(syncLineOf(status({ paused: 'busy', areas: [area('customers', { state: 'syncing', records: 7 })] }))).toEqual({ kind: 'serviceBusy', since: '2026-11-27T08:00:00.000Z' });
    expect(syncLineOf(status({ paused: 'busy', areas: [area('customers', { state: 'filling', records: 7 })] }))).toEqual({ kind: 'filling', area: 'customers', records: 7 });
  });

  it('no sync yet: no time to give', () => {
    expect(syncLineOf(status({ online: false, areas: [area('tasks', { last_sync: null })] }))).toEqual({ kind: 'offline', since: null });
  });
});
