import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../electron/sandbox';
import { isUncertain, keyFor } from '../../shared';
import type { BridgeError, BridgeResult } from '../../shared';
import { launchHarness, type Harness } from '../harness/launch';
import { fill, pick, submitToRecord } from './forms';
import { apiGet, apiWrite, gotoArea, screenshot, waitForDetail, type Row } from './support';

/**
 * The app on a bad network: the sandbox's fault mix (a 500 or a lost connection after the write was
 * applied, 429, 500 and 503 before it) strikes the user's own submissions. The screen says what
 * happened, the user's retry never duplicates, and nothing typed is lost. Documents and customers go
 * through their forms; the expense approval goes through the page's bridge with the app's write
 * rules (shared/writes/outcome.ts), as its screen is not on this branch.
 */

const LANG = 'en';
let h: Harness;
const stamp = Date.now().toString(36);
const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
const seen: Record<string, number> = {};

beforeAll(async () => { h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0, onFault: (f) => { seen[f] = (seen[f] ?? 0) + 1; } } }); }, 180_000);
afterAll(async () => {
  console.log(`app under faults: faults that struck the app's writes: ${Object.entries(seen).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  await h?.close();
});

/** The next writes of the sandbox meet these faults, in order. */
async function faultNextWrites(writes: Fault[]): Promise<void> {
  const r = await fetch(`${new URL(h.sandbox.baseUrl).origin}/_sandbox/faults`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
  expect(r.status).toBe(201);
}

const named = async (route: 'customers.list' | 'documents.list', field: 'name' | 'title', text: string) =>
  ((await api(route, { query: { limit: 100, search: text } })).data as Row[]).filter((r) => r[field] === text);

async function uncertainStatus(): Promise<string | null> {
  const alert = await h.page.waitForSelector('[data-testid="write-uncertain"]', { timeout: 30_000 });
  return alert.getAttribute('data-status');
}

describe('a document created on a bad network', () => {
  it('every fault of the mix on one submission: the screen says submitting again is safe, the form keeps what was typed, the retry makes no second document', async () => {
    const customer = ((await api('customers.list', { query: { limit: 1 } })).data as Row[])[0]!;
    const title = `Faulty invoice ${stamp}`;
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await pick(h.page, 'customer_id', String(customer.name));
    await fill(h.page, 'title', title);
    await fill(h.page, 'lines.0.name', 'Consulting under faults');
    await fill(h.page, 'lines.0.unit_price', '250');
    // Applied then 500; the client's retries: replayed then reset, 429, 500, 503. The client gives up.
    await faultNextWrites(['internal_after_commit', 'reset_after_commit', 'rate_limited', 'internal', 'unavailable']);
    await h.page.click('[data-testid="form-submit"]');
    expect(await uncertainStatus()).toBe('retry_safe');
    expect(await h.page.textContent('[data-testid="write-uncertain"]')).toContain('Submitting again is safe');
    await screenshot(h.page, LANG, 'faults-document-retry-safe', true);
    expect(await h.page.inputValue('input[data-field="title"]')).toBe(title);
    expect(await h.page.inputValue('input[data-field="lines.0.name"]')).toBe('Consulting under faults');
    expect(await h.page.inputValue('input[data-field="lines.0.unit_price"]')).toBe('250');
    // The first attempt was applied: one document already, and the user's retry must not make another.
    const before = await named('documents.list', 'title', title);
    expect(before).toHaveLength(1);
    const id = await submitToRecord(h.page, 'documents');
    expect(id).toBe(before[0]!.id);
    expect(await named('documents.list', 'title', title)).toHaveLength(1);
  });
});

describe('a customer (a plain create, no request key) on a bad network', () => {
  /** A new customer typed in, from the customers list (after a look at the customer `seen`, when given). */
  const openForm = async (typed: string, seen?: string) => {
    if (seen) {
      await gotoArea(h.page, 'customers', seen);
      expect(await waitForDetail(h.page)).toBe('detail');
    }
    await gotoArea(h.page, 'customers');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', typed);
    await fill(h.page, 'contact_person', 'Faulty');
  };

  it('applied, then a 500: the app looks it up, finds it saved, opens it and says so', async () => {
    const name = `Cash customer ${stamp}`;
    await openForm(name);
    await faultNextWrites(['internal_after_commit']);
    const id = await submitToRecord(h.page, 'customers');
    const notice = h.page.locator('[data-testid="notice-success"]', { hasText: name });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('the answer was lost, and a lookup found it saved');
    await screenshot(h.page, LANG, 'faults-customer-recovered');
    expect((await named('customers.list', 'name', name)).map((c) => c.id)).toEqual([id]);
  });

  it('a second one of the same name, refused before it was applied: the lookup does not take the first for it; "not saved", and the retry makes the second', async () => {
    // The first of the name, made a moment ago elsewhere; the user has just looked at it.
    const name = `Walk-in customer ${stamp}`;
    const first = await apiWrite(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.create', { body: { name, contact_person: 'Faulty' } });
    await openForm(name, String(first.id));
    await faultNextWrites(['internal']);
    await h.page.click('[data-testid="form-submit"]');
    expect(await uncertainStatus()).toBe('not_saved');
    await screenshot(h.page, LANG, 'faults-customer-not-saved', true);
    expect(await h.page.inputValue('input[data-field="name"]')).toBe(name);
    expect(await h.page.inputValue('input[data-field="contact_person"]')).toBe('Faulty');
    expect(await named('customers.list', 'name', name)).toHaveLength(1);
    await submitToRecord(h.page, 'customers');
    expect(await named('customers.list', 'name', name)).toHaveLength(2);
  });
});

describe('an expense approved on a bad network (through the page\'s bridge, with the app\'s write rules)', () => {
  interface Expense { id: string; revision: number; review_status: string }
  const invoke = (input: unknown) => h.page.evaluate((i) => (globalThis as unknown as { bridge: { invoke(o: string, x: unknown): Promise<unknown> } }).bridge.invoke('api.call', i), input) as Promise<BridgeResult<{ data: Expense }>>;

  it('the answer lost after the approval and the client\'s retries failing: the same key again approves it once; a stale approval meets 409', async () => {
    const category = ((await api('expenseCategories.list', { query: { limit: 1 } })).data as Row[])[0]!;
    const created = await invoke({ route: 'expenses.create', body: { supplier_name: 'Faulty supplier', currency: 'ILS', issue_date: '2026-11-01', category_id: category.id, review_status: 'NEEDS_REVIEW', lines: [{ description: 'Paper', quantity: '2', unit_price: '40.00', vat_rate: '18' }] } });
    if (!created.ok) throw new Error(created.error.message);
    const e = created.data.data;
    const body = { expected_revision: e.revision, confirmed: true };
    const submission = keyFor(null, JSON.stringify({ route: 'expenses.approve', id: e.id, body }));
    await faultNextWrites(['rate_limited', 'reset_after_commit', 'internal_after_commit', 'internal', 'internal']);
    const first = await invoke({ route: 'expenses.approve', params: { id: e.id }, body, idempotency_key: submission.key });
    expect(first.ok).toBe(false);
    const err = (first as { error: BridgeError }).error;
    // What the screen is told: an outcome that is not known, with the key to send again.
    expect(isUncertain(err)).toBe(true);
    expect(err.idempotency_key).toBe(submission.key);
    expect(((await api('expenses.get', { params: { id: e.id } })).data as Expense)).toMatchObject({ review_status: 'approved', revision: e.revision + 1 });
    const again = keyFor(submission, JSON.stringify({ route: 'expenses.approve', id: e.id, body }));
    expect(again.key).toBe(submission.key);
    const retry = await invoke({ route: 'expenses.approve', params: { id: e.id }, body, idempotency_key: again.key });
    expect(retry.ok && retry.data.data).toMatchObject({ review_status: 'approved', revision: e.revision + 1 });
    expect(((await api('expenses.get', { params: { id: e.id } })).data as Expense).revision).toBe(e.revision + 1);
    // Another approval from the revision read before (a new submission, so a new key): the 409 path.
    const stale = await invoke({ route: 'expenses.approve', params: { id: e.id }, body, idempotency_key: keyFor(null, 'another submission').key });
    expect(stale.ok ? null : stale.error).toMatchObject({ kind: 'api', status: 409, code: 'revision_conflict' });
  });
});
