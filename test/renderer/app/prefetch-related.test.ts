import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LocalAggregateInput, LocalQueryInput, LocalRead, LocalStatus } from '../../../shared';
import { prefetchRecord } from '../../../renderer/data/prefetch';
import { copyRecordInput } from '../../../renderer/data/localCopy';
import type { SeededRecord } from '../../../renderer/data/seed';
import { qk } from '../../../renderer/data/queryKeys';
import { todayNow } from '../../../renderer/lib/useToday';
import { CUSTOMER_RELATED, SUPPLIER_RELATED } from '../../../renderer/resources/related';
import { areasOf, figureInputOf, groupedInputOf, partyOf, recordsInputsOf, relatedReadsOf, throughInputOf, totalsFiltersOf } from '../../../renderer/rules/related';

const ID = '11111111-1111-4111-8111-111111111111';
const area = (name: string, ready = true): LocalStatus['areas'][number] => ({ area: name, state: ready ? 'ready' : 'filling', records: 1, ready, last_sync: null, last_deletion_check: null, progress: null, message: null, held_aside: 0, held: [] });
const status = (over: Partial<LocalStatus> = {}, notReady: string[] = []): LocalStatus => ({
  enabled: true, storage: 'memory', encrypted: false, online: true, paused: null, notice: null,
  areas: ['documents', 'payments', 'tasks', 'leads', 'expenses', 'expense-payments'].map((a) => area(a, !notReady.includes(a))),
  ...over,
}) as LocalStatus;

/** Record reads held unanswered until the test ends (an open call would stay in the window's connection state). */
let held: ((reply: unknown) => void)[] = [];

/**
 * A bridge whose API call (the record) does not answer while the local copy answers at once, with
 * `rows` for a query of that area (none for the others).
 */
function stubBridge(copy: LocalStatus, rows: Record<string, unknown[]> = {}) {
  const page = (q: LocalQueryInput) => ({ rows: rows[q.area] ?? [], total: (rows[q.area] ?? []).length, next: null, as_of: null, ready: true });
  const invoke = vi.fn((op: string, input: unknown) => {
    if (op === 'api.call') return new Promise((resolve) => { held.push(resolve); });
    if (op === 'local.status') return Promise.resolve({ ok: true, data: copy });
    if (op === 'local.query') return Promise.resolve({ ok: true, data: page(input as LocalQueryInput) });
    if (op === 'local.aggregate') return Promise.resolve({ ok: true, data: { groups: [], ready: true, as_of: null } });
    if (op === 'local.readMany') {
      const results = (input as { reads: LocalRead[] }).reads.map((r) => ('query' in r ? { query: page(r.query) } : { aggregate: { groups: [], ready: true, as_of: null } }));
      return Promise.resolve({ ok: true, data: { results } });
    }
    return Promise.resolve({ ok: false, error: { kind: 'internal', message: op } });
  });
  vi.stubGlobal('window', { bridge: { invoke, on: () => () => undefined } });
  return invoke;
}

/** Lets the queued bridge calls go out. */
const settle = () => new Promise((r) => setTimeout(r, 20));
const ops = (invoke: ReturnType<typeof stubBridge>) => invoke.mock.calls.map((c) => c[0]);
/** Every read of the copy asked, alone or in a batch. */
const readsOf = (invoke: ReturnType<typeof stubBridge>): LocalRead[] => invoke.mock.calls.flatMap(([op, input]) =>
  op === 'local.readMany' ? (input as { reads: LocalRead[] }).reads
    : op === 'local.query' ? [{ query: input as LocalQueryInput }]
      : op === 'local.aggregate' ? [{ aggregate: input as LocalAggregateInput }] : []);

afterEach(() => {
  for (const answer of held) answer({ ok: false, error: { kind: 'internal', message: 'test over' } });
  held = [];
  vi.unstubAllGlobals();
});

describe("a customer's related sections are read with the record, not after it", () => {
  it('starts every section\'s local reads while the record\'s own answer is still on its way', async () => {
    const invoke = stubBridge(status());
    const qc = new QueryClient();
    void prefetchRecord(qc, 'customers', ID, 'en');
    // 6 pages of rows (documents and tasks in two parts, payments, the lead) and the 3 totals, in one call.
    await vi.waitFor(() => expect(ops(invoke).filter((o) => o.startsWith('local.') && o !== 'local.status')).toEqual(['local.readMany']));
    const reads = readsOf(invoke);
    expect(reads.filter((r) => 'query' in r)).toHaveLength(6);
    expect(reads.filter((r) => 'aggregate' in r)).toHaveLength(3);
    expect(ops(invoke)).toContain('api.call');
    expect(qc.getQueryState(qk.record('customers', ID))?.status).toBe('pending');
  });

  it('fills the very cache entries the sections read (the record\'s name, known later, changes no input)', async () => {
    stubBridge(status());
    const qc = new QueryClient();
    void prefetchRecord(qc, 'customers', ID, 'he');
    const now = todayNow();
    // As the sections build them, with the record's name in the party filter.
    const party = partyOf(ID, 'Acme Ltd');
    for (const spec of CUSTOMER_RELATED) {
      const keys = spec.kind === 'totals'
        ? spec.figures.map((f) => qk.localAggregate(figureInputOf({ area: f.area, filters: totalsFiltersOf(f, party, now), sum: f.sum, owed: f.owed }, now.zone)))
        : spec.kind === 'records' ? recordsInputsOf(spec, [party(spec.by)], now.zone, 'he').map((i) => qk.localRows(i)) : [];
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) await vi.waitFor(() => expect(qc.getQueryState(key)?.status, `${spec.key} ${JSON.stringify(key)}`).toBe('success'));
    }
  });

  it('reads nothing for a section whose areas are still filling, nor with the copy off', async () => {
    const invoke = stubBridge(status({}, ['tasks', 'documents']));
    void prefetchRecord(new QueryClient(), 'customers', ID, 'en');
    const areas = () => readsOf(invoke).flatMap((r) => ('query' in r ? [r.query.area] : [])).sort();
    await vi.waitFor(() => expect(areas()).toEqual(['leads', 'payments']));
    await settle();
    expect(areas()).toEqual(['leads', 'payments']);
    expect(readsOf(invoke).some((r) => 'aggregate' in r)).toBe(false);

    // The totals subtract payments: while those fill, the totals wait (the rest is read).
    const paying = stubBridge(status({}, ['payments']));
    void prefetchRecord(new QueryClient(), 'customers', ID, 'en');
    await vi.waitFor(() => expect(readsOf(paying).filter((r) => 'query' in r).length).toBeGreaterThan(0));
    await settle();
    expect(readsOf(paying).filter((r) => 'aggregate' in r)).toEqual([]);
    // Refused to the key, the totals are read (they hold the full totals, said so).
    const refused = stubBridge(status({ areas: status().areas.map((a) => (a.area === 'payments' ? { ...a, state: 'denied' as const, ready: false } : a)) }));
    void prefetchRecord(new QueryClient(), 'customers', ID, 'en');
    await vi.waitFor(() => expect(readsOf(refused).filter((r) => 'aggregate' in r)).toHaveLength(3));

    const off = stubBridge(status({ enabled: false }));
    void prefetchRecord(new QueryClient(), 'customers', ID, 'en');
    await vi.waitFor(() => expect(ops(off)).toContain('local.status'));
    await settle();
    // outbox.list: what waits to be sent, read once per window (a record shows what those changes make of it).
    expect(ops(off).filter((o) => o !== 'api.call' && o !== 'local.status' && o !== 'outbox.list')).toEqual([]);
  });
});

