import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../electron/client';
import { ROOT } from '../harness/launch';
import { prng } from './stack';

/**
 * The demo sandbox killed (SIGKILL) in the middle of writes, several times over, and restarted from
 * its --data file each time. After each restart: the file loads, every write that was answered is
 * there, no payment is half-applied (each allocation is on its expense and each expense's balance and
 * revision count its payments), and the writes whose answers the kill swallowed, sent again with their
 * keys, exist exactly once.
 */

const CYCLES = 4;
const WRITERS = 4;
/** Expenses each writer pays; a payment allocates to two of them, so a half-applied one would show. */
const POOL = 3;
const SEED = 5;

interface Ready { base_url: string; keys: { owner: string } }
interface Expense { id: string; revision: number; total: string; balance_due: string; payment_allocations: { payment_id: string; amount: string; reversed: boolean }[]; credits: { amount: string }[] }
interface Payment { id: string; allocations: { expense_id: string; amount: string }[] }

/** One logical write: its route, body and key, and what is known about it. */
interface Write {
  route: 'expensePayments.create' | 'documents.create';
  body: Record<string, unknown>;
  key: string;
  state: 'answered' | 'unknown' | 'refused';
  id?: string;
  /** The expenses a payment allocates to. */
  expenses?: string[];
  /** Its details were read after a restart (a document's receipt payment). */
  checked?: boolean;
}

let dir: string;
let file: string;
let child: ChildProcess | null = null;
const rand = prng(SEED);
const counts = { cycles: 0, writes: 0, answered: 0, unknownAtKill: 0, resentReplayed: 0, resentApplied: 0, checkedExpenses: 0, checkedPayments: 0, checkedDocuments: 0 };

