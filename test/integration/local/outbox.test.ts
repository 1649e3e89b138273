import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import { DOCUMENT_TYPES, type BridgeResult, type OutboxCounts, type OutboxEntry } from '../../../shared';
import { NetworkSwitch } from '../../harness/network';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * The outbox through the real bridge: writes made with the network off are kept, shown in the copy
 * at once (marked waiting), and sent once each, in order, when it is back; a record made offline is
 * used by a later change before either is sent; a conflict waits for the user.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(`${r.error.code ?? r.error.kind}: ${r.error.message}`); return r.data as T; };
const list = async (s: LocalStack) => ok<{ entries: OutboxEntry[]; counts: OutboxCounts }>(await s.invoke('outbox.list', {}));

async function offlineStack(): Promise<{ s: LocalStack; net: NetworkSwitch }> {
  const net = new NetworkSwitch();
  const s = await localStack({ fetch: net.fetch });
  await s.core.local.idle();
  // The connection test teaches the profile what its key may write (the outbox takes only those).
  ok(await s.invoke('profiles.test', { id: s.profile.id }));
  net.offline = true;
  return { s, net };
}

describe('the outbox', () => {
  it('a customer and a task for it made offline: both shown at once, both sent once when the network is back, the task naming the customer\'s real id', async () => {
    const { s, net } = await offlineStack();
    stack = s;
    const customer = ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', { route: 'customers.create', body: { name: 'Offline Café בע"מ' }, name: 'Offline Café בע"מ' })).entry;
    expect(customer).toMatchObject({ state: 'waiting', temp_id: expect.any(String) });
    const shown = (await copyList(s, 'customers')).find((c) => c.id === customer.temp_id);
    expect(shown).toMatchObject({ name: 'Offline Café בע"מ', _local: { state: 'waiting', kind: 'create' } });
    const task = ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', { route: 'tasks.create', body: { title: 'Call the new café', customer_id: customer.temp_id }, name: 'Call the new café' })).entry;
    expect((await list(s)).counts).toEqual({ waiting: 2, decisions: 0, failed: 0 });
    // Still offline: a pass keeps them waiting, says why.
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await list(s)).entries.map((e) => [e.state, e.why?.kind])).toEqual([['waiting', 'offline'], ['waiting', 'after']]);

    net.offline = false;
    ok(await s.invoke('outbox.retry', {}));
    await s.core.local.idle();
    const after = await list(s);
    expect(after.counts).toEqual({ waiting: 0, decisions: 0, failed: 0 });
    const sentCustomer = after.entries.find((e) => e.id === customer.id)!;
    expect(sentCustomer).toMatchObject({ state: 'sent', result_id: expect.any(String), request_id: expect.any(String) });
    const api = await apiList(s.sandbox, 'owner', 'customers');
    expect(api.filter((c) => c.name === 'Offline Café בע"מ')).toHaveLength(1);
    const tasks = (await apiList(s.sandbox, 'owner', 'tasks')).filter((t) => t.title === 'Call the new café');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.customer_id).toBe(sentCustomer.result_id);
    expect(after.entries.find((e) => e.id === task.id)!.state).toBe('sent');
    // The copy holds the service's records, not the temporary ones.
    const held = await copyList(s, 'customers');
    expect(held.some((c) => c.id === customer.temp_id)).toBe(false);
    expect(held.find((c) => c.id === sentCustomer.result_id)).toEqual(api.find((c) => c.id === sentCustomer.result_id));
    // The activity log has each, with its request id.
    const log = ok<{ entries: { outcome: string; request_id?: string }[] }>(await s.invoke('activity.list', {}));
    expect(log.entries.filter((e) => e.outcome === 'sent_later')).toHaveLength(2);
  }, 120_000);

  it('a document made offline names its customer as the copy knows it, one held and one made offline too, and is found by that customer', async () => {
    const { s } = await offlineStack();
    stack = s;
    const held = (await copyList(s, 'customers')).find((c) => c.status === 'active')!;
    const made = ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', { route: 'customers.create', body: { name: 'Offline Bakery' }, name: 'Offline Bakery' })).entry;
    const document = async (customer: string, title: string) => ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', {
      route: 'documents.create', name: title,
      body: { client_request_id: crypto.randomUUID(), document_type: DOCUMENT_TYPES[0], customer_id: customer, title, lines: [{ name: 'Consulting', quantity: '1', unit_price: '100' }] },
    }));
    const forHeld = await document(String(held.id), 'Offline invoice for a held customer');
    const forMade = await document(made.temp_id!, 'Offline invoice for a customer made offline');
    const docs = await copyList(s, 'documents');
    expect(docs.find((d) => d.id === forHeld.entry.temp_id)).toMatchObject({ customer: { id: held.id, name: held.name }, document_number: null });
    expect(docs.find((d) => d.id === forMade.entry.temp_id)).toMatchObject({ customer: { id: made.temp_id, name: 'Offline Bakery' } });
    // The customer's page reads its documents by the customer's id.
    const byCustomer = ok<{ rows: { id: string }[] }>(await s.invoke('local.query', { area: 'documents', filters: [{ column: 'customer__id', op: 'equals', value: String(held.id) }] }));
    expect(byCustomer.rows.map((r) => r.id)).toContain(forHeld.entry.temp_id);
  }, 120_000);

  it('an edit of a lead made offline while someone else changed another field goes through; the same field changed becomes a decision', async () => {
    const { s, net } = await offlineStack();
    stack = s;
    const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });
    const [a, b] = (await copyList(s, 'leads')).filter((l) => l.converted_customer_id === null);
    const edit = (lead: Record<string, unknown>, field: string, value: string) => s.invoke('outbox.submit', {
      route: 'leads.update', params: { id: String(lead.id) }, body: { [field]: value }, name: String(lead.name),
      seen: { updated_at: String(lead.updated_at), fields: { [field]: lead[field] ?? null } },
    });
    ok(await edit(a!, 'contact_name', 'Dana (offline)'));
    ok(await edit(b!, 'contact_name', 'Noa (offline)'));
    await other.callUnknown('leads.update', { params: { id: String(a!.id) }, body: { email: 'someone-else@example.com' } });
    await other.callUnknown('leads.update', { params: { id: String(b!.id) }, body: { contact_name: 'Changed elsewhere' } });
    net.offline = false;
    s.core.local.syncNow();
    await s.core.local.idle();
    const entries = (await list(s)).entries;
    expect(entries[0]).toMatchObject({ state: 'sent' });
    expect(entries[1]).toMatchObject({ state: 'decision', why: { kind: 'changed_since', fields: [{ field: 'contact_name', mine: 'Noa (offline)', theirs: 'Changed elsewhere' }] } });
    const leads = await apiList(s.sandbox, 'owner', 'leads');
    expect(leads.find((l) => l.id === a!.id)).toMatchObject({ contact_name: 'Dana (offline)', email: 'someone-else@example.com' });
    expect(leads.find((l) => l.id === b!.id)).toMatchObject({ contact_name: 'Changed elsewhere' });
    // The user keeps theirs: sent again over the current version.
    ok(await s.invoke('outbox.resolve', { id: entries[1]!.id, choice: 'again' }));
    await s.core.local.idle();
    expect((await list(s)).entries[1]).toMatchObject({ state: 'sent' });
    expect((await apiList(s.sandbox, 'owner', 'leads')).find((l) => l.id === b!.id)).toMatchObject({ contact_name: 'Noa (offline)' });
  }, 120_000);

  it('discarding a waiting creation restores the copy and takes the changes that use it along', async () => {
    const { s } = await offlineStack();
    stack = s;
    const before = (await copyList(s, 'customers')).length;
    const c = ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', { route: 'customers.create', body: { name: 'Never mind' } })).entry;
    ok(await s.invoke('outbox.submit', { route: 'tasks.create', body: { title: 'For never mind', customer_id: c.temp_id } }));
    expect((await copyList(s, 'customers')).length).toBe(before + 1);
    const gone = ok<{ discarded: string[] }>(await s.invoke('outbox.discard', { id: c.id }));
    expect(gone.discarded).toHaveLength(2);
    expect((await copyList(s, 'customers')).length).toBe(before);
    expect((await list(s)).entries).toEqual([]);
  }, 120_000);
});
