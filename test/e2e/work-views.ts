import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import type { LocalStatus } from '../../shared';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { EPOCH_ISO } from '../../electron/sandbox/seed';
import { axeViolations, blocking } from './axe';
import { bothThemesA11y } from './both-themes';
import { apiGet, currentHash, gotoArea, screenshot, type Row } from './support';
import { textsIn } from '../texts';
import { allRows, figureOf, openDocs, owedOf, pipeline, receivables, review, shownFigure, type Figure } from './work-oracle';

const ZONE = 'Asia/Jerusalem';
/** The page's today: the seed's own day (its dates are fixed), so every date-relative figure counts something on any day the tests run. */
const TODAY = EPOCH_ISO.slice(0, 10);
type Globals = { document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }> } };

/** Every area of the copy filled (or refused to the key). */
async function copyFilled(h: Harness): Promise<void> {
  for (const end = Date.now() + 90_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
    const r = await h.core.router.handle(`${h.origin}/`, `st-${Math.random()}`, 'local.status', {});
    if (r.ok && (r.data as LocalStatus).areas.every((a) => a.ready || a.state === 'denied')) return;
  }
  throw new Error('the local copy did not fill within 90 s');
}

/** Waits until every section of a view (home or a record's related sections) has its figures on screen. */
async function allDone(page: Page, attr: 'data-home-section' | 'data-related'): Promise<void> {
  await page.waitForFunction((a) => {
    const s = Array.from((globalThis as unknown as Globals).document.querySelectorAll(`[${a}]`));
    return s.length > 0 && s.every((x) => x.getAttribute('data-state') === 'done');
  }, attr, { timeout: 30_000, polling: 100 });
}

async function figure(page: Page, id: string): Promise<Figure> {
  const el = page.locator(`[data-testid="figure-${id}"]`);
  return shownFigure(await el.getAttribute('data-count'), await el.getAttribute('data-amounts'));
}
/** What a sum of what is owed holds: `balance` (payments subtracted) or `total`. */
const basisOf = (page: Page, id: string) => page.getAttribute(`[data-testid="figure-${id}"]`, 'data-basis');
const RECEIVABLES = ['openReceivables', 'overdue', 'days0to30', 'days31to60', 'days61to90', 'days90plus'] as const;

const noBlockingA11y = async (page: Page, what: string) => expect(blocking(await axeViolations(page)), what).toEqual([]);

/** A records section of a record's page: its total and the ids of the rows it shows, in order ("None." when it has none). */
async function relatedShown(page: Page, key: string): Promise<{ total: number; ids: string[] }> {
  const table = page.locator(`[data-testid="related-table-${key}"]`);
  if ((await table.count()) === 0) {
    expect(await page.locator(`[data-testid="related-${key}"] [data-testid="related-none"]`).count(), `${key}: says none`).toBe(1);
    return { total: 0, ids: [] };
  }
  const ids = await page.$$eval(`[data-testid="related-table-${key}"] tbody tr`, (trs) => trs.map((tr) => tr.getAttribute('data-id') ?? ''));
  return { total: Number(await table.getAttribute('data-total')), ids };
}

/** Tax invoices and tax invoice receipts issued from 1 January to today (resources/related.ts, billedThisYear). */
const billedThisYear = (docs: readonly Row[], today: string) => docs.filter((d) =>
  ['TAX_INVOICE', 'TAX_INVOICE_RECEIPT'].includes(String(d.document_type).toUpperCase()) && typeof d.issue_date === 'string' && d.issue_date >= `${today.slice(0, 4)}-01-01` && d.issue_date <= today);
/** A related section shows this many rows at most (rules/related.ts SHOWN); its link lists them all. */
const SHOWN = 10;

/**
 * Issue 22's work views in one language, against the sandbox with the local copy on: the home
 * screen's figures equal sums computed here from the API; a figure opens the list of exactly its
 * records; the lead board's drag changes a status (checked through the API); a customer's page
 * shows their open balance and documents; the palette remembers the records viewed.
 */
