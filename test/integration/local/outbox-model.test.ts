import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import type { BridgeResult, OutboxCounts, OutboxEntry } from '../../../shared';
import { NetworkSwitch } from '../../harness/network';
import { prng } from '../../reliability/stack';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * The outbox against a model, as a property: random offline writes across areas (creates, edits,
 * deletes, a lead's status, expense approvals and payments, records made offline and used by later
 * writes), random changes by a second client meanwhile, answers lost after the service applied the
 * write, 429 and 503 on replay. After the replay (the user settling each decision by sending theirs
 * again) the service holds exactly what the model says: every creation once, every edit the user made,
 * every conflict surfaced, nothing lost; and the copy converges to the service.
 */
const SEEDS = [7, 31];
const OPS = 28;

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

type Rec = Record<string, unknown>;
const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(`${r.error.code ?? r.error.kind}: ${r.error.message}`); return r.data as T; };

interface Model {
  customers: Map<string, string>;        // name -> entry id (created once each)
  tasks: Map<string, string | null>;     // title -> the customer's name when made for one made offline, else its id
  names: Map<string, string>;            // customer id -> name the user set last
  deleted: Set<string>;                  // task ids the user deleted
  leadStatus: Map<string, string>;       // lead id -> read status the user set last
  approved: Set<string>;                 // expense ids the user approved
  paid: Map<string, number>;             // expense id -> how many payments the user made to it
  conflicts: number;                     // decisions the replay surfaced
}

