import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, fillPath, type RouteId } from '../../shared';
import { inlineMoney, moneyOfMinor } from '../../renderer/lib/money';
import { buildDemoData } from '../../electron/sandbox/seed';
import { launchHarness, type Harness } from '../harness/launch';
import type { SeenRequest } from '../../electron/sandbox';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { apiGet, gotoArea, rowIds, screenshot, waitForDetail, type Row } from './support';
import { textsIn } from '../texts';
import { addRow, check, choose, confirm, expectHash, fill, pick, submitToRecord } from './forms';
import { axeViolations, blocking } from './axe';
import { allRows } from './export-support';
import { bothThemesA11y } from './both-themes';

/** No serious or critical axe finding on the screen as it is now (the gate of a11y.ts, on these screens). */
const accessible = async (h: Harness, screen: string) => expect(blocking(await axeViolations(h.page)), screen).toEqual([]);

/**
 * The bookkeeper's expense journeys, run in English and in Hebrew (bookkeeper-expenses*.test.ts):
 * every expense, category and expense-payment write route through its control, each checked
 * through the API as well as on screen.
 */
type Lang = 'en' | 'he';
type Api = { get: (route: RouteId, opts?: Parameters<typeof apiGet>[3]) => Promise<Row>; write: (route: RouteId, params: Record<string, string>, body: unknown) => Promise<Row> };

function apiFor(h: () => Harness): Api {
  return {
    get: async (route, opts = {}) => (await apiGet(h().sandbox.baseUrl, h().sandbox.keys.owner, route, opts)).data as Row,
    /** A second client: writes straight to the API, with its own Idempotency-Key. */
    write: async (route, params, body) => {
      const r = ROUTES[route];
      const res = await fetch(h().sandbox.baseUrl + fillPath(r.path, params), {
        method: r.method,
        headers: { Authorization: `Bearer ${h().sandbox.keys.owner}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: Row };
      if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(json)}`);
      return json.data;
    },
  };
}

const texts = (lang: Lang) => (lang === 'he' ? he : en);
const localeOf = (lang: Lang) => (lang === 'he' ? 'he-IL' : 'en-US');
/** An amount as the screens write it (renderer/lib/money.ts). */
const money = (lang: Lang, decimal: string) => moneyOfMinor(Math.round(Number(decimal) * 100), 'ILS', localeOf(lang));
const today = () => new Date().toISOString().slice(0, 10);
const names = (lang: Lang, stamp: string) => (lang === 'he'
  ? { supplier: `נגריית הכרמל ${stamp}`, second: `מחסני השרון ${stamp}`, credit: `זיכוי אריזות ${stamp}`, category: `שיפוצים ${stamp}`, renamed: `שיפוצים ותחזוקה ${stamp}`, reason: 'החשבונית הוזנה פעמיים', line: 'מדפים לחנות' }
  : { supplier: `Carmel Joinery ${stamp}`, second: `Sharon Stores ${stamp}`, credit: `Packaging credit ${stamp}`, category: `Renovation ${stamp}`, renamed: `Renovation and upkeep ${stamp}`, reason: 'Entered twice', line: 'Shop shelves' });

/** Queues sandbox faults for the next writes (the sandbox's scripted faults). */
async function faultNextWrites(h: Harness, writes: string[]): Promise<void> {
  const r = await fetch(`${new URL(h.sandbox.baseUrl).origin}/_sandbox/faults`, {
    method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }),
  });
  expect(r.status).toBe(201);
}