export function workViewsJourney(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  let h: Harness;
  let today = '';
  beforeAll(async () => {
    h = await launchHarness({ lang, localCopy: true, timezoneId: ZONE, today: TODAY, sandbox: { rateLimit: 0 } });
    await copyFilled(h);
    today = TODAY;
    expect(await h.page.evaluate(() => new Date().toISOString().slice(0, 10)), 'the page\'s clock').toBe(TODAY);
  }, 180_000);
  afterAll(async () => h?.close());

  describe(`work views on the local copy (${lang})`, () => {
    it('home: the owner\'s receivables and ageing, the bookkeeper\'s review, the pipeline, each equal to the API\'s sums', async () => {
      const [docs, payments, expenses, leads] = [await allRows(h, 'documents.list'), await allRows(h, 'payments.list'), await allRows(h, 'expenses.list'), await allRows(h, 'leads.list')];
      await gotoArea(h.page, '');
      await h.page.waitForSelector('[data-testid="home"]');
      await allDone(h.page, 'data-home-section');
      expect(await h.page.getAttribute('[data-testid="home"]', 'data-roles')).toBe('owner bookkeeper sales');

      // What is owed: each open document's total less the payments recorded against it, per currency.
      const r = receivables(docs, today, payments);
      for (const key of RECEIVABLES) {
        expect(await figure(h.page, key), key).toEqual(r[key]);
        expect(await basisOf(h.page, key), key).toBe('balance');
        // On the seed's day every figure counts something (no 0 = 0), in more than one currency in all.
        expect(r[key].count, `${key} counts documents`).toBeGreaterThan(0);
      }
      expect(Object.keys(r.openReceivables.sums).length, 'receivables in more than one currency').toBeGreaterThan(1);
      expect(r.openReceivables, 'partly paid documents make the balance less than the totals').not.toEqual(receivables(docs, today, null).openReceivables);
      expect(await h.page.locator('[data-testid="home-receivables"] [data-testid="owed-note"]').count(), 'no "full totals" note').toBe(0);
      const rv = review(expenses);
      expect(await figure(h.page, 'waitingReview')).toEqual(rv.waitingReview);
      for (const [code, n] of Object.entries(rv.blocked)) expect((await figure(h.page, `issue-${code}`)).count, code).toBe(n);
      for (const [status, n] of Object.entries(pipeline(leads))) expect((await figure(h.page, `pipeline-${status}`)).count, status).toBe(n);
      // Words of this language, and the copy's time.
      expect(await h.page.textContent('[data-testid="home-receivables"] h3')).toBe(m.home.sections.receivables);
      expect(await h.page.locator('[data-testid="home-receivables"] [data-testid="as-of"]').count()).toBe(1);

      // The chart's figures as a table for screen readers (hidden), in the page from the frame after the figures.
      const hiddenTable = h.page.locator('[data-testid="chart-sales-table"]');
      await hiddenTable.waitFor({ state: 'attached' });
      expect(await hiddenTable.locator('tbody tr').count()).toBe(12);
      expect(await h.page.locator('.visually-hidden > [data-testid="chart-sales-table"]').count()).toBe(1);
      await screenshot(h.page, lang, 'home-light', true);
      await noBlockingA11y(h.page, 'home, light');
      await h.page.click('[data-testid="theme-switch"] [data-theme="dark"]');
      await expect.poll(() => h.page.getAttribute('html', 'data-mantine-color-scheme')).toBe('dark');
      await h.page.waitForTimeout(300);
      await screenshot(h.page, lang, 'home-dark', true);
      await noBlockingA11y(h.page, 'home, dark');
      // The charts' figures as a table, for everyone.
      await h.page.click('[data-testid="chart-sales-toggle"]');
      await screenshot(h.page, lang, 'home-dark-table', true);
      await noBlockingA11y(h.page, 'home, dark, chart as table');
      await h.page.click('[data-testid="theme-switch"] [data-theme="light"]');
    }, 120_000);

    it('a figure opens the list filtered to exactly its records', async () => {
      const docs = await allRows(h, 'documents.list');
      const overdue = receivables(docs, today, null);
      await gotoArea(h.page, '');
      await h.page.waitForSelector('[data-testid="home"]');
      await allDone(h.page, 'data-home-section');
      await h.page.click('[data-testid="figure-overdue"] a');
      await h.page.waitForSelector('[data-testid="local-total"]');
      await expect.poll(() => h.page.getAttribute('[data-testid="local-total"]', 'data-count')).toBe(String(overdue.overdue.count));
      // The link's view has left the address; the filters it set are said above the table.
      expect(await currentHash(h.page)).toBe('#/documents');
      expect(await h.page.locator('[data-testid="active-filters"] [data-column]').evaluateAll((els) => els.map((e) => (e as unknown as { getAttribute(n: string): string | null }).getAttribute('data-column')))).toEqual(['payment_status', 'due_date']);
      const shown = await h.page.$$eval('[data-testid="list-table"] tbody tr[data-id]', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
      expect(shown.length).toBeGreaterThan(0);
      for (const id of shown) expect(overdue.overdueIds).toContain(id);
      await screenshot(h.page, lang, 'home-figure-list');
      await h.page.click('[data-testid="local-clear"]');
    }, 60_000);

    it('the lead board: a drag changes the status, "lost" asks for the reason (checked through the API)', async () => {
      await gotoArea(h.page, 'lead-board');
      await h.page.waitForSelector('[data-testid="board-column-new"] [data-testid^="board-card-"]');
      const card = h.page.locator('[data-testid="board-column-new"] [data-testid^="board-card-"]').first();
      const id = (await card.getAttribute('data-testid'))!.replace('board-card-', '');
      await bothThemesA11y(h.page, lang, 'lead board', 'lead-board');
      // Dropped on the column's heading: any point of the column takes it.
      await card.dragTo(h.page.locator('[data-testid="board-column-contacted"]'), { targetPosition: { x: 40, y: 12 } });
      const lead = async (leadId: string) => (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'leads.details', { params: { id: leadId } })).data as Row;
      await expect.poll(async () => (await lead(id)).status, { timeout: 15_000 }).toBe('contacted');
      await h.page.waitForSelector(`[data-testid="board-column-contacted"] [data-testid="board-card-${id}"]`);

      // From the keyboard's menu: to "lost", which asks why first.
      const other = h.page.locator('[data-testid="board-column-proposal"] [data-testid^="board-card-"]').first();
      const otherId = (await other.getAttribute('data-testid'))!.replace('board-card-', '');
      await h.page.click(`[data-testid="move-${otherId}"]`);
      await h.page.click(`[data-testid="move-${otherId}-lost"]`);
      const reason = lang === 'en' ? 'Chose another supplier' : 'בחרו בספק אחר';
      await h.page.fill('[data-testid="loss-reason"]', reason);
      await screenshot(h.page, lang, 'lead-board-lost');
      await h.page.click('[data-testid="loss-submit"]');
      await expect.poll(async () => (await lead(otherId)).status, { timeout: 15_000 }).toBe('lost');
      expect((await lead(otherId)).loss_reason).toBe(reason);
      await h.page.waitForSelector(`[data-testid="board-column-lost"] [data-testid="board-card-${otherId}"]`);
    }, 60_000);

    it('a customer\'s page: totals, documents (open first), payments, tasks and the lead they came from as the API has them; a section opens its list; the palette remembers it', async () => {
      const [docs, payments, tasks, leads] = [await allRows(h, 'documents.list'), await allRows(h, 'payments.list'), await allRows(h, 'tasks.list'), await allRows(h, 'leads.list')];
      const byCustomer = new Map<string, Row[]>();
      for (const d of docs) { const c = String((d.customer as Row).id); byCustomer.set(c, [...(byCustomer.get(c) ?? []), d]); }
      const paymentsOf = (c: string) => payments.filter((p) => p.customer_id === c);
      const tasksOf = (c: string) => tasks.filter((t) => t.customer_id === c);
      const leadsOf = (c: string) => leads.filter((l) => l.converted_customer_id === c);
      const owed = owedOf(payments);
      const partlyPaid = (ds: Row[]) => openDocs(ds).some((d) => owed(d) !== Number(d.total_minor));
      // A customer with open documents and settled ones; of those, one with an open document partly paid
      // (so what is owed is not the totals), who came from a lead, with payments, tasks, billing this year
      // and overdue documents, as far as the seed has such a customer.
      const score = ([c, ds]: [string, Row[]]) => (partlyPaid(ds) ? 32 : 0) + (leadsOf(c).length ? 16 : 0) + (paymentsOf(c).length ? 8 : 0) + (tasksOf(c).length ? 4 : 0)
        + (billedThisYear(ds, today).length ? 2 : 0) + (receivables(ds, today, payments).overdue.count ? 1 : 0);
      const candidates = [...byCustomer].filter(([, ds]) => openDocs(ds).length >= 1 && ds.length > openDocs(ds).length);
      const [customerId, theirs] = candidates.reduce((best, c) => (score(c) > score(best) ? c : best));
      /** A section's total is the API's count of theirs, and it shows the first SHOWN of them: each shown row's value of `field`. */
      const shownOf = async (key: 'payments' | 'tasks', theirs: Row[], field: string): Promise<string[]> => {
        await expect.poll(async () => (await relatedShown(h.page, key)).total, { message: key }).toBe(theirs.length);
        const { ids } = await relatedShown(h.page, key);
        expect(ids).toHaveLength(Math.min(SHOWN, theirs.length));
        const valueOf = new Map(theirs.map((r) => [String(r.id), String(r[field])]));
        for (const id of ids) expect(valueOf.has(id), `${key}: ${id} is theirs`).toBe(true);
        return ids.map((id) => valueOf.get(id)!);
      };
      /** The payments (newest first) and tasks (open first) sections of the customer on screen: their totals and rows are the API's. */
      const sectionsAsApi = async (c: string) => {
        const dates = await shownOf('payments', paymentsOf(c), 'payment_date');
        expect(dates, 'payments newest first').toEqual([...dates].sort().reverse());
        const theirTasks = tasksOf(c);
        const statuses = await shownOf('tasks', theirTasks, 'status');
        const open = Math.min(SHOWN, theirTasks.filter((t) => t.status === 'open').length);
        expect(statuses.map((s) => s === 'open'), 'open tasks first').toEqual(statuses.map((_, i) => i < open));
      };
      const customer = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.details', { params: { id: customerId } })).data as Row;
      await gotoArea(h.page, 'customers', customerId);
      await h.page.waitForSelector('[data-testid="detail-view"]');
      await allDone(h.page, 'data-related');
      // Their open balance: what is still owed on their open documents, less than the totals by what they paid.
      expect(partlyPaid(theirs), 'a customer with a partly paid open document').toBe(true);
      expect(await figure(h.page, 'openBalance')).toEqual(figureOf(openDocs(theirs), owed));
      expect(await figure(h.page, 'openBalance')).not.toEqual(figureOf(openDocs(theirs), 'total_minor'));
      expect(await basisOf(h.page, 'openBalance')).toBe('balance');
      const rows = await h.page.$$eval('[data-testid="related-table-documents"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-id') ?? ''));
      const status = new Map(theirs.map((d) => [String(d.id), String(d.payment_status)]));
      for (const id of rows) expect(status.has(id), `document ${id} is theirs`).toBe(true);
      expect(rows.length).toBe(Math.min(SHOWN, theirs.length));
      expect(await h.page.getAttribute('[data-testid="related-table-documents"]', 'data-total')).toBe(String(theirs.length));
      const firstSettled = rows.findIndex((r) => !['unpaid', 'partially_paid'].includes(status.get(r)!));
      expect(rows.slice(firstSettled).every((r) => !['unpaid', 'partially_paid'].includes(status.get(r)!)), 'open ones first').toBe(true);
      expect(firstSettled).toBe(Math.min(openDocs(theirs).length, rows.length));

      // Totals: billed this year (tax invoices and tax invoice receipts issued since 1 January) and overdue
      // (unpaid or partially paid, due before today), days in the harness's zone.
      expect(billedThisYear(theirs, today).length, 'they were billed this year').toBeGreaterThan(0);
      expect(await figure(h.page, 'billedThisYear'), 'billed this year').toEqual(figureOf(billedThisYear(theirs, today), 'total_minor'));
      expect(await figure(h.page, 'overdue'), 'overdue').toEqual(receivables(theirs, today, payments).overdue);
      expect(await basisOf(h.page, 'overdue')).toBe('balance');
      await sectionsAsApi(customerId);
      // The lead they came from (the seed converts some), else "None.".
      const lead = await relatedShown(h.page, 'fromLead');
      expect(leadsOf(customerId).length > 0, 'a customer who came from a lead, where the seed has one').toBe(candidates.some(([c, ds]) => partlyPaid(ds) && leadsOf(c).length > 0));
      expect([...lead.ids].sort()).toEqual(leadsOf(customerId).map((l) => String(l.id)).sort());
      expect(lead.total).toBe(leadsOf(customerId).length);
      for (const l of leadsOf(customerId)) expect(await h.page.textContent(`[data-testid="related-table-fromLead"] tr[data-id="${String(l.id)}"]`)).toContain(String(l.name));
      // Sections out of view are skipped only in the screen's first frame (markScreenArriving); then every one is laid out.
      await expect.poll(() => h.page.evaluate(() => {
        const g = globalThis as unknown as { document: { body: { dataset: Record<string, string | undefined> }; querySelectorAll(s: string): ArrayLike<unknown> }; getComputedStyle(e: unknown): { contentVisibility: string } };
        const sections = Array.from(g.document.querySelectorAll('.paper-section'));
        return g.document.body.dataset.arriving === undefined && sections.length > 5 && sections.every((e) => g.getComputedStyle(e).contentVisibility === 'visible');
      })).toBe(true);
      await bothThemesA11y(h.page, lang, 'customer page', 'customer-page');

      await h.page.keyboard.press('Control+k');
      await h.page.waitForSelector('[data-testid="palette-input"]');
      await expect.poll(() => h.page.$$eval('[data-group="recent"] [data-item]', (els) => els.map((e) => e.getAttribute('data-item')))).toContain(`recent-customers-${customerId}`);
      expect(await h.page.textContent(`[data-item="recent-customers-${customerId}"] .mantine-Spotlight-actionLabel`)).toBe(String(customer.name));
      await h.page.keyboard.press('Escape');

      // The customer with the most tasks (open ones and others, as far as the seed has them), then payments:
      // the same; and a section's "all N" opens its area's list filtered to them, with the same N.
      const business = (c: string) => { const ts = tasksOf(c); return (ts.some((t) => t.status === 'open') && ts.some((t) => t.status !== 'open') ? 1e6 : 0) + ts.length * 1e3 + paymentsOf(c).length; };
      const busyId = [...byCustomer.keys()].reduce((best, c) => (business(c) > business(best) ? c : best));
      const busy = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.details', { params: { id: busyId } })).data as Row;
      await gotoArea(h.page, 'customers', busyId);
      await h.page.waitForSelector('[data-testid="detail-view"]');
      await allDone(h.page, 'data-related');
      await sectionsAsApi(busyId);
      const [area, all] = tasksOf(busyId).length >= paymentsOf(busyId).length ? ['tasks', tasksOf(busyId)] as const : ['payments', paymentsOf(busyId)] as const;
      const link = h.page.locator(`[data-testid="related-all-${area}"]`);
      expect(await link.textContent()).toBe(textsIn(lang).t('related.all', { count: all.length, area: m.areas[area] }));
      await link.click();
      await h.page.waitForSelector('[data-testid="local-total"]');
      await expect.poll(() => h.page.getAttribute('[data-testid="local-total"]', 'data-count')).toBe(String(all.length));
      expect(await currentHash(h.page)).toBe(`#/${area}`);
      expect(await h.page.textContent('[data-testid="active-filters"] [data-column="customer_id"]')).toContain(String(busy.name));
      const listed = await h.page.$$eval('[data-testid="list-table"] tbody tr[data-id]', (trs) => trs.map((tr) => tr.getAttribute('data-id') ?? ''));
      expect(listed.length).toBeGreaterThan(0);
      const theirIds = new Set(all.map((r) => String(r.id)));
      for (const id of listed) expect(theirIds.has(id), `${area} ${id} is theirs`).toBe(true);
      await h.page.click('[data-testid="local-clear"]');
    }, 60_000);

    it('a customer abroad: their open balance in their own currency, less what they paid', async () => {
      const [docs, payments] = [await allRows(h, 'documents.list'), await allRows(h, 'payments.list')];
      const owed = owedOf(payments);
      const abroad = openDocs(docs).filter((d) => d.currency !== 'ILS');
      expect(abroad.length, 'the seed has receivables abroad').toBeGreaterThan(0);
      // A partly paid one where the seed has it.
      const doc = abroad.find((d) => owed(d) !== Number(d.total_minor)) ?? abroad[0]!;
      const id = String((doc.customer as Row).id);
      const theirs = docs.filter((d) => (d.customer as Row).id === id);
      const customer = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.details', { params: { id } })).data as Row;
      await gotoArea(h.page, 'customers', id);
      await expect.poll(() => h.page.textContent('#screen-title')).toBe(String(customer.name));
      await allDone(h.page, 'data-related');
      const balance = figureOf(openDocs(theirs), owed);
      expect(Object.keys(balance.sums)).toEqual([customer.currency]);
      expect(await figure(h.page, 'openBalance')).toEqual(balance);
      const rows = await h.page.$$eval('[data-testid="related-table-documents"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-id') ?? ''));
      const ids = new Set(theirs.map((d) => String(d.id)));
      expect(rows.length).toBe(Math.min(SHOWN, theirs.length));
      for (const row of rows) expect(ids.has(row), `document ${row} is theirs`).toBe(true);
      await screenshot(h.page, lang, 'customer-abroad', true);
    }, 60_000);

    it('a supplier\'s page: balance due, expenses by review status, expense payments', async () => {
      const expenses = await allRows(h, 'expenses.list');
      const e = expenses.find((x) => typeof x.supplier_id === 'string' && (x.payment_allocations as Row[]).length > 0)!;
      const theirs = expenses.filter((x) => x.supplier_id === e.supplier_id);
      await gotoArea(h.page, 'suppliers', String(e.supplier_id));
      await h.page.waitForSelector('[data-testid="detail-view"]');
      await allDone(h.page, 'data-related');
      const owing = theirs.filter((x) => x.review_status === 'approved' && Number(x.balance_due) >= 0.01);
      expect(await figure(h.page, 'balanceDue')).toEqual(figureOf(owing, 'balance_due'));
      for (const s of ['draft', 'needs_review', 'approved', 'voided']) {
        expect(await figure(h.page, `expensesByStatus-${s}`), s).toEqual(figureOf(theirs.filter((x) => x.review_status === s), 'total'));
      }
      const payments = new Set(theirs.flatMap((x) => (x.payment_allocations as Row[]).map((a) => String(a.payment_id))));
      expect(await h.page.getAttribute('[data-testid="related-table-expensePayments"]', 'data-total')).toBe(String(payments.size));
      await bothThemesA11y(h.page, lang, 'supplier page', 'supplier-page');
    }, 60_000);

    it("with a slow API, a customer's page shows the copy's row at once, the details it lacks loading, then the API's record", async () => {
      const customers = await allRows(h, 'customers.list');
      const c = customers[customers.length - 1]!;
      const full = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.details', { params: { id: String(c.id) } })).data as Row;
      const language = h.page.locator('[data-testid="detail-view"] .field', { has: h.page.locator('dt', { hasText: m.fields.document_language }) }).locator('dd');
      // The API's record waits on the network until let go: whatever shows before that came from the copy, however busy the machine.
      const details = h.network.hold((url) => url.pathname.endsWith(`/customers/${String(c.id)}/details`));
      try {
        await gotoArea(h.page, 'customers', String(c.id));
        await h.page.waitForSelector('[data-testid="detail-view"]');
        // Before the API could answer: the name and the copy's fields, the related sections, and the document language (only the details have it) loading.
        expect(await h.page.textContent('#screen-title')).toBe(String(c.name));
        await allDone(h.page, 'data-related');
        expect(await language.locator('[aria-busy="true"]').count()).toBe(1);
        expect(await h.page.textContent('[data-testid="detail-view"] .field:has(dt:text-is("' + m.fields.email + '")) dd')).toBe(String(c.email ?? m.app.none));
        expect(details.waiting()).toBeGreaterThan(0);
        // Edit, before the details are in: the form waits for the full record rather than opening with what the row lacks empty.
        await h.page.click('[data-testid="action-edit"]');
        await expect.poll(() => currentHash(h.page)).toBe(`#/customers/${String(c.id)}/edit`);
        expect(await h.page.$('[data-testid="write-form"] input[data-field="document_language"]')).toBeNull();
        details.release();
        await h.page.waitForSelector('[data-testid="write-form"]', { timeout: 10_000 });
        expect(await h.page.inputValue('input[data-field="document_language"]')).toBe(m.enums[full.document_language as 'he' | 'en']);
      } finally {
        details.release();
      }
      await h.page.goBack();
      await expect.poll(() => language.textContent(), { timeout: 10_000 }).toBe(m.enums[full.document_language as 'he' | 'en']);
      expect(await h.page.locator('[data-testid="detail-view"] [aria-busy="true"]').count()).toBe(0);
    }, 60_000);
  });

  describe(`without payments:read, what is owed is the totals, said so (${lang})`, () => {
    // A key that reads documents but not payments (the sandbox's documents clerk).
    let c: Harness;
    beforeAll(async () => {
      c = await launchHarness({ lang, localCopy: true, timezoneId: ZONE, today: TODAY, key: 'documents_clerk', sandbox: { rateLimit: 0 } });
      await copyFilled(c);
    }, 180_000);
    afterAll(async () => c?.close());

    it('home and a customer\'s page: the full totals, each card and the section saying why', async () => {
      const docs = await allRows(c, 'documents.list');
      await gotoArea(c.page, '');
      await c.page.waitForSelector('[data-testid="home"]');
      await allDone(c.page, 'data-home-section');
      const r = receivables(docs, TODAY, null);
      for (const key of RECEIVABLES) {
        expect(await figure(c.page, key), key).toEqual(r[key]);
        expect(await basisOf(c.page, key), key).toBe('total');
        expect(await c.page.textContent(`[data-testid="figure-${key}"] .figure-hint`), key).toBe(m.owed.hint.unreadable);
      }
      for (const section of ['receivables', 'ageing']) {
        const note = c.page.locator(`[data-testid="home-${section}"] [data-testid="owed-note"]`);
        expect(await note.textContent(), section).toBe(m.owed.note.unreadable);
      }
      await screenshot(c.page, lang, 'home-without-payments', true);

      const open = openDocs(docs);
      const id = String((open[0]!.customer as Row).id);
      await gotoArea(c.page, 'customers', id);
      await c.page.waitForSelector('[data-testid="detail-view"]');
      await allDone(c.page, 'data-related');
      expect(await figure(c.page, 'openBalance')).toEqual(figureOf(openDocs(docs.filter((d) => (d.customer as Row).id === id)), 'total_minor'));
      expect(await basisOf(c.page, 'openBalance')).toBe('total');
      expect(await c.page.textContent('[data-testid="related-customerTotals"] [data-testid="owed-note"]')).toBe(m.owed.note.unreadable);
      await screenshot(c.page, lang, 'customer-without-payments', true);
    }, 90_000);
  });
}
