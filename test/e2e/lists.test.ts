import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../electron/client';
import { formatDate } from '../../renderer/lib/format';
import { launchHarness, type Harness } from '../harness/launch';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { ROUTES, type ListQuery } from '../../shared';
import { apiGet, currentHash, gotoArea, screenshot, tableOverflow, waitForDetail, waitForRows, type Row } from './support';

const LANG = 'en';
const lists = Object.values(DECLS_BY_GROUP).flat().filter((d) => d.list);
let h: Harness;

beforeAll(async () => {
  h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0 } });
}, 120_000);
afterAll(async () => h?.close());

const api = (route: Parameters<typeof apiGet>[2], query?: ListQuery, params?: Record<string, string>) =>
  apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { ...(query ? { query } : {}), ...(params ? { params } : {}) });
const ids = (data: unknown) => (data as Row[]).map((r) => String(r.id));

describe('every list (owner key, English)', () => {
  for (const d of lists) {
    it(`${d.area}: pages forward and back exactly as the API does, and opens a record`, async () => {
      const route = d.list!.route;
      const p1 = await api(route, { limit: 25 });
      await gotoArea(h.page, d.area);
      expect(await waitForRows(h.page, ids(p1.data))).toEqual(ids(p1.data));
      if (ids(p1.data).length > 0) expect(await tableOverflow(h.page), 'default columns fit at 1280 px').toBe(0);
      await screenshot(h.page, LANG, `${d.area}-list`);

      if (p1.page?.has_more) {
        const p2 = await api(route, { limit: 25, cursor: p1.page.next_cursor! });
        await h.page.click('[data-testid="page-next"]');
        expect(await waitForRows(h.page, ids(p2.data))).toEqual(ids(p2.data));
        await expect.poll(() => h.page.textContent('[data-testid="page-number"]')).toBe('Page 2');
        await h.page.click('[data-testid="page-previous"]');
        expect(await waitForRows(h.page, ids(p1.data))).toEqual(ids(p1.data));
        expect(await h.page.isDisabled('[data-testid="page-previous"]')).toBe(true);
      } else {
        expect(await h.page.isDisabled('[data-testid="page-next"]')).toBe(true);
      }

      const first = (p1.data as Row[])[0];
      if (!first) return;
      // A row opens in the drawer over its table; "Open full page" goes to the record's own screen.
      await h.page.click(`[data-testid="list-table"] tbody tr[data-id="${String(first.id)}"]`);
      expect(await waitForDetail(h.page)).toBe('detail');
      const rowId = String(first[d.list!.rowId] ?? first.id);
      expect(await currentHash(h.page)).toBe(`#/${d.area}?open=${rowId}`);
      await h.page.click('[data-testid="drawer-full-page"]');
      await h.page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
      expect(await waitForDetail(h.page)).toBe('detail');
      expect(await currentHash(h.page)).toBe(`#/${d.area}/${rowId}`);
      await screenshot(h.page, LANG, `${d.area}-detail`, true);
    });
  }

  it('page size 50 shows the API page of 50', async () => {
    const p = await api('tasks.list', { limit: 50 });
    await gotoArea(h.page, 'tasks');
    await h.page.selectOption('[data-testid="page-size"]', '50');
    expect(await waitForRows(h.page, ids(p.data))).toEqual(ids(p.data));
  });
});

