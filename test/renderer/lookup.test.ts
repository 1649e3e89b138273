import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { qk } from '../../renderer/data/queryKeys';
import { cachedIds } from '../../renderer/data/known';
import { lookUpOutcome, type RouteReader } from '../../shared';
import { customerRow } from './fixtures';

type Rec = Record<string, unknown>;
const target = { route: 'customers.create' as const, area: 'customers', listRoute: 'customers.list' as const, readRoute: 'customers.details' as const };
const startedAt = new Date('2026-11-02T10:00:00.000Z');
const row = (id: string, name = 'Cash customer'): Rec => ({ ...customerRow(), id, name });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A list route of pages (each its rows), recording every query it is asked. */
function pagedReader(pages: Rec[][]) {
  const asked: Record<string, string | number>[] = [];
  const read: RouteReader = async (_route, input) => {
    const query = input.query ?? {};
    asked.push(query);
    const n = query.cursor === undefined ? 0 : Number(query.cursor);
    const more = n + 1 < pages.length;
    return { ok: true, data: { data: pages[n] ?? [], page: { has_more: more, next_cursor: more ? String(n + 1) : null } } };
  };
  return { read, asked };
}

describe('the lookup after a lost create', () => {
  it('looks among records created since two minutes before the submission', async () => {
    const { read, asked } = pagedReader([[row(uuid(1))]]);
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, read)).toEqual({ status: 'saved', data: row(uuid(1)) });
    expect(asked).toEqual([{ limit: 100, created_after: '2026-11-02T09:58:00.000Z' }]);
  });

  it('a record the app knew before the submission is not the lost one: nothing else matches, so it was not saved', async () => {
    const { read } = pagedReader([[row(uuid(1)), row(uuid(2), 'Other')]]);
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, read, new Set([uuid(1)]))).toEqual({ status: 'not_saved' });
  });

  it('the new one is found beside the one the app knew', async () => {
    const { read } = pagedReader([[row(uuid(3)), row(uuid(1))]]);
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, read, new Set([uuid(1)]))).toEqual({ status: 'saved', data: row(uuid(3)) });
  });

  it('two new records that both match cannot be told apart: unclear, not a guess', async () => {
    const { read } = pagedReader([[row(uuid(3)), row(uuid(4))]]);
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, read)).toEqual({ status: 'unclear' });
  });

  it('follows the list beyond its first page, up to five pages; a list that goes on further without a match is unclear', async () => {
    const filler = (from: number) => Array.from({ length: 100 }, (_, i) => row(uuid(from + i), `Other ${from + i}`));
    const second = pagedReader([filler(100), [row(uuid(7))]]);
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, second.read)).toEqual({ status: 'saved', data: row(uuid(7)) });
    expect(second.asked.map((q) => q.cursor)).toEqual([undefined, '1']);
    const endless = pagedReader(Array.from({ length: 7 }, (_, p) => filler(1000 + p * 100)));
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, endless.read)).toEqual({ status: 'unclear' });
    expect(endless.asked).toHaveLength(5);
  });

  it('a read that fails leaves it unclear', async () => {
    const read: RouteReader = async () => ({ ok: false, error: { kind: 'api', status: 503, message: 'busy' } });
    expect(await lookUpOutcome(target, { name: 'Cash customer' }, startedAt, read)).toEqual({ status: 'unclear' });
  });
});

describe('cachedIds: the records of an area the app holds before a write', () => {
  it('takes ids from the area\'s lists, records and picker options, not from other areas', () => {
    const qc = new QueryClient();
    qc.setQueryData(qk.list('customers', { limit: 25 }), { data: [row(uuid(1)), row(uuid(2))], request_id: 'r' });
    qc.setQueryData(qk.record('customers', uuid(3)), { data: row(uuid(3)), request_id: 'r' });
    qc.setQueryData(qk.options('customers', 'ca'), { data: [row(uuid(4))], request_id: 'r' });
    qc.setQueryData(qk.list('suppliers', { limit: 25 }), { data: [row(uuid(5))], request_id: 'r' });
    qc.setQueryData(qk.record('customers', uuid(6)), undefined);
    expect([...cachedIds(qc, 'customers')].sort()).toEqual([uuid(1), uuid(2), uuid(3), uuid(4)]);
  });
});
