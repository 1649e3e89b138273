import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeResult, OutboxEntry } from '../../../shared';
import { NetworkSwitch } from '../../harness/network';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * A crash in the middle of a replay, at each step a write can be at: before its request leaves, and
 * after the service applied it but before the answer reached the engine (the engine thread ends, as a
 * native crash would; main starts it again). Every kind of write is then on the service exactly once:
 * a create without a key is looked up and adopted, one with client_request_id or an Idempotency-Key is
 * sent again with the same key, an edit and a delete are harmless to repeat.
 */
let s: LocalStack;
const net = new NetworkSwitch();
let crashAt: { path: RegExp; step: 'before' | 'after' } | null = null;
const hooked: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? 'GET';
  const at = crashAt;
  if (at && method !== 'GET' && at.path.test(url.pathname)) {
    crashAt = null;
    if (at.step === 'before') {
      await s.core.local.crashEngine();
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    }
    const res = await net.fetch(input, init);
    await s.core.local.crashEngine();
    return res;
  }
  return net.fetch(input, init);
};

beforeAll(async () => {
  s = await localStack({ fetch: hooked });
  await s.core.local.idle();
  const t = await s.invoke('profiles.test', { id: s.profile.id });
  if (!t.ok) throw new Error(t.error.message);
}, 60_000);
afterAll(async () => { await s.close(); });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(`${r.error.code ?? r.error.kind}: ${r.error.message}`); return r.data as T; };

/** Submits one write offline, replays it with a crash at `step`, and waits until the outbox is empty of it. */
async function crashedReplay(input: Record<string, unknown>, path: RegExp, step: 'before' | 'after'): Promise<OutboxEntry> {
  net.offline = true;
  const { entry } = ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', input));
  net.offline = false;
  crashAt = { path, step };
  ok(await s.invoke('outbox.retry', {}));
  for (let i = 0; i < 20; i++) {
    await s.core.local.idle();
    const now = ok<{ entries: OutboxEntry[] }>(await s.invoke('outbox.list', {})).entries.find((e) => e.id === entry.id)!;
    if (now.state === 'sent') return now;
    s.core.local.syncNow();
  }
  throw new Error('the entry was never sent');
}

describe('the outbox: a crash in the middle of a replay', () => {
  for (const step of ['before', 'after'] as const) {
    it(`${step === 'before' ? 'before the request leaves' : 'after the service applied it, before the answer arrived'}: each kind of write lands exactly once`, async () => {
      const tag = `${step}-${randomUUID().slice(0, 8)}`;
      // A create with no idempotency: looked up before it is sent again.
      await crashedReplay({ route: 'customers.create', body: { name: `Crash ${tag}` } }, /\/customers$/, step);
      expect((await apiList(s.sandbox, 'owner', 'customers')).filter((c) => c.name === `Crash ${tag}`)).toHaveLength(1);
      // A create with an Idempotency-Key: the same key again.
      const expense = await crashedReplay({ route: 'expenses.create', body: {
        supplier_name: `Crash supplier ${tag}`, currency: 'ILS', issue_date: '2026-11-01', review_status: 'NEEDS_REVIEW',
        lines: [{ description: 'Paper', quantity: '1', unit_price: '12.00', vat_rate: '18' }],
      } }, /\/expenses$/, step);
      expect((await apiList(s.sandbox, 'owner', 'expenses')).filter((e) => e.supplier_name === `Crash supplier ${tag}`)).toHaveLength(1);
      expect(expense.result_id).toMatch(/^[0-9a-f-]{36}$/);
      // A document with its client_request_id.
      const customer = (await copyList(s, 'customers'))[3]!;
      await crashedReplay({ route: 'documents.create', body: { document_type: 'TAX_INVOICE', customer_id: String(customer.id), lines: [{ name: `Crash line ${tag}`, quantity: '1', unit_price: '50.00' }] } }, /\/documents$/, step);
      const docs = (await apiList(s.sandbox, 'owner', 'documents')).filter((d) => Array.isArray(d.line_items) && (d.line_items as { name: string }[]).some((l) => l.name === `Crash line ${tag}`));
      expect(docs).toHaveLength(1);
      // An edit and a delete.
      const task = (await copyList(s, 'tasks')).find((t) => t.status === 'open')!;
      await crashedReplay({ route: 'tasks.update', params: { id: String(task.id) }, body: { title: `Renamed ${tag}` }, seen: { updated_at: String(task.updated_at), fields: { title: task.title } } }, /\/tasks\/[^/]+$/, step);
      expect((await apiList(s.sandbox, 'owner', 'tasks')).find((t) => t.id === task.id)?.title).toBe(`Renamed ${tag}`);
      await crashedReplay({ route: 'tasks.delete', params: { id: String(task.id) } }, /\/tasks\/[^/]+$/, step);
      expect((await apiList(s.sandbox, 'owner', 'tasks')).some((t) => t.id === task.id)).toBe(false);
    }, 180_000);
  }
});