export function bookkeeperJourneys(lang: Lang): void {
  const T = texts(lang);
  let h: Harness;
  const api = apiFor(() => h);
  /** Every approval request that reached the sandbox, with what it came to (its own record, not the app's). */
  const approvals: SeenRequest[] = [];
  const stamp = `${lang}${Date.now().toString(36)}`;
  const n = names(lang, stamp);
  let categoryId = '';

  /** An expense written by the API (a second client), optionally approved. */
  async function apiExpense(supplier: string, opts: { total?: string; credit?: boolean; approve?: boolean; draft?: boolean; category?: boolean } = {}): Promise<Row> {
    const e = await api.write('expenses.create', {}, {
      supplier_name: supplier, currency: 'ILS', issue_date: today(), supplier_document_number: `D-${stamp}`,
      ...(opts.category === false ? {} : { category_id: categoryId }), review_status: opts.draft ? 'DRAFT' : 'NEEDS_REVIEW', is_credit: opts.credit ?? false,
      lines: [{ description: n.line, quantity: '1', unit_price: opts.total ?? '100', vat_rate: '0' }],
    });
    if (!opts.approve) return e;
    return api.write('expenses.approve', { id: String(e.id) }, { expected_revision: e.revision, confirmed: true });
  }
  const expense = async (id: string) => api.get('expenses.get', { params: { id } });
  const openExpense = async (id: string) => { await gotoArea(h.page, 'expenses', id); expect(await waitForDetail(h.page)).toBe('detail'); };
  /** Every expense the API lists as waiting for review. */
  const needsReview = () => allRows(h, 'expenses.list', { status: 'needs_review' });

  beforeAll(async () => {
    h = await launchHarness({ lang, sandbox: { rateLimit: 0, onRequest: (r) => { if (r.method === 'POST' && r.path.endsWith('/approve')) approvals.push(r); } } });
    categoryId = String(((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'expenseCategories.list', { query: { limit: 1 } })).data as Row[])[0]!.id);
  }, 120_000);
  afterAll(async () => h?.close());

  describe(`the bookkeeper reviews and approves expenses (${lang})`, () => {
    it('the review queue shows expenses waiting for review first, with amounts and what blocks approval in words; one click opens the first, J the next', async () => {
      await gotoArea(h.page, 'expense-review');
      await h.page.getByRole('heading', { level: 1, name: T.review.title }).waitFor();
      const rows = h.page.locator('[data-testid="queue-needs_review"] tbody tr');
      await rows.first().waitFor();
      // Exactly the expenses the API lists as needs_review, oldest first.
      const waiting = await needsReview();
      const shown = await rowIds(h.page, '[data-testid="queue-needs_review"]');
      expect([...shown].sort()).toEqual(waiting.map((e) => String(e.id)).sort());
      const dates = shown.map((id) => String(waiting.find((e) => e.id === id)!.issue_date));
      expect(dates).toEqual([...dates].sort());
      // A blocked expense shows its issues in words, not codes.
      const blocked = waiting.find((e) => (e.blocking_issues as Row[]).some((i) => i.code === 'missing_category'))!;
      const cell = h.page.locator(`[data-testid="queue-needs_review"] tr[data-id="${String(blocked.id)}"]`);
      expect(await cell.textContent()).toContain(T.issues.missing_category);
      expect(await cell.textContent()).toContain(money(lang, String(blocked.total)));
      await bothThemesA11y(h.page, lang, 'review queue', 'review-queue');
      await h.page.click('[data-testid="review-start"]');
      await expectHash(h.page, new RegExp(`#/expenses/${shown[0]!}$`));
      await h.page.waitForSelector('[data-testid="review-bar"] [data-testid="review-next"]');
      expect(await h.page.textContent('[data-testid="review-position"]')).toContain(String(shown.length));
      // J goes on to the next to review (as to the next record of a table); N is "new" everywhere.
      await h.page.keyboard.press('j');
      await expectHash(h.page, new RegExp(`#/expenses/${shown[1]!}$`));
    });

    it('creates an expense: supplier picked, lines with VAT rates, totals as typed, then the server\'s', async () => {
      const supplier = ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'suppliers.list', { query: { limit: 1 } })).data as Row[])[0]!;
      await gotoArea(h.page, 'expenses');
      await h.page.click('[data-testid="action-new"]');
      await pick(h.page, 'supplier_id', String(supplier.name));
      // The picked supplier fills the name; the bookkeeper can still change it.
      await expect.poll(() => h.page.inputValue('input[data-field="supplier_name"]')).toBe(String(supplier.name));
      await fill(h.page, 'supplier_name', n.supplier);
      await fill(h.page, 'supplier_document_number', `INV-${stamp}`);
      await fill(h.page, 'description', n.line);
      await pick(h.page, 'category_id', '', /./);
      await fill(h.page, 'lines.0.description', n.line);
      await fill(h.page, 'lines.0.quantity', '2');
      await fill(h.page, 'lines.0.unit_price', '250');
      await addRow(h.page, 'lines');
      await fill(h.page, 'lines.1.description', 'Delivery');
      await fill(h.page, 'lines.1.unit_price', '40');
      await fill(h.page, 'lines.1.vat_rate', '0');
      // 2 × 250 at 18 % and 40 at 0 %: 540 + 90 VAT = 630, computed as the user types.
      await expect.poll(() => h.page.textContent('[data-summary="total"]')).toBe(money(lang, '630'));
      expect(await h.page.textContent('[data-summary="vat_amount"]')).toBe(money(lang, '90'));
      await screenshot(h.page, lang, 'expense-new', true);
      const createdId = await submitToRecord(h.page, 'expenses');
      const e = await expense(createdId);
      expect(e).toMatchObject({ supplier_name: n.supplier, supplier_id: supplier.id, supplier_document_number: `INV-${stamp}`, review_status: 'needs_review', subtotal: '540.00', vat_amount: '90.00', total: '630.00', revision: 1 });
      const shown = await h.page.textContent('[data-testid="detail-view"]');
      for (const k of ['subtotal', 'vat_amount', 'total'] as const) expect(shown).toContain(money(lang, String(e[k])));
      await screenshot(h.page, lang, 'expense-created', true);
    });

    it('approval is disabled while issues block it, each listed in words', async () => {
      const e = await apiExpense(n.second, { category: false });
      await openExpense(String(e.id));
      expect(await h.page.isDisabled('[data-testid="action-approve"]')).toBe(true);
      const blockers = await h.page.textContent('[data-testid="blockers-approve"]');
      expect(blockers).toContain(T.issues.missing_category);
      await screenshot(h.page, lang, 'expense-approval-blocked');
    });

    it('approves after a second client changed it: the 409 is explained field by field, then approved with the new revision', async () => {
      const createdId = String((await apiExpense(n.supplier)).id);
      await openExpense(createdId);
      // Another client edits the expense while this screen shows revision 1.
      await api.write('expenses.update', { id: createdId }, { expected_revision: 1, supplier_document_number: `INV-${stamp}-B`, description: 'Changed elsewhere' });
      await h.page.click('[data-testid="action-approve"]');
      await confirm(h.page);
      const notice = await h.page.waitForSelector('[data-testid="stale-revision"]', { timeout: 15_000 });
      const changes = h.page.locator('[data-testid="stale-changes"]');
      expect(await changes.locator('tr[data-field="supplier_document_number"] [data-side="before"]').textContent()).toBe(`D-${stamp}`);
      expect(await changes.locator('tr[data-field="supplier_document_number"] [data-side="after"]').textContent()).toBe(`INV-${stamp}-B`);
      expect(await changes.locator('tr[data-field="description"] [data-side="after"]').textContent()).toBe('Changed elsewhere');
      expect(await notice.textContent()).toContain('409');
      // Nothing was approved; the screen already shows the current version.
      expect((await expense(createdId)).review_status).toBe('needs_review');
      await expect.poll(() => h.page.textContent('[data-testid="detail-view"]')).toContain('Changed elsewhere');
      await screenshot(h.page, lang, 'expense-stale-revision', true);
      await accessible(h, 'stale revision on an approval');
      await h.page.click('[data-testid="action-approve"]');
      await confirm(h.page);
      await expect.poll(async () => (await expense(createdId)).review_status).toBe('approved');
      expect((await expense(createdId)).revision).toBe(3);
      await h.page.waitForSelector('[data-testid="stale-revision"]', { state: 'detached' });
      await h.page.waitForSelector('[data-testid="action-void"]');
    });

    it('edits an expense a second client changed meanwhile: their change shown, the user\'s own kept, saved with the new revision', async () => {
      const e = await apiExpense(n.second);
      const id = String(e.id);
      await gotoArea(h.page, `expenses/${id}/edit`);
      await h.page.waitForSelector('[data-testid="write-form"]');
      await api.write('expenses.update', { id }, { expected_revision: 1, description: 'Changed elsewhere' });
      await fill(h.page, 'supplier_document_number', `EDIT-${stamp}`);
      await h.page.click('[data-testid="form-submit"]');
      const changes = h.page.locator('[data-testid="write-form"] [data-testid="stale-changes"]');
      await changes.waitFor({ timeout: 15_000 });
      expect(await changes.locator('tr[data-field="description"] [data-side="after"]').textContent()).toBe('Changed elsewhere');
      // Nothing saved; the form shows the current description and keeps what the user typed.
      expect(await expense(id)).toMatchObject({ supplier_document_number: `D-${stamp}`, revision: 2 });
      await expect.poll(() => h.page.inputValue('textarea[data-field="description"]')).toBe('Changed elsewhere');
      expect(await h.page.inputValue('input[data-field="supplier_document_number"]')).toBe(`EDIT-${stamp}`);
      await screenshot(h.page, lang, 'expense-edit-stale-revision', true);
      await accessible(h, 'stale revision on an edit form');
      await submitToRecord(h.page, 'expenses');
      expect(await expense(id)).toMatchObject({ supplier_document_number: `EDIT-${stamp}`, description: 'Changed elsewhere', revision: 3 });
    });

    it('a network fault during approval, then the user\'s retry: exactly one approval, the same key, the result shown as the result', async () => {
      const e = await apiExpense(n.second);
      await openExpense(String(e.id));
      await faultNextWrites(h, ['reset_after_commit', 'internal', 'internal', 'internal', 'internal']);
      await h.page.click('[data-testid="action-approve"]');
      await confirm(h.page);
      const alert = await h.page.waitForSelector('[data-testid="write-uncertain"]', { timeout: 30_000 });
      expect(await alert.getAttribute('data-status')).toBe('retry_safe');
      // It went through before the answer was lost: one approval, revision 1 → 2.
      expect(await expense(String(e.id))).toMatchObject({ review_status: 'approved', revision: 2 });
      await screenshot(h.page, lang, 'expense-approve-lost-answer');
      // The retry sends the same body with the same key: the service answers with the stored result.
      // A new key would have been refused (revision 1 is no longer current).
      await h.page.click('[data-testid="action-approve"]');
      await confirm(h.page);
      const notice = h.page.locator('[data-testid="notice-success"]').last();
      await expect.poll(() => notice.textContent()).toContain(T.write.replayed);
      expect(await expense(String(e.id))).toMatchObject({ review_status: 'approved', revision: 2 });
      await h.page.waitForSelector('[data-testid="action-void"]');
    });

    it('voids an approved expense with a reason and a confirmation; it shows as voided with the reason', async () => {
      const createdId = String((await apiExpense(n.supplier, { approve: true })).id);
      await openExpense(createdId);
      await h.page.click('[data-testid="action-void"]');
      await expectHash(h.page, new RegExp(`#/expenses/${createdId}/void$`));
      await fill(h.page, 'reason', n.reason);
      // Without the confirmation it is not sent.
      await h.page.click('[data-testid="form-submit"]');
      await expect.poll(() => h.page.textContent('[data-testid="write-form"]')).toContain(T.validation.confirm);
      expect((await expense(createdId)).review_status).toBe('approved');
      await check(h.page, 'confirmed');
      await screenshot(h.page, lang, 'expense-void', true);
      await submitToRecord(h.page, 'expenses');
      expect(await expense(createdId)).toMatchObject({ review_status: 'voided', void_reason: n.reason, revision: 3 });
      const shown = await h.page.textContent('[data-testid="detail-view"]');
      expect(shown).toContain(T.status.voided);
      expect(await h.page.textContent('[data-testid="banner-voided"]')).toBe(`${T.banners.voided}${n.reason}`);
      await screenshot(h.page, lang, 'expense-voided', true);
      // Opened again by its address, the void form says it is not offered any more instead of sending it.
      await gotoArea(h.page, `expenses/${createdId}/void`);
      expect(await (await h.page.waitForSelector('[data-testid="form-not-offered"]')).textContent()).toBe(T.form.notOffered);
    });

    it('deletes a draft with a reason and a confirmation', async () => {
      const d = await apiExpense(n.second, { draft: true });
      await openExpense(String(d.id));
      await h.page.click('[data-testid="action-delete"]');
      await expectHash(h.page, new RegExp(`#/expenses/${String(d.id)}/delete$`));
      await fill(h.page, 'reason', n.reason);
      await check(h.page, 'confirmed');
      await screenshot(h.page, lang, 'expense-delete', true);
      await h.page.click('[data-testid="form-submit"]');
      await expectHash(h.page, /^#\/expenses$/);
      await expect(expense(String(d.id))).rejects.toThrow(/404/);
    });
  });

  describe(`the bookkeeper pays and credits expenses (${lang})`, () => {
    it('pays two expenses with one payment: the remainder shown live, both balances drop; reversing restores them', async () => {
      const a = await apiExpense(`${n.supplier} A`, { total: '200', approve: true });
      const b = await apiExpense(`${n.supplier} B`, { total: '300', approve: true });
      await gotoArea(h.page, 'expense-payments');
      await h.page.click('[data-testid="action-new"]');
      await fill(h.page, 'amount', '300');
      await addRow(h.page, 'allocations');
      await pick(h.page, 'allocations.0.expense_id', `${n.supplier} A`);
      // A picked expense starts at its balance due.
      await expect.poll(() => h.page.inputValue('input[data-field="allocations.0.amount"]')).toBe('200.00');
      await fill(h.page, 'allocations.0.amount', '100');
      await addRow(h.page, 'allocations');
      await pick(h.page, 'allocations.1.expense_id', `${n.supplier} B`);
      await fill(h.page, 'allocations.1.amount', '150');
      await expect.poll(() => h.page.textContent('[data-summary="unallocated_amount"]')).toBe(money(lang, '50'));
      await fill(h.page, 'allocations.1.amount', '250');
      await expect.poll(() => h.page.textContent('[data-summary="over_allocated"]')).toBe(money(lang, '50'));
      await fill(h.page, 'allocations.1.amount', '150');
      await screenshot(h.page, lang, 'expense-payment-new', true);
      await accessible(h, 'expense payment form');
      await h.page.click('[data-testid="form-submit"]');
      const result = await h.page.waitForSelector('[data-testid="saved-result"]', { timeout: 15_000 });
      await accessible(h, 'expense payment saved');
      expect(await expense(String(a.id))).toMatchObject({ balance_due: '100.00' });
      expect(await expense(String(b.id))).toMatchObject({ balance_due: '150.00' });
      const table = await result.textContent();
      expect(table).toContain(money(lang, '100'));
      expect(table).toContain(money(lang, '150'));
      await screenshot(h.page, lang, 'expense-payment-saved', true);
      await h.page.click('[data-testid="result-open"]');
      await expectHash(h.page, /#\/expense-payments\/[0-9a-f-]{36}$/);
      const paymentId = (await h.page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).split('/')[2]!;
      const payment = await api.get('expensePayments.get', { params: { id: paymentId } });
      expect(payment).toMatchObject({ amount: '300.00', unallocated_amount: '50.00' });
      await waitForDetail(h.page);
      await h.page.click('[data-testid="action-reverse"]');
      await h.page.waitForSelector('[data-testid="write-form"]');
      // The reversal starts from what the payment still allocates.
      expect(await h.page.inputValue('input[data-field="allocations.0.amount"]')).toBe('100.00');
      expect(await h.page.inputValue('input[data-field="allocations.1.amount"]')).toBe('150.00');
      await fill(h.page, 'reason', n.reason);
      await screenshot(h.page, lang, 'expense-payment-reverse', true);
      await h.page.click('[data-testid="form-submit"]');
      await h.page.waitForSelector('[data-testid="saved-result"]', { timeout: 15_000 });
      expect(await expense(String(a.id))).toMatchObject({ balance_due: '200.00' });
      expect(await expense(String(b.id))).toMatchObject({ balance_due: '300.00' });
      expect(((await api.get('expensePayments.get', { params: { id: paymentId } })).reversals as Row[])).toHaveLength(1);
      // Fully reversed, the payment offers no reversal any more, and the result stays on screen.
      await expect.poll(async () => (await h.page.$('[data-testid="form-not-offered"]')) === null && (await h.page.$('[data-testid="saved-result"]')) !== null).toBe(true);
      expect(await h.page.textContent('[data-testid="saved-result"]')).toContain(money(lang, '300'));
      await screenshot(h.page, lang, 'expense-payment-reversed', true);
    });

    it('a payment whose expense changed after it was picked: that expense\'s change shown, then paid with its new revision', async () => {
      const a = await apiExpense(`${n.supplier} D`, { total: '200', approve: true });
      const id = String(a.id);
      await gotoArea(h.page, 'expense-payments/new');
      await h.page.waitForSelector('[data-testid="write-form"]');
      await fill(h.page, 'amount', '50');
      await addRow(h.page, 'allocations');
      await pick(h.page, 'allocations.0.expense_id', `${n.supplier} D`);
      await fill(h.page, 'allocations.0.amount', '50');
      // Another client pays 20 of it in the meantime: revision 2 → 3.
      await api.write('expensePayments.create', {}, { direction: 'OUTGOING', amount: '20', currency: 'ILS', payment_date: today(), method: 'CASH', allocations: [{ expense_id: id, expected_revision: 2, amount: '20' }] });
      await h.page.click('[data-testid="form-submit"]');
      const changes = h.page.locator(`[data-testid="stale-changes"][data-id="${id}"]`);
      await changes.waitFor({ timeout: 15_000 });
      expect(await changes.locator('tr[data-field="balance_due"] [data-side="before"]').textContent()).toBe(money(lang, '200'));
      expect(await changes.locator('tr[data-field="balance_due"] [data-side="after"]').textContent()).toBe(money(lang, '180'));
      expect(await expense(id)).toMatchObject({ balance_due: '180.00', revision: 3 });
      await screenshot(h.page, lang, 'expense-payment-stale-revision', true);
      await h.page.click('[data-testid="form-submit"]');
      await h.page.waitForSelector('[data-testid="saved-result"]', { timeout: 15_000 });
      expect(await expense(id)).toMatchObject({ balance_due: '130.00', revision: 4 });
    });

    it('applies a credit expense to an expense; both balances follow', async () => {
      const target = await apiExpense(`${n.supplier} C`, { total: '400', approve: true });
      const credit = await apiExpense(n.credit, { total: '120', credit: true, approve: true });
      await openExpense(String(target.id));
      await h.page.click('[data-testid="action-allocateCredit"]');
      await pick(h.page, 'credit_expense_id', n.credit);
      await expect.poll(() => h.page.inputValue('input[data-field="amount"]')).toBe('120.00');
      await fill(h.page, 'amount', '80');
      await fill(h.page, 'reason', n.reason);
      await screenshot(h.page, lang, 'expense-credit', true);
      await h.page.click('[data-testid="form-submit"]');
      await h.page.waitForSelector('[data-testid="saved-result"]', { timeout: 15_000 });
      const t = await expense(String(target.id));
      expect(t).toMatchObject({ balance_due: '320.00' });
      expect((t.credits as Row[]).map((c) => [c.credit_expense_id, c.amount, c.reason])).toEqual([[credit.id, '80.00', n.reason]]);
      expect(await expense(String(credit.id))).toMatchObject({ balance_due: '40.00' });
      expect(await h.page.textContent('[data-testid="saved-result"]')).toContain(money(lang, '320'));
      await screenshot(h.page, lang, 'expense-credit-saved', true);
    });
  });

  describe(`bulk approval and work from the expense (${lang})`, () => {
    it('approves five at once: one a second client changed meanwhile is reported stale and approved after a re-read; none twice', async () => {
      const five: Row[] = [];
      for (let i = 0; i < 5; i++) five.push(await apiExpense(`${n.second} bulk ${i}`, { total: String(10 + i) }));
      const ids = five.map((e) => String(e.id));
      const queue = '[data-testid="queue-needs_review"]';
      await gotoArea(h.page, 'expense-review');
      for (const id of ids) await h.page.waitForSelector(`${queue} tr[data-id="${id}"]`);
      // A click picks one; a shift-click the range up to it; x on a focused row toggles it.
      await h.page.click(`${queue} tr[data-id="${ids[0]}"] [data-testid="row-select"]`);
      await h.page.click(`${queue} tr[data-id="${ids[4]}"] [data-testid="row-select"]`, { modifiers: ['Shift'] });
      await h.page.focus(`${queue} tr[data-id="${ids[2]}"]`);
      await h.page.keyboard.press('x');
      expect(await h.page.isChecked(`${queue} tr[data-id="${ids[2]}"] [data-testid="row-select"]`)).toBe(false);
      await h.page.keyboard.press('x');
      const picked = await h.page.$$eval(`${queue} tbody tr`, (trs) => trs.filter((tr) => (tr.querySelector('input[type="checkbox"]') as unknown as { checked?: boolean } | null)?.checked).map((tr) => tr.getAttribute('data-id')));
      expect([...picked].sort()).toEqual([...ids].sort());
      expect(await h.page.textContent('[data-testid="bulk-count"]')).toBe(textsIn(lang).t('bulk.selected', { count: 5 }));
      await screenshot(h.page, lang, 'review-bulk-selected');
      await accessible(h, 'review queue with a selection');

      // A second client changes one of them while the queue shows it.
      await api.write('expenses.update', { id: ids[2]! }, { expected_revision: 1, description: 'Changed elsewhere' });
      await h.page.focus(`${queue} tr[data-id="${ids[0]}"]`);
      await h.page.keyboard.press('a');
      const dialog = await h.page.waitForSelector('[data-testid="confirm-dialog"]');
      expect(await dialog.textContent()).toContain(textsIn(lang).t('bulk.confirmBody', { count: 5, total: inlineMoney(money(lang, '60')) }));
      await confirm(h.page);
      const result = await h.page.waitForSelector('[data-testid="bulk-result"]', { timeout: 30_000 });
      expect(await result.textContent()).toContain(textsIn(lang).t('bulk.resultTitle', { count: 4, total: 5 }));
      expect((await h.page.$$eval('[data-testid="bulk-approved"] li', (li) => li.map((x) => x.getAttribute('data-id')))).sort()).toEqual([ids[0], ids[1], ids[3], ids[4]].sort());
      const stale = h.page.locator(`[data-testid="bulk-failed"] li[data-id="${ids[2]}"]`);
      expect(await stale.getAttribute('data-outcome')).toBe('stale');
      expect(await stale.textContent()).toContain(T.bulk.staleAgain);
      await bothThemesA11y(h.page, lang, 'bulk approval result', 'review-bulk-result');
      for (const id of [ids[0], ids[1], ids[3], ids[4]]) expect(await expense(id!)).toMatchObject({ review_status: 'approved', revision: 2 });
      expect(await expense(ids[2]!)).toMatchObject({ review_status: 'needs_review', revision: 2 });

      // Offered again at the version read again: approved once.
      await h.page.click('[data-testid="bulk-again"]');
      await confirm(h.page);
      await expect.poll(() => h.page.textContent('[data-testid="bulk-result"]'), { timeout: 30_000 }).toContain(textsIn(lang).t('bulk.resultTitle', { count: 1, total: 1 }));
      expect(await expense(ids[2]!)).toMatchObject({ review_status: 'approved', revision: 3, description: 'Changed elsewhere' });
      for (const id of ids) await h.page.waitForSelector(`${queue} tr[data-id="${id}"]`, { state: 'detached' });
    }, 90_000); // five creates, two batches of approvals and their checks: a long journey on a busy machine

    it('a batch whose middle answer is lost approves each expense once: the sandbox receives each approval, the lost one\'s retries with its key only', async () => {
      const three = [];
      for (let i = 0; i < 3; i++) three.push(await apiExpense(`${n.second} lost ${i}`, { total: String(40 + i) }));
      const ids = three.map((e) => String(e.id));
      const queue = '[data-testid="queue-needs_review"]';
      await gotoArea(h.page, 'expenses');
      await gotoArea(h.page, 'expense-review');
      for (const id of ids) await h.page.click(`${queue} tr[data-id="${id}"] [data-testid="row-select"]`);
      expect(await h.page.textContent('[data-testid="bulk-count"]')).toBe(textsIn(lang).t('bulk.selected', { count: 3 }));
      // The batch goes in the queue's order: the second one's answer is lost (after the approval was
      // applied), and so are the client's own four retries (refused before they are applied).
      const order = (await rowIds(h.page, queue)).filter((id) => ids.includes(id));
      const [first, lost, last] = order as [string, string, string];
      approvals.length = 0;
      await faultNextWrites(h, ['none', 'reset_after_commit', 'internal', 'internal', 'internal', 'internal']);
      await h.page.click('[data-testid="bulk-approve-selected"]');
      await confirm(h.page);
      await expect.poll(() => h.page.textContent('[data-testid="bulk-result"]'), { timeout: 60_000 }).toContain(textsIn(lang).t('bulk.resultTitle', { count: 2, total: 3 }));
      expect(await h.page.getAttribute(`[data-testid="bulk-failed"] li[data-id="${lost}"]`, 'data-outcome')).toBe('unknown');
      const to = (id: string) => approvals.filter((r) => r.path === `/expenses/${id}/approve`);
      const what = (r: SeenRequest) => (r.status === null ? `${r.applied ? 'applied, ' : ''}no answer`
        : r.status >= 300 ? `refused ${r.status}` : r.replayed ? 'stored answer repeated' : r.applied ? 'applied' : `answered ${r.status}`);
      const seen = (id: string) => to(id).map(what);
      expect(seen(first)).toEqual(['applied']);
      expect(seen(last)).toEqual(['applied']);
      expect(seen(lost)).toEqual(['applied, no answer', 'refused 500', 'refused 500', 'refused 500', 'refused 500']);
      expect(new Set(to(lost).map((r) => r.idempotencyKey)).size).toBe(1);

      // The user retries it: the same key once more, answered from the service's store; nothing applied again.
      await h.page.click('[data-testid="bulk-retry"]');
      await expect.poll(() => h.page.textContent('[data-testid="bulk-result"]'), { timeout: 30_000 }).toContain(textsIn(lang).t('bulk.resultTitle', { count: 1, total: 1 }));
      expect(seen(lost).at(-1)).toBe('stored answer repeated');
      expect(new Set(to(lost).map((r) => r.idempotencyKey)).size).toBe(1);
      expect(approvals).toHaveLength(1 + 5 + 1 + 1);
      // Each applied exactly once, each with a key of its own.
      expect(approvals.filter((r) => r.applied).map((r) => r.path).sort()).toEqual(ids.map((id) => `/expenses/${id}/approve`).sort());
      expect(new Set([first, lost, last].map((id) => to(id)[0]!.idempotencyKey)).size).toBe(3);
      for (const id of ids) expect(await expense(id)).toMatchObject({ review_status: 'approved', revision: 2 });
    }, 90_000);

    it('"select all that can be approved" picks exactly the expenses the API says can be approved; the run tells its progress, then each result', async () => {
      // Beside the seed's: two that can be approved and one that cannot (no category).
      const mine = [
        await apiExpense(`${n.second} all 0`, { total: '21' }), await apiExpense(`${n.second} all 1`, { total: '22' }),
        await apiExpense(`${n.second} all blocked`, { total: '23', category: false }),
      ].map((e) => String(e.id));
      const queue = '[data-testid="queue-needs_review"]';
      // The queue is read on each visit: from another screen, so that it lists those just written.
      await gotoArea(h.page, 'expenses');
      await gotoArea(h.page, 'expense-review');
      for (const id of mine) await h.page.waitForSelector(`${queue} tr[data-id="${id}"]`);
      const shown = await rowIds(h.page, queue);
      const waiting = new Map((await needsReview()).map((e) => [String(e.id), e]));
      // Approvable: waiting for review with nothing blocking it (spec section 3), among the rows shown.
      const can = shown.filter((id) => waiting.get(id)?.review_status === 'needs_review' && (waiting.get(id)!.blocking_issues as Row[]).length === 0);
      expect(can).toEqual(expect.arrayContaining([mine[0], mine[1]]));
      expect(can).not.toContain(mine[2]);
      expect(can.length).toBeLessThan(shown.length);
      const selectAll = h.page.locator('[data-testid="bulk-select-all"]');
      expect(await selectAll.textContent()).toBe(T.bulk.selectAll.replace('{{n}}', String(can.length)));
      await selectAll.click();
      const picked = await h.page.$$eval(`${queue} tbody tr`, (trs) => trs.filter((tr) => (tr.querySelector('input[type="checkbox"]') as unknown as { checked?: boolean } | null)?.checked).map((tr) => tr.getAttribute('data-id')));
      expect([...picked].sort()).toEqual([...can].sort());
      expect(await h.page.textContent('[data-testid="bulk-count"]')).toBe(textsIn(lang).t('bulk.selected', { count: can.length }));

      // Every text the progress line shows during the run, recorded as the page changes it.
      await h.page.evaluate(() => {
        type Observer = { observe(n: unknown, o: unknown): void; disconnect(): void };
        const g = globalThis as unknown as { __progress: { seen: string[]; observer: Observer }; document: { body: unknown; querySelector(s: string): { textContent: string | null } | null }; MutationObserver: new (cb: () => void) => Observer };
        const seen: string[] = [];
        const observer = new g.MutationObserver(() => {
          const text = g.document.querySelector('[data-testid="bulk-progress"]')?.textContent ?? '';
          if (text !== seen.at(-1)) seen.push(text);
        });
        observer.observe(g.document.body, { subtree: true, childList: true, characterData: true });
        g.__progress = { seen, observer };
      });
      await h.page.click('[data-testid="bulk-approve-selected"]');
      const totals = can.map((id) => waiting.get(id)!);
      expect(new Set(totals.map((e) => e.currency))).toEqual(new Set(['ILS']));
      const sum = totals.reduce((s, e) => s + Math.round(Number(e.total) * 100), 0);
      expect(await (await h.page.waitForSelector('[data-testid="confirm-dialog"]')).textContent())
        .toContain(textsIn(lang).t('bulk.confirmBody', { count: can.length, total: inlineMoney(moneyOfMinor(sum, 'ILS', localeOf(lang))) }));
      await confirm(h.page);
      await expect.poll(() => h.page.textContent('[data-testid="bulk-result"]'), { timeout: 60_000 }).toContain(textsIn(lang).t('bulk.resultTitle', { count: can.length, total: can.length }));
      expect((await h.page.$$eval('[data-testid="bulk-approved"] li', (li) => li.map((x) => x.getAttribute('data-id')))).sort()).toEqual([...can].sort());
      // "Approving k of n…" while it runs, k never going back, then the line is empty again.
      const seen = await h.page.evaluate(() => {
        const p = (globalThis as unknown as { __progress: { seen: string[]; observer: { disconnect(): void } } }).__progress;
        p.observer.disconnect();
        return p.seen;
      });
      const pattern = new RegExp(`^${T.bulk.progress.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{done}}', '(\\d+)').replace('{{n}}', '(\\d+)')}$`);
      const during = seen.filter(Boolean).map((text) => { const m = pattern.exec(text); expect(m, text).not.toBeNull(); return { done: Number(m![1]), n: Number(m![2]) }; });
      expect(during.some((p) => p.done < p.n), `seen mid-run: ${JSON.stringify(seen)}`).toBe(true);
      for (const p of during) expect([p.n, p.done >= 0 && p.done <= p.n]).toEqual([can.length, true]);
      expect(during.map((p) => p.done)).toEqual([...during.map((p) => p.done)].sort((x, y) => x - y));
      expect(await h.page.textContent('[data-testid="bulk-progress"]')).toBe('');
      // Through the API: each approved once, at the revision shown.
      for (const id of can) expect(await expense(id), id).toMatchObject({ review_status: 'approved', revision: Number(waiting.get(id)!.revision) + 1 });
      expect(await expense(mine[2]!)).toMatchObject({ review_status: 'needs_review', revision: 1 });
    }, 90_000);

    it('"approve and next" approves the expense shown at its revision and opens the next one of the queue', async () => {
      const x = await apiExpense(`${n.second} next 0`, { total: '31' });
      const y = await apiExpense(`${n.second} next 1`, { total: '32' });
      const [xId, yId] = [String(x.id), String(y.id)];
      const queue = '[data-testid="queue-needs_review"]';
      await gotoArea(h.page, 'expenses');
      await gotoArea(h.page, 'expense-review');
      for (const id of [xId, yId]) await h.page.waitForSelector(`${queue} tr[data-id="${id}"]`);
      // The queue's order (oldest first): the next one is the row after it.
      const order = await rowIds(h.page, queue);
      const next = order[order.indexOf(xId) + 1] ?? order.find((id) => id !== xId)!;
      await openExpense(xId);
      await h.page.click('[data-testid="review-bar"] [data-testid="approve-and-next"]');
      await confirm(h.page);
      await expectHash(h.page, new RegExp(`#/expenses/${next}$`));
      expect(await expense(xId)).toMatchObject({ review_status: 'approved', revision: Number(x.revision) + 1 });
      expect(await expense(next)).toMatchObject({ review_status: 'needs_review' });
      // The queue without the approved one, this one in its place in it.
      const left = order.filter((id) => id !== xId);
      await expect.poll(() => h.page.textContent('[data-testid="review-position"]'))
        .toBe(textsIn(lang).t('review.position', { n: left.indexOf(next) + 1, total: left.length }));
    });

    it('records a payment from an expense: its balance due and revision filled in, back on the expense once saved', async () => {
      const e = await apiExpense(`${n.second} pay`, { total: '75', approve: true });
      const id = String(e.id);
      await openExpense(id);
      await h.page.click('[data-testid="start-expense-payments"]');
      await expectHash(h.page, new RegExp(`^#/expense-payments/new\\?from=expenses&fromId=${id}`));
      await expect.poll(() => h.page.inputValue('input[data-field="allocations.0.amount"]')).toBe('75.00');
      expect(await h.page.inputValue('input[data-field="amount"]')).toBe('75.00');
      await screenshot(h.page, lang, 'expense-payment-from-expense', true);
      await h.page.click('[data-testid="form-submit"]');
      await h.page.waitForSelector('[data-testid="saved-result"]');
      await h.page.click('[data-testid="result-back"]');
      await expectHash(h.page, new RegExp(`^#/expenses/${id}$`));
      expect(await expense(id)).toMatchObject({ balance_due: '0.00', revision: 3 });
    });
  });

  describe(`the bookkeeper keeps expense categories (${lang})`, () => {
    it('creates, renames and reclassifies, then deletes a category; an expense that had it keeps it', async () => {
      await gotoArea(h.page, 'expense-categories');
      await h.page.click('[data-testid="action-new"]');
      await fill(h.page, 'name', n.category);
      await choose(h.page, 'classification', T.enums.operating);
      const id = await submitToRecord(h.page, 'expense-categories');
      expect(await api.get('expenseCategories.get', { params: { id } })).toMatchObject({ name: n.category, classification: 'operating', revision: 1 });
      await h.page.click('[data-testid="action-edit"]');
      await fill(h.page, 'name', n.renamed);
      await choose(h.page, 'classification', T.enums.asset);
      await screenshot(h.page, lang, 'expense-category-edit', true);
      await submitToRecord(h.page, 'expense-categories');
      expect(await api.get('expenseCategories.get', { params: { id } })).toMatchObject({ name: n.renamed, classification: 'asset', revision: 2 });
      const used = await api.write('expenses.create', {}, { supplier_name: n.second, currency: 'ILS', issue_date: today(), category_id: id });
      await h.page.click('[data-testid="action-delete"]');
      await confirm(h.page);
      await expectHash(h.page, /^#\/expense-categories$/);
      await expect(api.get('expenseCategories.get', { params: { id } })).rejects.toThrow(/404/);
      expect((await expense(String(used.id))).category_id).toBe(id);
    });
  });

  describe(`a business without the expense feature (${lang})`, () => {
    let off: Harness;
    beforeAll(async () => {
      // Business A with its expense feature turned off (its subscription stays active).
      off = await launchHarness({ lang, sandbox: { rateLimit: 0, demoData: (seed) => { const d = buildDemoData(seed); d.A.expensesEnabled = false; return d; } } });
    }, 120_000);
    afterAll(async () => off?.close());

    it('sees why expense writes are unavailable: on the list, on a record and on a form', async () => {
      await gotoArea(off.page, 'expenses');
      await off.page.waitForSelector('[data-testid="list-table"]');
      // The app knows the feature is off once its connection test, started with the window, has answered;
      // the list's first page can come before that.
      await off.page.waitForSelector('[data-testid="write-locked-reason"]');
      expect(await off.page.isDisabled('[data-testid="action-new"]')).toBe(true);
      expect(await off.page.textContent('[data-testid="write-locked-reason"]')).toBe(T.permissions.featureOff);
      await screenshot(off.page, lang, 'expenses-feature-off');
      const first = (await apiGet(off.sandbox.baseUrl, off.sandbox.keys.owner, 'expenses.list', { query: { limit: 1, status: 'needs_review' } })).data as Row[];
      await gotoArea(off.page, 'expenses', String(first[0]!.id));
      await waitForDetail(off.page);
      expect(await off.page.textContent('[data-testid="write-locked-reason"]')).toBe(T.permissions.featureOff);
      expect(await off.page.isDisabled('[data-testid="action-approve"]')).toBe(true);
      await gotoArea(off.page, 'expense-categories/new');
      expect(await (await off.page.waitForSelector('[data-testid="form-locked"]')).textContent()).toBe(T.permissions.formFeatureOff);
    });
  });
}
