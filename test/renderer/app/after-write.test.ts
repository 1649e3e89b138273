import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { qk } from '../../../renderer/data/queryKeys';
import { invalidateAfterWrite } from '../../../renderer/data/useWrite';

/**
 * A save settles once the records it changed are read again (the form goes to the record's screen
 * then, so that screen paints what was saved): the record written and the records its body names,
 * whether a screen shows them now or they are only held, and not the lists, which follow on their own.
 */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LEAD = uuid(1);
const CUSTOMER = uuid(2);

/** A read that answers only when the test lets it, counting how often it was asked. */
function heldRead(answers: unknown[]) {
  const waiting: (() => void)[] = [];
  let asked = 0;
  const read = () => {
    const answer = answers[Math.min(asked, answers.length - 1)];
    asked += 1;
    // The first read (the record as it was) answers at once; the ones after wait.
    if (asked === 1) return Promise.resolve(answer);
    return new Promise((resolve) => { waiting.push(() => resolve(answer)); });
  };
  return { read, asked: () => asked, release: () => { for (const go of waiting.splice(0)) go(); } };
}

/** Whether a promise has settled, after every pending reaction has run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => { done = true; });
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  return done;
}

describe('after a write, the records it changed are read again before it settles', () => {
  it('the record an edit wrote, held by no screen now: read again, and the write settles with the new one cached', async () => {
    const qc = new QueryClient();
    const lead = heldRead([{ data: { id: LEAD, phone: '050-7654321' } }, { data: { id: LEAD, phone: '04-6901234' } }]);
    await qc.fetchQuery({ queryKey: qk.record('leads', LEAD), queryFn: lead.read });
    const done = invalidateAfterWrite(qc, { route: 'leads.update', area: 'leads', id: LEAD, params: { id: LEAD } }, { phone: '04-6901234' });
    expect(lead.asked()).toBe(2);
    expect(await settled(done)).toBe(false);
    lead.release();
    expect(await settled(done)).toBe(true);
    expect(qc.getQueryData(qk.record('leads', LEAD))).toEqual({ data: { id: LEAD, phone: '04-6901234' } });
  });

  it('a new record\'s body names another (the record it started from): that one is read again before it settles', async () => {
    const qc = new QueryClient();
    const lead = heldRead([{ data: { id: LEAD, tasks: [] } }, { data: { id: LEAD, tasks: [{ id: uuid(9) }] } }]);
    await qc.fetchQuery({ queryKey: qk.record('leads', LEAD), queryFn: lead.read });
    const done = invalidateAfterWrite(qc, { route: 'tasks.create', area: 'tasks' }, { title: 'Send the quote', lead_id: LEAD });
    expect(await settled(done)).toBe(false);
    lead.release();
    expect(await settled(done)).toBe(true);
    expect(qc.getQueryData(qk.record('leads', LEAD))).toEqual({ data: { id: LEAD, tasks: [{ id: uuid(9) }] } });
  });

  it('does not wait for lists, records it did not change, or a deleted record', async () => {
    const qc = new QueryClient();
    const list = heldRead([{ data: [] }, { data: [] }]);
    const other = heldRead([{ data: { id: CUSTOMER } }, { data: { id: CUSTOMER } }]);
    await qc.fetchQuery({ queryKey: qk.list('leads', { limit: 25 }), queryFn: list.read });
    await qc.fetchQuery({ queryKey: qk.record('customers', CUSTOMER), queryFn: other.read });
    await qc.fetchQuery({ queryKey: qk.record('leads', LEAD), queryFn: () => Promise.resolve({ data: { id: LEAD } }) });
    const done = invalidateAfterWrite(qc, { route: 'leads.delete', area: 'leads', id: LEAD, params: { id: LEAD } }, undefined);
    expect(await settled(done)).toBe(true);
    // The list is read again all the same (it is not waited for); the customer was not changed; the lead is gone.
    expect(list.asked()).toBe(2);
    expect(other.asked()).toBe(1);
    expect(qc.getQueryState(qk.record('leads', LEAD))).toBeUndefined();
    list.release();
  });
});