describe('the related reads builder', () => {
  it('gives each supplier section what it reads; the payments through expenses wait for those ids', () => {
    const now = { today: '2026-11-25', zone: 'UTC' };
    const party = partyOf(ID);
    const [totals, grouped, expenses, payments] = SUPPLIER_RELATED.map((s) => relatedReadsOf(s, party, now, 'en'));
    expect(totals!.aggregates.map((a: LocalAggregateInput) => a.area)).toEqual(['expenses', 'expenses']);
    expect(grouped!.aggregates).toEqual([groupedInputOf(SUPPLIER_RELATED[1] as never, party, 'UTC')]);
    expect(expenses!.rows[0]!.filters[0]).toEqual({ column: 'supplier_id', op: 'equals', value: ID });
    expect(payments).toEqual({ aggregates: [], rows: [], through: throughInputOf(SUPPLIER_RELATED[3] as never, party, 'UTC') });
    expect(payments!.through!.area).toBe('expenses');
    expect(areasOf(SUPPLIER_RELATED[3]!)).toEqual(['expense-payments', 'expenses']);
  });
});

describe("a customer's page paints from the copy's row, not after the API's answer", () => {
  const withParties = () => status({ areas: [...status().areas, area('customers'), area('suppliers')] });
  // A customers list row, as the copy keeps it (the details add the document language, terms and more).
  const row = { id: ID, object: 'customer', type: 'customer', name: 'Acme Ltd', email: null, status: 'active', currency: 'ILS', tags: [] };
  const resolved = (p: Promise<void>) => Promise.race([p.then(() => true), settle().then(() => false)]);

  it("reads the row with the related sections in one call, caches it as the record (partial), and is ready while the API has not answered", async () => {
    const invoke = stubBridge(withParties(), { customers: [row] });
    const qc = new QueryClient();
    const shown = prefetchRecord(qc, 'customers', ID, 'en');
    expect(await resolved(shown)).toBe(true);
    expect(ops(invoke).filter((o) => o.startsWith('local.') && o !== 'local.status')).toEqual(['local.readMany']);
    const reads = readsOf(invoke).flatMap((r) => ('query' in r ? [r.query] : []));
    expect(reads.filter((q) => q.area === 'customers')).toEqual([copyRecordInput('customers', ID)]);
    expect(reads).toHaveLength(7);
    expect(qc.getQueryData<SeededRecord>(qk.record('customers', ID))).toEqual({ data: row, request_id: '', partial: true });
    expect(held).toHaveLength(1);

    // The API's full record then takes its place.
    const full = { ...row, document_language: 'he', notes: null };
    held[0]!({ ok: true, data: { data: full, request_id: 'req_full' } });
    await vi.waitFor(() => expect(qc.getQueryData<{ data: unknown; partial?: boolean }>(qk.record('customers', ID))).toEqual({ data: full, request_id: 'req_full' }));
  });

  it('waits for the API when the copy has no row for the record, or does not hold the area yet', async () => {
    stubBridge(withParties());
    const qc = new QueryClient();
    expect(await resolved(prefetchRecord(qc, 'customers', ID, 'en'))).toBe(false);
    expect(qc.getQueryData(qk.record('customers', ID))).toBeUndefined();

    const invoke = stubBridge(status(), { customers: [row] });
    expect(await resolved(prefetchRecord(new QueryClient(), 'customers', ID, 'en'))).toBe(false);
    expect(readsOf(invoke).some((r) => 'query' in r && r.query.area === 'customers')).toBe(false);
  });

  it('reads no row for an area whose page waits for its detail route (a document)', async () => {
    const invoke = stubBridge(status(), { documents: [{ id: ID }] });
    expect(await resolved(prefetchRecord(new QueryClient(), 'documents', ID, 'en'))).toBe(false);
    expect(readsOf(invoke).some((r) => 'query' in r && r.query.area === 'documents')).toBe(false);
  });
});