async function start(): Promise<ApiClient> {
  const c = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--seed', String(SEED), '--rate-limit', '0', '--data', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child = c;
  let err = '';
  c.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    c.stdout!.on('data', (d: Buffer) => { buf += d.toString(); if (buf.includes('\n')) resolve(buf.split('\n')[0]!); });
    c.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${err}`)));
  });
  const ready = JSON.parse(line) as Ready;
  return new ApiClient({ baseUrl: ready.base_url, apiKey: ready.keys.owner, retry: { maxRetries: 0 }, attemptTimeoutMs: 10_000 });
}

async function kill(): Promise<void> {
  const c = child;
  if (!c || c.exitCode !== null) return;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGKILL');
  await gone;
  child = null;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-crash-'));
  file = join(dir, 'demo-data.json');
});
afterAll(async () => {
  await kill();
  await rm(dir, { recursive: true, force: true });
});

/** Sends a write with its key; an answer makes it answered (a payment's answer holds its expenses' new revisions). */
async function send(client: ApiClient, w: Write): Promise<{ id: string; revision: number }[]> {
  const r = await client.callUnknown(w.route, { body: w.body }, w.route === 'expensePayments.create' ? { idempotencyKey: w.key } : {});
  const data = r.data as { id?: string; payment_id?: string; expenses?: { id: string; revision: number }[] };
  w.id = data.payment_id ?? data.id;
  w.state = 'answered';
  return data.expenses ?? [];
}

/** Approved expenses for each writer (the first cycle makes them; they are written like any other). */
async function makePools(client: ApiClient): Promise<{ id: string; revision: number }[][]> {
  const category = (await client.call('expenseCategories.create', { body: { name: 'Crash test' } })).data.id;
  const pools: { id: string; revision: number }[][] = [];
  for (let w = 0; w < WRITERS; w++) {
    const pool: { id: string; revision: number }[] = [];
    for (let i = 0; i < POOL; i++) {
      const e = (await client.call('expenses.create', { body: { supplier_name: `Crash ${w}.${i}`, currency: 'ILS', issue_date: '2026-11-01', category_id: category, review_status: 'NEEDS_REVIEW', lines: [{ description: 'x', quantity: '1', unit_price: '1000.00', vat_rate: '0' }] } })).data;
      const a = (await client.call('expenses.approve', { params: { id: e.id }, body: { expected_revision: e.revision, confirmed: true } })).data;
      pool.push({ id: a.id, revision: a.revision });
    }
    pools.push(pool);
  }
  return pools;
}

let customerId = '';
let seq = 0;
const began = new Date(Date.now() - 60_000).toISOString();

/** A writer pays its own expenses, one payment at a time over two of them, and issues documents with a receipt payment. */
async function writer(client: ApiClient, pool: { id: string; revision: number }[], log: Write[], stop: () => boolean): Promise<void> {
  while (!stop()) {
    const n = ++seq;
    const w: Write = rand() < 0.7
      ? (() => {
        const [x, y] = [pool[n % POOL]!, pool[(n + 1) % POOL]!];
        const cents = (n % 90) + 1;
        const amount = (cents / 100).toFixed(2);
        return {
          route: 'expensePayments.create' as const, key: `crash-payment-${n}-${Date.now()}`, state: 'unknown' as const, expenses: [x.id, y.id],
          body: { direction: 'OUTGOING', amount: ((2 * cents) / 100).toFixed(2), currency: 'ILS', payment_date: '2026-11-02', method: 'CASH', allocations: [{ expense_id: x.id, expected_revision: x.revision, amount }, { expense_id: y.id, expected_revision: y.revision, amount }] },
        };
      })()
      : { route: 'documents.create' as const, key: crypto.randomUUID(), state: 'unknown' as const, body: { document_type: 'TAX_INVOICE_RECEIPT', customer_id: customerId, title: `Crash document ${n}`, lines: [{ name: 'Item', quantity: '1', unit_price: '50' }], receipt_payments: [{ method: 'CASH', amount: '59', payment_date: '2026-11-02' }] } };
    if (w.route === 'documents.create') w.body.client_request_id = w.key;
    log.push(w);
    counts.writes++;
    try {
      for (const e of await send(client, w)) pool.find((x) => x.id === e.id)!.revision = e.revision;
      counts.answered++;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'api') { w.state = 'refused'; throw e; }
      return; // the sandbox is gone: this write's outcome is unknown
    }
  }
}

/**
 * Whether a write is in the state: a payment moved its first expense past the revision it expected
 * (its writer sends nothing else to those expenses meanwhile); a document is found by its title.
 */
async function wasSaved(client: ApiClient, w: Write): Promise<boolean> {
  if (w.route === 'documents.create') {
    const title = String(w.body.title);
    const found = (await client.call('documents.list', { query: { search: title, limit: 10 } })).data.filter((d) => d.title === title);
    expect(found.length, title).toBeLessThanOrEqual(1);
    return found.length === 1;
  }
  const e = (await client.call('expenses.get', { params: { id: w.expenses![0]! } })).data;
  const expected = (w.body.allocations as { expected_revision: number }[])[0]!.expected_revision;
  return e.revision > expected;
}

/** Every row of a list created since the test began. */
async function everyRow<T>(client: ApiClient, route: 'expenses.list' | 'expensePayments.list'): Promise<T[]> {
  const out: T[] = [];
  for await (const r of client.iterate(route, { query: { limit: 100, created_after: began } })) out.push(r as T);
  return out;
}

/** No half-applied payment: each allocation is on its expense; each expense's balance and revision count its payments. */
async function checkConsistent(client: ApiClient, pools: { id: string }[][], log: Write[]): Promise<void> {
  const expenses = new Map((await everyRow<Expense>(client, 'expenses.list')).map((e) => [e.id, e]));
  const payments = new Map((await everyRow<Payment>(client, 'expensePayments.list')).map((p) => [p.id, p]));
  for (const id of pools.flat().map((p) => p.id)) {
    const e = expenses.get(id)!;
    expect(e, id).toBeDefined();
    const live = e.payment_allocations.filter((a) => !a.reversed);
    expect(Number(e.balance_due), id).toBeCloseTo(Number(e.total) - live.reduce((s, a) => s + Number(a.amount), 0), 2);
    // create + approve, then one revision per payment that touched it
    expect(e.revision, id).toBe(2 + e.payment_allocations.length);
    for (const a of e.payment_allocations) expect(payments.get(a.payment_id)?.allocations, a.payment_id).toContainEqual({ expense_id: id, amount: a.amount });
    counts.checkedExpenses++;
  }
  for (const p of payments.values()) {
    for (const a of p.allocations) {
      expect(expenses.get(a.expense_id)?.payment_allocations.map((x) => x.payment_id), p.id).toContain(p.id);
    }
    counts.checkedPayments++;
  }
  const documents = new Set<string>();
  for await (const d of client.iterate('documents.list', { query: { limit: 100, created_after: began } })) documents.add(d.id);
  for (const w of log.filter((x) => x.state === 'answered')) {
    // Every answered write, after every restart; a document's payment once, in its details.
    if (w.route === 'expensePayments.create') expect(payments.has(w.id!), `answered payment ${w.id}`).toBe(true);
    else expect(documents.has(w.id!), `answered document ${w.id}`).toBe(true);
    if (w.checked || w.route !== 'documents.create') continue;
    w.checked = true;
    // The receipt is on the document and in the payments, or the document would be half there.
    const d = (await client.call('documents.details', { params: { id: w.id! } })).data as { id: string; payments: { id: string }[]; status: string };
    expect([d.payments.length, d.status], w.id).toEqual([1, 'closed']);
    expect((await client.call('payments.get', { params: { id: d.payments[0]!.id } })).data.document_id).toBe(d.id);
    counts.checkedDocuments++;
  }
}

describe('sandbox persistence under a crash', () => {
  it(`killed ${CYCLES} times in the middle of writes, it restarts consistent with every answered write`, async () => {
    let client = await start();
    customerId = (await client.call('customers.list', { query: { limit: 1 } })).data[0]!.id;
    const pools = await makePools(client);
    const log: Write[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const answeredBefore = counts.answered;
      const target = answeredBefore + 10 + Math.floor(rand() * 30);
      let killed = false;
      const writers = pools.map((pool) => writer(client, pool, log, () => killed));
      // Kill while the writers are mid-flight, once enough writes were answered.
      while (counts.answered < target) await new Promise((r) => setTimeout(r, 5));
      killed = true;
      await kill();
      await Promise.allSettled(writers);
      counts.cycles++;
      expect(log.filter((w) => w.state === 'refused')).toEqual([]);
      const unknown = log.filter((w) => w.state === 'unknown');
      counts.unknownAtKill += unknown.length;

      client = await start();
      await checkConsistent(client, pools, log);
      // The writes the kill left unknown, sent again with their keys: replayed if they were saved, applied now if not.
      for (const w of unknown) {
        const saved = await wasSaved(client, w);
        await send(client, w);
        if (saved) counts.resentReplayed++;
        else counts.resentApplied++;
        expect(await wasSaved(client, w), 'saved once sent again').toBe(true);
      }
      for (const pool of pools) for (const p of pool) p.revision = (await client.call('expenses.get', { params: { id: p.id } })).data.revision;
      await checkConsistent(client, pools, log);
      // Each logical payment exists once: allocations per expense equal the payments that name it.
      const allocations = new Map<string, number>();
      for (const w of log.filter((x) => x.route === 'expensePayments.create')) for (const id of w.expenses!) allocations.set(id, (allocations.get(id) ?? 0) + 1);
      for (const [id, n] of allocations) expect((await client.call('expenses.get', { params: { id } })).data.payment_allocations, id).toHaveLength(n);
    }
    await kill();
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp')).length).toBeLessThanOrEqual(1);
    expect(counts.unknownAtKill).toBeGreaterThan(0);
    console.log(`crash persistence: ${counts.cycles} kills mid-writes; writes ${counts.writes}, answered ${counts.answered}, unknown at the kill ${counts.unknownAtKill} (sent again: ${counts.resentReplayed} replayed, ${counts.resentApplied} applied now); checks after restarts: ${counts.checkedExpenses} of expenses, ${counts.checkedPayments} of payments, ${counts.checkedDocuments} of documents' receipts; inconsistencies 0, lost answered writes 0`);
  }, 120_000);
});
