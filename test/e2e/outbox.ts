import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES, fillPath, type LocalStatus, type OutboxCounts, type OutboxEntry, type RouteId } from '../../shared';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { allRows } from './export-support';
import { gotoArea, screenshot, waitForDetail, type Row } from './support';
import { confirm, expectHash, fill, newTaskFrom } from './forms';
import { bothThemesA11y } from './both-themes';

type Lang = 'en' | 'he';

/**
 * Issue 38's journey in one language, with the app's network cable pulled through the harness's
 * control endpoint: a customer and a task for them made offline, an expense approved that another
 * client changes meanwhile, a lead edited; the cable back, the customer and the task exist once
 * each, the lead is updated, and the expense's conflict is shown and decided by the user.
 */
export function outboxJourney(lang: Lang): void {
  const T = lang === 'he' ? he : en;
  const stamp = `${lang}${Date.now().toString(36)}`;
  const names = lang === 'he'
    ? { customer: `קפה הנמל ${stamp}`, task: `להתקשר לקפה הנמל ${stamp}`, contact: `דנה לוי ${stamp}`, supplier: `דפוס השרון ${stamp}`, changed: 'שונה במקום אחר' }
    : { customer: `Harbour Café ${stamp}`, task: `Call Harbour Café ${stamp}`, contact: `Dana Levi ${stamp}`, supplier: `Sharon Print ${stamp}`, changed: 'Changed elsewhere' };
  let h: Harness;

  const router = async <T,>(op: string, input: unknown): Promise<T> => {
    const r = await h.core.router.handle(`${h.origin}/`, `ob-${randomUUID()}`, op, input);
    if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
    return r.data as T;
  };
  const outbox = () => router<{ entries: OutboxEntry[]; counts: OutboxCounts }>('outbox.list', {});
  /** A second client: straight to the API, not through the app's network. */
  const write = async (route: RouteId, params: Record<string, string>, body: unknown): Promise<Row> => {
    const r = ROUTES[route];
    const res = await fetch(h.sandbox.baseUrl + fillPath(r.path, params), {
      method: r.method, body: JSON.stringify(body),
      headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json', ...(r.idempotency === 'idempotency_key' ? { 'Idempotency-Key': randomUUID() } : {}) },
    });
    const json = (await res.json()) as { data: Row };
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const get = async (route: RouteId, id: string): Promise<Row> => {
    const res = await fetch(h.sandbox.baseUrl + fillPath(ROUTES[route].path, { id }), { headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
    return ((await res.json()) as { data: Row }).data;
  };
  /** The cable, through the harness's control endpoint (what `POST {control}/network` does for a person at the CLI). */
  const cable = async (online: boolean) => {
    const res = await fetch(`${h.control}/network`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ online }) });
    expect(res.status).toBe(200);
  };
  const badge = (what: 'waiting' | 'decisions' | 'failed') => h.page.getAttribute('[data-testid="outbox-badge"]', `data-${what}`).catch(() => null);
  let expenseId = '';
  let leadId = '';
  let customerTemp = '';

  beforeAll(async () => {
    h = await launchHarness({ lang, localCopy: true, syncIntervalMs: 1_000, sandbox: { rateLimit: 0 } });
    const category = (await allRows(h, 'expenseCategories.list'))[0]!;
    const e = await write('expenses.create', {}, {
      supplier_name: names.supplier, currency: 'ILS', issue_date: new Date().toISOString().slice(0, 10), supplier_document_number: `INV-${stamp}`,
      category_id: category.id, review_status: 'NEEDS_REVIEW', is_credit: false, lines: [{ description: 'Flyers', quantity: '1', unit_price: '250', vat_rate: '0' }],
    });
    expenseId = String(e.id);
    leadId = String((await allRows(h, 'leads.list')).find((l) => l.converted_customer_id === null && l.status !== 'lost')!.id);
    // The copy holds every area the journey writes, the new expense included.
    await vi.waitFor(async () => {
      const s = await router<LocalStatus>('local.status', {});
      if (!['customers', 'tasks', 'leads', 'expenses'].every((a) => s.areas.find((x) => x.area === a)?.ready)) throw new Error('the copy is not ready');
      const held = await router<{ rows: Row[] }>('local.query', { area: 'expenses', filters: [{ column: 'id', op: 'equals', value: expenseId }], sort: [], language: 'en', page: { offset: 0, limit: 1 } });
      if (held.rows.length !== 1) throw new Error('the copy does not hold the new expense yet');
    }, { timeout: 180_000, interval: 500 });
  }, 240_000);
  afterAll(async () => h?.close());

  describe(`changes made with the network cable pulled (${lang})`, () => {
    it('a customer made offline opens at once from the copy, marked waiting, its service-made values not known yet', async () => {
      // The expense's page is read while the cable is in: the approval below is made on that version.
      await gotoArea(h.page, 'expenses', expenseId);
      expect(await waitForDetail(h.page)).toBe('detail');
      await cable(false);
      await gotoArea(h.page, 'customers/new');
      await h.page.waitForSelector('[data-testid="write-form"]');
      await fill(h.page, 'name', names.customer);
      await h.page.click('[data-testid="form-submit"]');
      await expectHash(h.page, /^#\/customers\/[0-9a-f-]{36}$/);
      customerTemp = (await h.page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).split('/')[2]!;
      expect(await waitForDetail(h.page)).toBe('detail');
      expect(await h.page.textContent('#screen-title')).toBe(names.customer);
      await h.page.waitForSelector('[data-testid="record-waiting"] [data-testid="waiting-mark"][data-state="waiting"][data-kind="create"]');
      expect(await h.page.locator('[data-testid="not-yet-known"]').count()).toBeGreaterThan(0);
      await expect.poll(() => badge('waiting')).toBe('1');
      expect((await outbox()).entries[0]).toMatchObject({ route: 'customers.create', temp_id: customerTemp, state: 'waiting', name: names.customer });
      await screenshot(h.page, lang, 'outbox-record-waiting', true);
    });

    it('a task for that customer, started from its page, goes back to it; a list shows both marked', async () => {
      await newTaskFrom(h.page, 'customers', customerTemp, 'customer_id', names.customer, names.task);
      await expect.poll(() => badge('waiting')).toBe('2');
      const task = (await outbox()).entries.find((e) => e.route === 'tasks.create')!;
      expect(task.body).toMatchObject({ title: names.task, customer_id: customerTemp });
      await gotoArea(h.page, 'tasks');
      await h.page.waitForSelector(`[data-testid="list-table"] tr[data-id="${task.temp_id}"][data-local="waiting"] [data-testid="waiting-mark"]`, { timeout: 15_000 });
    });

    it('an approval and a lead\'s edit are kept too; another client changes the expense meanwhile', async () => {
      await gotoArea(h.page, 'expenses', expenseId);
      expect(await waitForDetail(h.page)).toBe('detail');
      await h.page.click('[data-testid="action-approve"]');
      await confirm(h.page);
      await expect.poll(() => badge('waiting'), { timeout: 30_000 }).toBe('3');
      const approve = (await outbox()).entries.find((e) => e.route === 'expenses.approve')!;
      const seen = await get('expenses.get', expenseId);
      await write('expenses.update', { id: expenseId }, { expected_revision: seen.revision, description: names.changed });

      await gotoArea(h.page, `leads/${leadId}/edit`);
      await h.page.waitForSelector('[data-testid="write-form"]');
      await fill(h.page, 'contact_name', names.contact);
      await h.page.click('[data-testid="form-submit"]');
      await expectHash(h.page, new RegExp(`^#/leads/${leadId}$`));
      expect(await waitForDetail(h.page)).toBe('detail');
      // The record's screen shows the kept change from its first paint (read from the copy, which holds it).
      expect(await h.page.textContent('[data-testid="detail-view"]')).toContain(names.contact);
      await h.page.waitForSelector('[data-testid="record-waiting"]');
      await expect.poll(() => badge('waiting')).toBe('4');
      const lead = (await outbox()).entries.find((e) => e.route === 'leads.update')!;
      // Only what the user changed, with its value when the form opened.
      expect(lead.body).toEqual({ contact_name: names.contact });
      expect(approve.state).toBe('waiting');
      await screenshot(h.page, lang, 'outbox-badge');

      await h.page.click('[data-testid="outbox-badge"]');
      await h.page.waitForSelector('[data-testid="outbox-table"]');
      expect(await h.page.locator('[data-testid="outbox-table"] tbody tr').count()).toBe(4);
      // Every action button whole inside the box the table is seen in (none cut off at the window's side, in either direction).
      const cut = await h.page.evaluate(() => {
        type El = { textContent: string | null; getBoundingClientRect(): { left: number; right: number } };
        const d = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El> } }).document;
        // The box that shows the table (it scrolls sideways when the table is wider: what is past it is not seen).
        const box = d.querySelector('.list-scroll:has([data-testid="outbox-table"])')!.getBoundingClientRect();
        return Array.from(d.querySelectorAll('[data-testid="outbox-actions"] button, [data-testid="outbox-actions"] a'))
          .filter((b) => { const r = b.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map((b) => b.textContent);
      });
      expect(cut).toEqual([]);
      await bothThemesA11y(h.page, lang, 'the outbox, four changes waiting', 'outbox-screen');
    });

    it('the cable back: each sent once, the task naming the new customer, the lead updated; the changed expense waits for the user', async () => {
      await cable(true);
      // Once the service answers again, the copy's next pass sends what waits by itself: "Send now" only hurries it,
      // and it is gone once nothing waits (on a busy machine, before the click lands).
      const sendNow = h.page.locator('[data-testid="outbox-send-now"]');
      await sendNow.click({ timeout: 10_000 }).catch(async (e: unknown) => { if (await sendNow.count()) throw e; });
      await expect.poll(async () => (await outbox()).counts, { timeout: 60_000 }).toEqual({ waiting: 0, decisions: 1, failed: 0 });
      const customers = (await allRows(h, 'customers.list')).filter((c) => c.name === names.customer);
      expect(customers).toHaveLength(1);
      const tasks = (await allRows(h, 'tasks.list')).filter((t) => t.title === names.task);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.customer_id).toBe(customers[0]!.id);
      expect((await get('leads.details', leadId)).contact_name).toBe(names.contact);
      expect((await get('expenses.get', expenseId)).review_status).toBe('needs_review');
      // The customer's page under its temporary id moves to the service's record.
      await gotoArea(h.page, 'customers', customerTemp);
      await expectHash(h.page, new RegExp(`^#/customers/${String(customers[0]!.id)}$`));
      await expect.poll(() => badge('decisions')).toBe('1');
    });

    it('the decision shows the version the user approved and the current one; "Send mine again" approves the current one', async () => {
      await h.page.click('[data-testid="outbox-badge"]');
      const row = h.page.locator('[data-testid="outbox-table"] tr[data-state="decision"][data-why="stale_revision"]');
      await row.locator('[data-testid="outbox-decide"]').click();
      await h.page.waitForSelector('[data-testid="outbox-entry"][data-why="stale_revision"]');
      const stale = h.page.locator('[data-testid="outbox-stale"]');
      expect(await stale.locator('tr[data-field="description"] [data-side="current"]').textContent()).toBe(names.changed);
      await bothThemesA11y(h.page, lang, 'the decision on a changed expense', 'outbox-decision');
      await h.page.click('[data-testid="outbox-again"]');
      await expect.poll(async () => (await get('expenses.get', expenseId)).review_status, { timeout: 60_000 }).toBe('approved');
      await expect.poll(async () => (await outbox()).counts).toEqual({ waiting: 0, decisions: 0, failed: 0 });
      await h.page.waitForSelector('[data-testid="outbox-badge"]', { state: 'detached' });
      expect(await h.page.textContent('[data-testid="outbox-empty"]')).toBe(T.outbox.empty);
    });
  });
}