async function run(seed: number): Promise<void> {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const net = new NetworkSwitch();
  stack = await localStack({ fetch: net.fetch });
  const s = stack;
  await s.core.local.idle();
  ok(await s.invoke('profiles.test', { id: s.profile.id }));
  const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });
  const customers = await copyList(s, 'customers');
  const tasks = await copyList(s, 'tasks');
  const leads = (await copyList(s, 'leads')).filter((l) => l.converted_customer_id === null && l.status !== 'won' && l.status !== 'lost');
  const expenses = (await apiList(s.sandbox, 'owner', 'expenses')).filter((e) => e.review_status === 'needs_review' && Array.isArray(e.blocking_issues) && e.blocking_issues.length === 0);
  const payable = (await apiList(s.sandbox, 'owner', 'expenses')).filter((e) => e.review_status === 'approved' && Number(e.balance_due) >= 5);
  const m: Model = { customers: new Map(), tasks: new Map(), names: new Map(), deleted: new Set(), leadStatus: new Map(), approved: new Set(), paid: new Map(), conflicts: 0 };
  const offlineMade: { name: string; temp: string }[] = [];
  const submit = async (input: Rec) => ok<{ entry: OutboxEntry }>(await s.invoke('outbox.submit', input)).entry;

  net.offline = true;
  const ops: (() => Promise<void>)[] = [
    async () => {
      const name = `Model ${seed}-${Math.floor(rnd() * 1e9)}`;
      const e = await submit({ route: 'customers.create', body: { name }, name });
      m.customers.set(name, e.id);
      offlineMade.push({ name, temp: e.temp_id! });
    },
    async () => {
      const title = `Task ${seed}-${Math.floor(rnd() * 1e9)}`;
      const made = offlineMade.length && rnd() < 0.6 ? pick(offlineMade) : null;
      const customerId = made ? made.temp : String(pick(customers).id);
      await submit({ route: 'tasks.create', body: { title, customer_id: customerId }, name: title });
      m.tasks.set(title, made ? `made:${made.name}` : customerId);
    },
    async () => {
      const c = pick(customers.slice(0, 40));
      const name = `Renamed ${seed}-${Math.floor(rnd() * 1e9)}`;
      await submit({ route: 'customers.update', params: { id: String(c.id) }, body: { name }, seen: { updated_at: String(c.updated_at), fields: { name: m.names.get(String(c.id)) ?? c.name } } });
      m.names.set(String(c.id), name);
      // Someone else renames the same customer, or changes another field, before the user's edit is sent.
      if (rnd() < 0.4) await other.callUnknown('customers.update', { params: { id: String(c.id) }, body: rnd() < 0.5 ? { name: `Elsewhere ${Math.floor(rnd() * 1e6)}` } : { contact_person: 'Someone else' } });
    },
    async () => {
      const t = pick(tasks.filter((x) => !m.deleted.has(String(x.id))));
      await submit({ route: 'tasks.delete', params: { id: String(t.id) } });
      m.deleted.add(String(t.id));
    },
    async () => {
      const l = pick(leads);
      const status = pick(['contacted', 'in_progress', 'proposal', 'negotiation']);
      await submit({ route: 'leads.setStatus', params: { id: String(l.id) }, body: { status: status.toUpperCase() } });
      m.leadStatus.set(String(l.id), status);
    },
    async () => {
      const e = expenses.find((x) => !m.approved.has(String(x.id)));
      if (!e) return;
      await submit({ route: 'expenses.approve', params: { id: String(e.id) }, body: { confirmed: true, expected_revision: e.revision } });
      m.approved.add(String(e.id));
      // Someone else edits the expense meanwhile: its revision moves on, the approval becomes a decision.
      if (rnd() < 0.5) {
        const now = (await other.callUnknown('expenses.get', { params: { id: String(e.id) } })).data as Rec;
        await other.callUnknown('expenses.update', { params: { id: String(e.id) }, body: { expected_revision: now.revision, description: 'Edited elsewhere' } }, { idempotencyKey: `model-${seed}-${String(e.id)}-edit-x` });
      }
    },
    async () => {
      const e = pick(payable);
      const current = (await other.callUnknown('expenses.get', { params: { id: String(e.id) } })).data as Rec;
      await submit({ route: 'expensePayments.create', body: {
        direction: 'OUTGOING', amount: '1.00', currency: 'ILS', payment_date: '2026-11-20', method: 'CASH',
        allocations: [{ expense_id: String(e.id), expected_revision: current.revision, amount: '1.00' }],
      } });
      m.paid.set(String(e.id), (m.paid.get(String(e.id)) ?? 0) + 1);
    },
  ];
  for (let i = 0; i < OPS; i++) await pick(ops)();

  // Back online; the service loses some answers after applying the write, and is busy at times.
  net.offline = false;
  const faults = Array.from({ length: 12 }, () => pick(['reset_after_commit', 'internal_after_commit', 'rate_limited', 'unavailable', 'none'] as const));
  await fetch(`${s.sandbox.baseUrl.replace(/\/v1$/, '')}/_sandbox/faults`, { method: 'POST', headers: { authorization: `Bearer ${s.sandbox.keys.owner}`, 'content-type': 'application/json' }, body: JSON.stringify({ writes: faults }) });
  for (let round = 0; round < 30; round++) {
    ok(await s.invoke('outbox.retry', {}));
    await s.core.local.idle();
    const { entries, counts } = ok<{ entries: OutboxEntry[]; counts: OutboxCounts }>(await s.invoke('outbox.list', {}));
    const open = entries.filter((e) => e.state === 'decision');
    m.conflicts += open.length;
    for (const e of open) ok(await s.invoke('outbox.resolve', { id: e.id, choice: 'again' }));
    if (counts.waiting + counts.decisions === 0 && !open.length) break;
  }
  const { entries, counts } = ok<{ entries: OutboxEntry[]; counts: OutboxCounts }>(await s.invoke('outbox.list', {}));
  expect(counts, JSON.stringify(entries.filter((e) => e.state !== "sent"))).toEqual({ waiting: 0, decisions: 0, failed: 0 });

  // The service holds exactly what the model says.
  const apiCustomers = await apiList(s.sandbox, 'owner', 'customers');
  for (const name of m.customers.keys()) expect(apiCustomers.filter((c) => c.name === name), name).toHaveLength(1);
  const apiTasks = await apiList(s.sandbox, 'owner', 'tasks');
  for (const [title, customer] of m.tasks) {
    const found = apiTasks.filter((t) => t.title === title);
    expect(found, title).toHaveLength(1);
    const want = customer?.startsWith('made:') ? apiCustomers.find((c) => c.name === customer.slice(5))!.id : customer;
    expect(found[0]!.customer_id, title).toBe(want);
  }
  for (const [id, name] of m.names) expect(apiCustomers.find((c) => c.id === id)?.name, id).toBe(name);
  for (const id of m.deleted) expect(apiTasks.some((t) => t.id === id), id).toBe(false);
  const apiLeads = await apiList(s.sandbox, 'owner', 'leads');
  for (const [id, status] of m.leadStatus) expect(apiLeads.find((l) => l.id === id)?.status, id).toBe(status);
  const apiExpenses = await apiList(s.sandbox, 'owner', 'expenses');
  for (const id of m.approved) expect(apiExpenses.find((e) => e.id === id)?.review_status, id).toBe('approved');
  const payments = await apiList(s.sandbox, 'owner', 'expense-payments');
  for (const [id, n] of m.paid) {
    const made = payments.filter((p) => p.payment_date === '2026-11-20' && Array.isArray(p.allocations) && (p.allocations as Rec[]).some((a) => a.expense_id === id));
    expect(made, id).toHaveLength(n);
  }
  console.log(`seed ${seed}: ${entries.length} entries sent, ${m.conflicts} decisions surfaced and settled, faults ${faults.join(',')}`);

  // The copy converges to the service.
  s.core.local.syncNow({ deletions: true });
  await s.core.local.idle();
  for (const area of ['customers', 'tasks', 'leads', 'expenses', 'expense-payments']) {
    const api = await apiList(s.sandbox, 'owner', area);
    const held = await copyList(s, area);
    expect(held, area).toHaveLength(api.length);
    expect(new Map(held.map((r) => [r.id, r])), area).toEqual(new Map(api.map((r) => [r.id, r])));
  }
}

describe('the outbox against a model (property)', () => {
  for (const seed of SEEDS) it(`seed ${seed}: every offline write reaches the service exactly once or is settled by the user; the copy converges`, () => run(seed), 180_000);
});
