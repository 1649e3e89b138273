import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import type { LocalAreaStatus, LocalStatus } from '../../shared';

/**
 * The parts of the copy's state a screen reads: a pass that finds no service reports one area's
 * progress twice a cycle, and a record screen that reads only where the copy is kept must not be
 * told of it (each telling renders the screen again); a change of what it reads is told at once.
 */
interface Mod {
  localStatusPart<T>(pick: (s: LocalStatus) => T): QueryObserverOptions<LocalStatus, Error, T>;
  whereKept(s: LocalStatus): unknown;
  localProgress(qc: QueryClient, a: LocalAreaStatus): void;
}

const area = (name: string, over: Partial<LocalAreaStatus> = {}): LocalAreaStatus => ({
  area: name as LocalAreaStatus['area'], state: 'ready', records: 3, ready: true, last_sync: '2026-11-28T10:00:00.000Z', last_deletion_check: null,
  progress: null, message: null, held_aside: 0, held: [], ...over,
});
const status = (areas: LocalAreaStatus[]): LocalStatus => ({ enabled: true, storage: 'file', encrypted: true, online: false, paused: null, areas, notice: null });

/** The renderer's module (DOM code, outside the Node typecheck), typed here by what the test uses. */
const rendererData = (file: 'localCopy') => import(`../../renderer/data/${file}.ts`) as Promise<Mod>;
let m: Mod;
let qc: QueryClient;

beforeEach(async () => {
  vi.resetModules();
  vi.stubGlobal('window', { bridge: { invoke: async () => ({ ok: true, data: status([area('customers'), area('bank-accounts')]) }) } });
  m = await rendererData('localCopy');
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(['local', 'status'], status([area('customers'), area('bank-accounts')]));
});

/** How often an observer of this part is told of a change while `act` runs. */
async function told<T>(pick: (s: LocalStatus) => T, act: () => void): Promise<{ times: number; last: T | undefined }> {
  // The hooks read only `data`: React renders them again only when it changes (tracked properties).
  const o = new QueryObserver(qc, { ...m.localStatusPart(pick), notifyOnChangeProps: ['data'] });
  let times = 0;
  let last: T | undefined;
  const off = o.subscribe((r) => { times += 1; last = r.data; });
  times = 0;
  act();
  await new Promise((r) => setTimeout(r, 10));
  off();
  return { times, last };
}

describe('the parts of the copy\'s state', () => {
  it('an area\'s progress is not told to a reader of where the copy is kept; going online is', async () => {
    const key = m.localStatusPart(m.whereKept).queryKey;
    expect(qc.getQueryData(key)).toBeDefined();
    const progress = await told(m.whereKept, () => {
      m.localProgress(qc, area('bank-accounts', { state: 'syncing' }));
      m.localProgress(qc, area('bank-accounts', { state: 'ready' }));
    });
    expect(progress.times).toBe(0);
    const online = await told(m.whereKept, () => qc.setQueryData<LocalStatus>(key, (s) => ({ ...s!, online: true })));
    expect(online).toEqual({ times: 1, last: { enabled: true, storage: 'file', online: true } });
  });

  it('a reader of one area is told of that area only', async () => {
    const customers = (s: LocalStatus) => s.areas.find((a) => a.area === 'customers');
    expect((await told(customers, () => m.localProgress(qc, area('bank-accounts', { state: 'syncing' })))).times).toBe(0);
    const own = await told(customers, () => m.localProgress(qc, area('customers', { state: 'syncing' })));
    expect(own.times).toBe(1);
    expect(own.last?.state).toBe('syncing');
  });
});
