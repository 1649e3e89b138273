import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { qk } from '../../renderer/data/queryKeys';
import { seedCreatedRecord, type SeededRecord } from '../../renderer/data/seed';
import { customerRow } from './fixtures';

const row = customerRow();

describe('a created record is shown from the create\'s answer until its full record arrives', () => {
  it('caches the answer as the record, partial and already stale', () => {
    const qc = new QueryClient();
    seedCreatedRecord(qc, { area: 'customers', readRoute: 'customers.details' }, { data: row, request_id: 'req_1' });
    const key = qk.record('customers', row.id);
    expect(qc.getQueryData<SeededRecord>(key)).toEqual({ data: row, request_id: 'req_1', partial: true });
    expect(qc.getQueryState(key)?.dataUpdatedAt).toBe(0);
    expect(qc.getQueryCache().find({ queryKey: key })?.isStaleByTime(30_000)).toBe(true);
  });

  it('leaves alone an answer that is not the record (a lead intake answers with a draft), a record already cached or failed', async () => {
    const qc = new QueryClient();
    const draft = { id: '6f1c2a4e-1b7d-4c3e-9a5f-2d8e7b6c5a41', object: 'lead_draft', status: 'DRAFT', created_at: '2026-11-24T10:00:00.000Z' };
    seedCreatedRecord(qc, { area: 'leads', readRoute: 'leads.details' }, { data: draft, request_id: 'req_2' });
    expect(qc.getQueryData(qk.record('leads', draft.id))).toBeUndefined();
    const key = qk.record('customers', row.id);
    qc.setQueryData(key, { data: { ...row, name: 'Full record' }, request_id: 'req_0' });
    seedCreatedRecord(qc, { area: 'customers', readRoute: 'customers.details' }, { data: row, request_id: 'req_3' });
    expect(qc.getQueryData<{ data: { name: string } }>(key)?.data.name).toBe('Full record');
    // Nor over the detail route's own failure (a deleted record's 404).
    const gone = '22222222-2222-4222-8222-222222222222';
    const failed = qk.record('customers', gone);
    void qc.prefetchQuery({ queryKey: failed, queryFn: () => Promise.reject(new Error('404')), retry: false });
    await vi.waitFor(() => expect(qc.getQueryState(failed)?.status).toBe('error'));
    seedCreatedRecord(qc, { area: 'customers', readRoute: 'customers.details' }, { data: { ...row, id: gone }, request_id: 'req_5' });
    expect(qc.getQueryData(failed)).toBeUndefined();
    // No detail route, no id: nothing to seed.
    seedCreatedRecord(qc, { area: 'customers' }, { data: { ...row, id: 'other' }, request_id: 'req_4' });
    expect(qc.getQueryData(qk.record('customers', 'other'))).toBeUndefined();
  });
});
