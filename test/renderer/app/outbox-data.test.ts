import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LocalQueryInput, LocalRead, OutboxEntry, OutboxSubmit } from '../../../shared';
import { keepForLater } from '../../../renderer/data/keep';
import { recordOptions } from '../../../renderer/data/recordRead';
import { outboxNow } from '../../../renderer/data/outbox';
import { qk } from '../../../renderer/data/queryKeys';
import { clearOffline } from '../../../renderer/bridge/network';

type Rec = Record<string, unknown>;
const TEMP = '11111111-1111-4111-8111-111111111111';
const REAL = '22222222-2222-4222-8222-222222222222';
const LEAD = '33333333-3333-4333-8333-333333333333';
const ENTRY = '44444444-4444-4444-8444-444444444444';
const mark = { entry: ENTRY, state: 'waiting', kind: 'update', area: 'leads' };

function entry(over: Partial<OutboxEntry> & Pick<OutboxEntry, 'route'>): OutboxEntry {
  return {
    id: ENTRY, seq: 1, params: null, body: {}, area: 'leads', record_id: null, temp_id: null, result_id: null, name: null, state: 'waiting', why: null, attempts: 0,
    created_at: '2026-11-28T10:00:00.000Z', sent_at: null, request_id: null, ...over,
  };
}

/** A bridge whose outbox holds `entries`, whose copy holds `rows` by id, and whose API answers `api` by id (or no connection). */
function stubBridge(o: { entries?: OutboxEntry[]; rows?: Rec[]; api?: Rec[] | 'offline' }) {
  let made = 0;
  const rowsOf = (q: LocalQueryInput) => {
    const id = (q.filters[0] as { value?: string } | undefined)?.value;
    return { rows: (o.rows ?? []).filter((r) => r.id === id), total: 1, next: null, ready: true, as_of: '2026-11-28T09:59:00.000Z' };
  };
  const invoke = vi.fn(async (op: string, input: unknown) => {
    if (op === 'outbox.list') return { ok: true, data: { entries: o.entries ?? [], counts: { waiting: 0, decisions: 0, failed: 0 } } };
    if (op === 'outbox.submit') return { ok: true, data: { entry: entry({ route: (input as OutboxSubmit).route, id: `55555555-5555-4555-8555-${String(++made).padStart(12, '0')}` }), shown: null } };
    if (op === 'local.query') return { ok: true, data: rowsOf(input as LocalQueryInput) };
    if (op === 'local.readMany') return { ok: true, data: { results: (input as { reads: LocalRead[] }).reads.map((r) => ({ query: rowsOf((r as { query: LocalQueryInput }).query) })) } };
    if (op === 'api.call') {
      if (o.api === 'offline') return { ok: false, error: { kind: 'network', message: 'Could not reach the API.' } };
      const id = (input as { params?: { id?: string } }).params?.id;
      const hit = (o.api ?? []).find((r) => r.id === id);
      return hit ? { ok: true, data: { data: hit, request_id: 'req_1' } } : { ok: false, error: { kind: 'api', status: 404, code: 'resource_not_found', message: 'not found' } };
    }
    return { ok: false, error: { kind: 'internal', message: op } };
  });
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
  return invoke;
}
const calls = (invoke: ReturnType<typeof stubBridge>, op: string) => invoke.mock.calls.filter((c) => c[0] === op).map((c) => c[1] as Rec);
const read = (qc: QueryClient, area: string, id: string, route: 'leads.details' | 'customers.details') => qc.fetchQuery(recordOptions(area, id, route));

// A call that found no service tells the window it is offline (bridge/network.ts): each test starts connected.
afterEach(() => { vi.unstubAllGlobals(); clearOffline(); });

