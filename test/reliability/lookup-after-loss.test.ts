import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox';
import { appCore, countedSandbox, dataOf, type AppCore } from './stack';
import { AppUser, Tally, type WriteTarget } from './user';

/**
 * The lookup after a lost answer of a plain create, where the same thing was created before: it must
 * not take the earlier record for the lost one (the write would be lost while the screen says saved).
 */

let sandbox: RunningSandbox;
let app: AppCore;
const target: WriteTarget = { route: 'customers.create', area: 'customers', listRoute: 'customers.list', readRoute: 'customers.details' };
const stamp = Date.now().toString(36);

beforeAll(async () => {
  ({ sandbox } = await countedSandbox(7));
  app = await appCore(sandbox, 'owner', 8);
});
afterAll(async () => {
  await app?.core.shutdown();
  await sandbox?.close();
});

const faultNext = async (writes: string[]) => {
  const r = await fetch(`${new URL(sandbox.baseUrl).origin}/_sandbox/faults`, { method: 'POST', headers: { Authorization: `Bearer ${sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
  expect(r.status).toBe(201);
};
const named = async (name: string) => dataOf<{ id: string; name: string }[]>(await app.invoke('api.call', { route: 'customers.list', query: { search: name, limit: 100 } })).filter((c) => c.name === name);

describe('the lookup after a lost create, when the same thing was created a moment before', () => {
  it('a second "Cash customer" lost before it was applied is found not saved, submitted again, and both exist', async () => {
    const user = new AppUser(app, new Tally());
    const name = `Cash customer ${stamp}`;
    const first = await user.write(target, { name });
    expect(first).toMatchObject({ status: 'done', recovered: false });
    await faultNext(['internal']);
    const second = await user.write(target, { name });
    expect(second).toMatchObject({ status: 'done', recovered: false, submissions: 2 });
    expect((second as { data: { id: string } }).data.id).not.toBe((first as { data: { id: string } }).data.id);
    expect(await named(name)).toHaveLength(2);
  });

  it('a second one applied but whose answer was lost is found saved: the new record, not the first', async () => {
    const user = new AppUser(app, new Tally());
    const name = `Walk-in ${stamp}`;
    const first = await user.write(target, { name });
    await faultNext(['reset_after_commit']);
    const second = await user.write(target, { name });
    expect(second).toMatchObject({ status: 'done', recovered: true, submissions: 1 });
    const both = await named(name);
    expect(both).toHaveLength(2);
    expect((second as { data: { id: string } }).data.id).toBe(both.find((c) => c.id !== (first as { data: { id: string } }).data.id)!.id);
  });
});

describe('a lost answer of a write that deduplicates, after the client has given up', () => {
  it('the user submits again with the same key (client_request_id, Idempotency-Key): one document, one approval', async () => {
    const user = new AppUser(app, new Tally());
    const customerId = dataOf<{ id: string }[]>(await app.invoke('api.call', { route: 'customers.list', query: { limit: 1 } }))[0]!.id;
    const title = `Lost answer ${stamp}`;
    // Applied, then no answer; the client's four retries of it (same key) are refused before they apply.
    await faultNext(['reset_after_commit', 'internal', 'internal', 'internal', 'internal']);
    const doc = await user.write({ route: 'documents.create', area: 'documents', listRoute: 'documents.list' }, {
      document_type: 'TAX_INVOICE', customer_id: customerId, title, lines: [{ name: 'Consulting', quantity: '1', unit_price: '100' }],
    });
    expect(doc).toMatchObject({ status: 'done', submissions: 2 });
    expect(user.tally.resolutions.get('submitted again with the same key')).toBe(1);
    const docs = dataOf<{ title: string }[]>(await app.invoke('api.call', { route: 'documents.list', query: { search: title, limit: 10 } }));
    expect(docs.filter((d) => d.title === title)).toHaveLength(1);

    const category = dataOf<{ id: string }>(await app.invoke('api.call', { route: 'expenseCategories.create', body: { name: `Lost ${stamp}` } }));
    const expense = dataOf<{ id: string; revision: number }>(await app.invoke('api.call', { route: 'expenses.create', idempotency_key: `lost-${stamp}-create`, body: {
      supplier_name: 'Lost answer', currency: 'ILS', issue_date: '2026-11-01', category_id: category.id, review_status: 'NEEDS_REVIEW',
      lines: [{ description: 'Paper', quantity: '1', unit_price: '100.00', vat_rate: '18' }],
    } }));
    await faultNext(['reset_after_commit', 'internal', 'internal', 'internal', 'internal']);
    // A new key on the second submission would meet a stale revision (409): only the same key gets the stored answer.
    const approval = await user.write({ route: 'expenses.approve', area: 'expenses', id: expense.id, params: { id: expense.id } }, { expected_revision: expense.revision, confirmed: true });
    expect(approval).toMatchObject({ status: 'done', submissions: 2, data: { review_status: 'approved', revision: expense.revision + 1 } });
  });
});