describe('filters (owner key)', () => {
  /** A list as it first shows: a filter a step before left on it (filters are kept per table) is cleared first. */
  const openList = async (area: string) => {
    await gotoArea(h.page, area);
    await h.page.waitForSelector('[data-testid="list-table"], [data-testid="list-empty"]');
    const clear = h.page.getByRole('button', { name: 'Clear filters' });
    if (await clear.isVisible()) {
      await clear.click();
      await clear.waitFor({ state: 'detached' });
    }
  };

  it('status filter shows exactly the API rows for that status, and is kept when coming back', async () => {
    const expected = await api('customers.list', { limit: 25, status: 'inactive' });
    await openList('customers');
    await h.page.selectOption('[data-testid="list-status"]', { label: 'Inactive' });
    expect(await waitForRows(h.page, ids(expected.data))).toEqual(ids(expected.data));
    expect((expected.data as Row[]).every((r) => r.status === 'inactive')).toBe(true);
    await screenshot(h.page, LANG, 'customers-filtered');
    await gotoArea(h.page, 'leads');
    await h.page.waitForSelector('[data-testid="list-table"]');
    await gotoArea(h.page, 'customers');
    expect(await waitForRows(h.page, ids(expected.data))).toEqual(ids(expected.data));
    await h.page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('search shows exactly the API rows for the same text', async () => {
    const sample = (await api('customers.list', { limit: 25 })).data as Row[];
    const term = String(sample[3]?.name ?? sample[0]!.name).split(' ')[0]!;
    const expected = await api('customers.list', { limit: 25, search: term });
    await openList('customers');
    await h.page.fill('[data-testid="list-search"]', term);
    expect(await waitForRows(h.page, ids(expected.data))).toEqual(ids(expected.data));
    expect((expected.data as Row[]).length).toBeGreaterThan(0);
    await h.page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('status and search combine on documents as on the API', async () => {
    const sample = (await api('documents.list', { limit: 25, status: 'closed' })).data as Row[];
    const term = String((sample[0]!.customer as Row).name).split(' ')[0]!;
    const expected = await api('documents.list', { limit: 25, status: 'closed', search: term });
    await openList('documents');
    await h.page.selectOption('[data-testid="list-status"]', { label: 'Closed' });
    await h.page.fill('[data-testid="list-search"]', term);
    expect(await waitForRows(h.page, ids(expected.data))).toEqual(ids(expected.data));
    await h.page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('movements filter by direction through `status`', async () => {
    const expected = await api('inventory.movements', { limit: 25, status: 'decrease' });
    await openList('inventory-movements');
    await h.page.selectOption('[data-testid="list-status"]', { label: 'Decrease' });
    expect(await waitForRows(h.page, ids(expected.data))).toEqual(ids(expected.data));
    expect((expected.data as Row[]).every((r) => r.direction === 'decrease')).toBe(true);
  });

  it('offers only the filters each route accepts', async () => {
    for (const d of lists) {
      const spec = ROUTES[d.list!.route].list;
      await gotoArea(h.page, d.area);
      await h.page.waitForSelector('[data-testid="list-table"], [data-testid="list-empty"]');
      expect(await h.page.locator('[data-testid="list-search"]').count(), `${d.area} search`).toBe(spec.params.includes('search') ? 1 : 0);
      expect(await h.page.locator('[data-testid="list-status"]').count(), `${d.area} status`).toBe(spec.params.includes('status') ? 1 : 0);
      expect(await h.page.getByLabel('Updated on or after', { exact: true }).count(), `${d.area} updated_after`).toBe(spec.params.includes('updated_after') ? 1 : 0);
      expect(await h.page.getByLabel('Created on or after', { exact: true }).count(), `${d.area} created_after`).toBe(spec.params.includes('created_after') ? 1 : 0);
    }
  });
});

describe('documents, single records and errors', () => {
  /** The first document (newest first) whose pdf_available is as asked, walking every page with the typed client. */
  async function findDocument(pdf: boolean): Promise<Row> {
    const client = new ApiClient({ baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.owner });
    for await (const doc of client.iterate('documents.list', { query: { limit: 100 } })) {
      if (doc.pdf_available === pdf) return doc;
    }
    throw new Error(`the seed has no document with pdf_available=${pdf}`);
  }

  const PDF_BUTTONS = ['pdf-open', 'pdf-open-system', 'pdf-save'] as const;
  const pdfButtonsDisabled = () => Promise.all(PDF_BUTTONS.map((id) => h.page.isDisabled(`[data-testid="${id}"]`)));

  it('opens and saves a PDF through the bridge', async () => {
    const doc = await findDocument(true);
    await gotoArea(h.page, 'documents', String(doc.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    await h.page.getByRole('heading', { level: 1, name: String(doc.title) }).waitFor();
    expect(await pdfButtonsDisabled()).toEqual([false, false, false]);
    expect(await h.page.textContent('[data-testid="pdf-status"]')).toBe('');
    const before = h.host.opened.length;
    await h.page.click('[data-testid="pdf-open"]');
    await h.page.getByText('The PDF was opened.').waitFor();
    expect(h.host.opened.length).toBe(before + 1);
    const opened = h.host.opened.at(-1)!;
    expect(opened.target).toBe('window');
    expect(readFileSync(opened.filePath).subarray(0, 5).toString()).toBe('%PDF-');

    h.host.savePath = join(h.host.dir, 'saved.pdf');
    await h.page.click('[data-testid="pdf-save"]');
    await h.page.getByText(/^Saved as /).waitFor();
    expect(existsSync(h.host.savePath)).toBe(true);
    await screenshot(h.page, LANG, 'document-pdf');
  });

  it('disables every PDF button with a visible reason when the document has no PDF', async () => {
    const doc = await findDocument(false);
    await gotoArea(h.page, 'documents', String(doc.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    await h.page.getByRole('heading', { level: 1, name: String(doc.title) }).waitFor();
    expect(await pdfButtonsDisabled()).toEqual([true, true, true]);
    expect(await h.page.textContent('[data-testid="pdf-status"]')).toBe('No PDF is available for this document yet.');
    expect(await h.page.getByTestId('pdf-status').isVisible()).toBe(true);
    await screenshot(h.page, LANG, 'document-no-pdf');
  });

  it('links a document to its customer', async () => {
    const doc = (await api('documents.list', { limit: 1 })).data as Row[];
    await gotoArea(h.page, 'documents', String(doc[0]!.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    const customer = doc[0]!.customer as Row;
    await h.page.locator(`a[href$="#/customers/${String(customer.id)}"]`).first().click();
    expect(await waitForDetail(h.page)).toBe('detail');
    await h.page.getByRole('heading', { level: 1, name: String(customer.name) }).waitFor();
  });

  it('shows linked records by name, not by id: payment -> document, expense -> supplier and category', async () => {
    const payment = ((await api('payments.list', { limit: 1 })).data as Row[])[0]!;
    const doc = (await api('documents.get', undefined, { id: String(payment.document_id) })).data as Row;
    await gotoArea(h.page, 'payments', String(payment.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    // A date heading is shown in the locale, not as the raw YYYY-MM-DD.
    await h.page.getByRole('heading', { level: 1, name: formatDate(String(payment.payment_date), 'en-US'), exact: true }).waitFor();
    const docLink = h.page.locator(`[data-testid="detail-view"] a[href$="#/documents/${String(doc.id)}"]`);
    await expect.poll(() => docLink.textContent()).toBe(String(doc.title));

    const expense = ((await api('expenses.list', { limit: 25 })).data as Row[]).find((e) => e.supplier_id && e.category_id)!;
    const category = (await api('expenseCategories.get', undefined, { id: String(expense.category_id) })).data as Row;
    await gotoArea(h.page, 'expenses', String(expense.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    await expect.poll(() => h.page.locator(`a[href$="#/expense-categories/${String(category.id)}"]`).textContent()).toBe(String(category.name));
    await expect.poll(() => h.page.locator(`a[href$="#/suppliers/${String(expense.supplier_id)}"]`).textContent()).toBe(String(expense.supplier_name));
    await screenshot(h.page, LANG, 'expense-detail-names', true);
  });

  it('shows a draft\'s free-form content whole, across the section', async () => {
    const draft = ((await api('documentDrafts.list', { limit: 1 })).data as Row[])[0]!;
    await gotoArea(h.page, 'document-drafts', String(draft.id));
    expect(await waitForDetail(h.page)).toBe('detail');
    const pre = h.page.locator('[data-testid="detail-view"] pre').first();
    expect(JSON.parse((await pre.textContent()) ?? '')).toEqual(draft.draft_data);
    const [preBox, sectionBox] = [(await pre.boundingBox())!, (await h.page.locator('[data-testid="detail-view"] section').first().boundingBox())!];
    expect(preBox.x + preBox.width).toBeLessThanOrEqual(sectionBox.x + sectionBox.width);
    expect(await pre.evaluate((el) => { const box = el as unknown as { scrollWidth: number; clientWidth: number }; return box.scrollWidth <= box.clientWidth; }), 'no hidden overflow').toBe(true);
  });

  it('shows the business record', async () => {
    const b = (await api('business.get')).data as Row;
    await gotoArea(h.page, 'business');
    expect(await waitForDetail(h.page)).toBe('detail');
    await h.page.getByRole('heading', { level: 1, name: String(b.name) }).waitFor();
    await screenshot(h.page, LANG, 'business-detail', true);
  });

  it('shows status, code and request id for a missing record', async () => {
    await gotoArea(h.page, 'customers', '00000000-0000-4000-8000-000000000000');
    expect(await waitForDetail(h.page)).toBe('error');
    expect(await h.page.textContent('[data-testid="error-code"]')).toBe('resource_not_found');
    expect(await h.page.textContent('[data-testid="request-id"]')).toMatch(/\S{6,}/);
    await screenshot(h.page, LANG, 'error-not-found');
  });

  it('lists and tests the connection profile', async () => {
    await gotoArea(h.page, 'profiles');
    await h.page.waitForSelector('[data-testid="profile-card"]');
    expect(await h.page.locator('[data-testid="profile-card"]').count()).toBe(1);
    await h.page.getByRole('button', { name: 'Test connection' }).click();
    await h.page.waitForSelector('[data-testid="profile-test-result"]');
    const b = (await api('business.get')).data as Row;
    expect(await h.page.textContent('[data-testid="profile-test-result"]')).toContain(String(b.name));
    await screenshot(h.page, LANG, 'profiles', true);
  });
});