describe('a write handed to the outbox', () => {
  it('carries the key of its first attempt where the route takes one, an edit\'s version seen, and the time of an attempt whose answer was lost', async () => {
    const invoke = stubBridge({});
    const qc = new QueryClient();
    await keepForLater(qc, { route: 'expenses.approve', area: 'expenses', id: REAL, params: { id: REAL }, name: 'Sharon Print' }, { expected_revision: 2, confirmed: true }, 'key-of-first-attempt');
    const opened = { id: LEAD, contact_name: 'Dana', email: null, updated_at: '2026-11-20T09:00:00.000Z' };
    await keepForLater(qc, { route: 'leads.update', area: 'leads', id: LEAD, params: { id: LEAD }, basis: (id) => (id === LEAD ? opened : undefined), nameOf: () => 'x' }, { contact_name: 'Noa' }, 'unused-key');
    const at = new Date('2026-11-28T10:00:05.000Z');
    await keepForLater(qc, { route: 'customers.create', area: 'customers', nameOf: (r) => String(r.name) }, { name: '  Offline Café  ' }, 'unused-key', at);
    expect(calls(invoke, 'outbox.submit')).toEqual([
      { route: 'expenses.approve', params: { id: REAL }, body: { expected_revision: 2, confirmed: true }, idempotency_key: 'key-of-first-attempt', name: 'Sharon Print' },
      { route: 'leads.update', params: { id: LEAD }, body: { contact_name: 'Noa' }, name: 'x', seen: { updated_at: '2026-11-20T09:00:00.000Z', fields: { contact_name: 'Dana' } } },
      { route: 'customers.create', body: { name: '  Offline Café  ' }, name: 'Offline Café', first_attempt_at: '2026-11-28T10:00:05.000Z' },
    ]);
    // In the cache at once: the record's next read knows a change waits.
    expect(outboxNow(qc).map((e) => e.route)).toEqual(['expenses.approve', 'leads.update', 'customers.create']);
    expect(qc.getQueryData<{ counts: { waiting: number } }>(qk.outbox())?.counts.waiting).toBe(3);
  });
});

describe('a record as the screens read it', () => {
  it('one made offline is the copy\'s row, never asked of the service', async () => {
    const row = { id: TEMP, name: 'Offline Café', _local: { ...mark, kind: 'create', area: 'customers' } };
    const invoke = stubBridge({ entries: [entry({ route: 'customers.create', area: 'customers', temp_id: TEMP, record_id: TEMP })], rows: [row] });
    expect((await read(new QueryClient(), 'customers', TEMP, 'customers.details')).data).toEqual(row);
    expect(calls(invoke, 'api.call')).toEqual([]);
  });

  it('once its creation is sent, the service\'s record under its own id', async () => {
    const invoke = stubBridge({ entries: [entry({ route: 'customers.create', area: 'customers', temp_id: TEMP, record_id: TEMP, state: 'sent', result_id: REAL })], api: [{ id: REAL, name: 'Offline Café' }] });
    expect((await read(new QueryClient(), 'customers', TEMP, 'customers.details')).data).toEqual({ id: REAL, name: 'Offline Café' });
    expect(calls(invoke, 'api.call').map((c) => c.params)).toEqual([{ id: REAL }]);
  });

  it('one with a change waiting: the service\'s record with the fields the change writes as the copy shows them, marked', async () => {
    const service = { id: LEAD, name: 'Galil Bakery', contact_name: 'Dana', email: 'new@example.com', activities: [{ id: 'a1' }] };
    const copy = { id: LEAD, name: 'Galil Bakery', contact_name: 'Noa', email: 'old@example.com', _local: mark };
    stubBridge({ entries: [entry({ route: 'leads.update', record_id: LEAD, params: { id: LEAD }, body: { contact_name: 'Noa' } })], rows: [copy], api: [service] });
    expect((await read(new QueryClient(), 'leads', LEAD, 'leads.details')).data).toEqual({ ...service, contact_name: 'Noa', _local: mark });
  });

  it('with no connection, the change over the record as last read, said to come from the copy', async () => {
    const copy = { id: LEAD, contact_name: 'Noa', _local: mark };
    stubBridge({ entries: [entry({ route: 'leads.update', record_id: LEAD, params: { id: LEAD }, body: { contact_name: 'Noa' } })], rows: [copy], api: 'offline' });
    const qc = new QueryClient();
    qc.setQueryData(qk.record('leads', LEAD), { data: { id: LEAD, name: 'Galil Bakery', contact_name: 'Dana' }, request_id: 'req_0' });
    expect(await read(qc, 'leads', LEAD, 'leads.details')).toEqual({ data: { id: LEAD, name: 'Galil Bakery', contact_name: 'Noa', _local: mark }, request_id: '', copy: { as_of: '2026-11-28T09:59:00.000Z' } });
  });

  it('one with nothing waiting is the service\'s answer as it is', async () => {
    const invoke = stubBridge({ api: [{ id: LEAD, name: 'Galil Bakery' }] });
    expect(await read(new QueryClient(), 'leads', LEAD, 'leads.details')).toEqual({ data: { id: LEAD, name: 'Galil Bakery' }, request_id: 'req_1' });
    expect(calls(invoke, 'local.query')).toEqual([]);
  });
});
