import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { LOCAL_AREAS, formatTimestamp, getPath, type LocalStatus } from '../../shared';
import { allRows } from './export-support';
import { gotoArea, rowIds, screenshot, waitForDetail, waitForRows, type Row } from './support';
import { axeViolations, blocking } from './axe';

/** SQLite's order of plain stored values: NULL first, then by code unit (ids, days, enum values). */
const stored = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};
/** Whether a text column (or a number naming the record) holds the text, as the copy's contains filter and search compare (case aside). */
const holds = (v: unknown, text: string): boolean => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(text.toLowerCase());
const idsOf = (rows: Row[]) => rows.map((r) => String(r.id));

/**
 * What the palette lists for a search in an area on the copy: the records whose text columns hold it,
 * newest first (the copy's own order: its mark, then the id), five at most.
 */
function paletteHits(area: string, rows: Row[], text: string): string[] {
  const a = LOCAL_AREAS[area]!;
  const paths = a.columns.filter((c) => a.search.includes(c.name)).map((c) => c.path);
  return idsOf(rows.filter((r) => paths.some((p) => holds(getPath(r, p), text))).sort((x, y) => stored(getPath(y, a.order), getPath(x, a.order)) || stored(y.id, x.id)).slice(0, 5));
}

/**
 * Issue 21's journeys in one language, on a harness whose core keeps a local copy: sorting by a
 * header in the language's own order (and by a second key with shift), filtering by amount and
 * date ranges, by choices, by text and by a picked record, and searching Hebrew, each checked against
 * the API's own records; a saved view keeping a sort and a filter; the palette finding records of
 * the copy; a record made elsewhere arriving within a cycle, one deleted elsewhere going with the
 * deletion check, "Sync now", a start with the network pulled, and the copy turned off and on.
 */
export function localCopyJourney(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  const collator = new Intl.Collator(lang === 'he' ? 'he' : 'en');
  let h: Harness;
  const status = async (): Promise<LocalStatus> => {
    const r = await h.core.router.handle(`${h.origin}/`, `st-${Date.now()}`, 'local.status', {});
    if (!r.ok) throw new Error(r.error.message);
    return r.data as LocalStatus;
  };
  // vi.waitFor, not expect.poll: this runs in beforeAll, outside any test.
  const ready = async (areas: string[]) => vi.waitFor(async () => {
    const s = await status();
    const waiting = areas.filter((a) => !s.areas.find((x) => x.area === a)?.ready);
    if (waiting.length > 0) throw new Error(`the copy of ${waiting.join(', ')} is not ready`);
  }, { timeout: 180_000, interval: 500 });
  const fromCopy = async () => h.page.waitForSelector('[data-testid="list-source"][data-source="local"]', { timeout: 30_000 });
  /** A table of the copy as it first shows: no sort, filter or search a step before left on it (main keeps them per table). */
  const openTable = async (area: string) => {
    await gotoArea(h.page, area);
    await fromCopy();
    const clear = h.page.locator('[data-testid="local-clear"]');
    if (await clear.isVisible()) {
      await clear.click();
      await clear.waitFor({ state: 'detached' });
    }
  };
  /** The copy on, whatever a step before left it (the off-and-on step turns it off on the way). */
  const copyOn = async () => {
    if (!(await status()).enabled) await h.core.router.handle(`${h.origin}/`, `on-${Date.now()}`, 'local.setEnabled', { enabled: true });
  };
  const total = async () => Number(await h.page.getAttribute('[data-testid="local-total"]', 'data-count'));
  const savedSearch = async () => {
    const r = await h.core.router.handle(`${h.origin}/`, `views-${Date.now()}`, 'views.get', { profile_id: h.profile!.id });
    if (!r.ok) throw new Error(r.error.message);
    return (r.data as { tables: Record<string, { current: { filters: { search: string } } }> }).tables.customers?.current.filters.search ?? '';
  };
  const api = (route: Parameters<typeof allRows>[1], query = {}) => allRows(h, route, query);
  const areaStatus = async (area: string) => (await status()).areas.find((a) => a.area === area)!;
  /** The copy's own order of text (core/local/collation.ts): the language's collator, digits by value. */
  const copyText = new Intl.Collator(lang === 'he' ? 'he-IL' : 'en-US', { numeric: true });
  /** Words in the journey's language (Hebrew letters, or Latin ones). */
  const ownScript = lang === 'he' ? /^[\u0590-\u05FF]+/ : /^[A-Za-z]+/;
  /** Every row of the table is on screen: the set of their ids (sorted). */
  const shownSet = async () => (await rowIds(h.page)).filter(Boolean).sort();
  const sortMark = (col: string) => h.page.getAttribute(`th[data-col="${col}"]`, 'aria-sort');
  const sortRank = (col: string) => h.page.$$eval(`th[data-col="${col}"] .sort-rank`, (els) => els.map((e) => e.textContent));
  /** Ticks choices of a column's filter (its editor loads on the first click) and closes it. */
  const tickChoices = async (col: string, values: string[]) => {
    await h.page.click(`[data-testid="filter-${col}"]`);
    for (const v of values) await h.page.click(`[data-testid="filter-choice-${v}"]`);
    await h.page.keyboard.press('Escape');
    await h.page.waitForSelector(`[data-testid="filter-editor-${col}"]`, { state: 'detached' });
  };
  const openViews = async () => {
    await h.page.click('[data-testid="views-button"]');
    await h.page.waitForSelector('[data-testid="views-menu"]');
  };

  beforeAll(async () => {
    h = await launchHarness({ lang, localCopy: true, syncIntervalMs: 1_000, sandbox: { rateLimit: 0 } });
    await ready(['customers', 'expenses']);
  }, 240_000);
  afterAll(async () => h?.close());

  describe(`lists on the local copy (${lang})`, () => {
    it('sorts customers by name the way a reader of the language expects; a second click reverses', async () => {
      const all = await api('customers.list');
      const asc = [...all].sort((a, b) => collator.compare(String(a.name), String(b.name)) || (String(a.id) < String(b.id) ? -1 : 1)).map((r) => String(r.id));
      await openTable('customers');
      await expect.poll(total).toBe(all.length);
      await h.page.click('[data-testid="sort-name"]');
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 10)).toEqual(asc.slice(0, 10));
      expect(await h.page.getAttribute('th[data-col="name"]', 'aria-sort')).toBe('ascending');
      await screenshot(h.page, lang, 'local-customers-sorted');
      expect(blocking(await axeViolations(h.page))).toEqual([]);
      await h.page.click('[data-testid="sort-name"]');
      // Equal names keep the id as the last key, in the sort's own direction.
      const desc = [...all].sort((a, b) => collator.compare(String(b.name), String(a.name)) || (String(b.id) < String(a.id) ? -1 : 1)).map((r) => String(r.id));
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 10)).toEqual(desc.slice(0, 10));
      // The drawer steps through the rows in the copy's order.
      const nameOf = new Map(all.map((r) => [String(r.id), String(r.name)]));
      await h.page.click(`[data-testid="list-table"] tbody tr[data-id="${desc[0]!}"]`);
      await expect.poll(() => h.page.textContent('[data-testid="drawer-title"]')).toBe(nameOf.get(desc[0]!));
      await h.page.click('[data-testid="drawer-next"]');
      await expect.poll(() => h.page.textContent('[data-testid="drawer-title"]')).toBe(nameOf.get(desc[1]!));
      await h.page.keyboard.press('Escape');
      await h.page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
      await h.page.click('[data-testid="local-clear"]');
    });

    it('filters expenses by an amount range and an issue-date range: exactly the API\'s records', async () => {
      const all = await api('expenses.list');
      const days = all.map((e) => String(e.issue_date)).sort();
      const from = days[Math.floor(days.length / 4)]!;
      const to = days[Math.floor((days.length * 3) / 4)]!;
      const expected = all.filter((e) => Number(e.total) >= 100 && Number(e.total) <= 2000 && String(e.issue_date) >= from && String(e.issue_date) <= to);
      expect(expected.length).toBeGreaterThan(0);
      await openTable('expenses');
      await h.page.click('[data-testid="filter-total"]');
      await h.page.fill('[data-testid="filter-from-total"]', '100');
      await h.page.fill('[data-testid="filter-to-total"]', '2000');
      await h.page.keyboard.press('Escape');
      await h.page.click('[data-testid="filter-issue_date"]');
      await h.page.fill('[data-testid="filter-from-issue_date"]', from);
      await h.page.fill('[data-testid="filter-to-issue_date"]', to);
      await h.page.keyboard.press('Escape');
      await expect.poll(total).toBe(expected.length);
      const ids = new Set(expected.map((e) => String(e.id)));
      for (const id of await rowIds(h.page)) if (id) expect(ids.has(id), id).toBe(true);
      await screenshot(h.page, lang, 'local-expenses-filtered');
      await h.page.click('[data-testid="local-clear"]');
    });

    it('searches a Hebrew word in every text column', async () => {
      const all = await api('customers.list');
      const word = all.map((c) => String(c.name)).flatMap((n) => n.split(/\s+/)).find((w) => /^[\u0590-\u05FF]{3,}$/.test(w))!;
      const texts = (c: Row) => [c.name, c.contact_person, c.email, c.phone, c.business_number].map((v) => String(v ?? '')).join(' ');
      const expected = all.filter((c) => texts(c).includes(word));
      await openTable('customers');
      await h.page.fill('[data-testid="list-search"]', word);
      // The whole list's total until the search's answer is in: wait for that answer, not for any total.
      await expect.poll(total).toBeLessThan(all.length);
      expect(await total()).toBeGreaterThanOrEqual(expected.length);
      const shown = await rowIds(h.page);
      for (const c of expected.slice(0, 5)) expect(shown, String(c.name)).toContain(String(c.id));
      await h.page.fill('[data-testid="list-search"]', '');
    });

    it('a shift-click on a second header adds it as a second key: expenses by supplier, then by issue date; shift again reverses that key alone', async () => {
      const all = await api('expenses.list');
      // The copy's order: the supplier's name in the language's order, then the day, then the id the way the last key runs.
      const order = (day: 1 | -1) => idsOf([...all].sort((a, b) => copyText.compare(String(a.supplier_name), String(b.supplier_name)) || day * (stored(a.issue_date, b.issue_date) || stored(a.id, b.id))));
      const byDayUp = order(1);
      // The first rows span several suppliers, each with several days: both keys are seen at work.
      const supplierOf = new Map(all.map((e) => [String(e.id), String(e.supplier_name)]));
      expect(new Set(byDayUp.slice(0, 12).map((id) => supplierOf.get(id))).size).toBeGreaterThan(1);
      await openTable('expenses');
      await h.page.click('[data-testid="sort-supplier_name"]');
      await h.page.click('[data-testid="sort-issue_date"]', { modifiers: ['Shift'] });
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 12)).toEqual(byDayUp.slice(0, 12));
      expect([await sortMark('supplier_name'), await sortMark('issue_date')]).toEqual(['ascending', 'ascending']);
      // The second key says its place; the first carries the arrow alone.
      expect([await sortRank('supplier_name'), await sortRank('issue_date')]).toEqual([[], ['2']]);
      await h.page.click('[data-testid="sort-issue_date"]', { modifiers: ['Shift'] });
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 12)).toEqual(order(-1).slice(0, 12));
      expect([await sortMark('supplier_name'), await sortMark('issue_date')]).toEqual(['ascending', 'descending']);
      expect(await sortRank('issue_date')).toEqual(['2']);
      expect(await total()).toBe(all.length);
      await h.page.click('[data-testid="local-clear"]');
    });

    it('filters expenses by two review statuses and by words of the supplier: exactly the API\'s records, and their total', async () => {
      const all = await api('expenses.list');
      const statuses = ['needs_review', 'voided'];
      const inStatus = all.filter((e) => statuses.includes(String(e.review_status)));
      // A word of the suppliers' names in this language that a few of those expenses hold (all of them fit on screen).
      const words = [...new Set(all.flatMap((e) => String(e.supplier_name).split(/\s+/)).filter((w) => w.length >= 4 && ownScript.exec(w)?.[0] === w))].sort();
      const word = words.find((w) => { const n = inStatus.filter((e) => holds(e.supplier_name, w)).length; return n >= 2 && n <= 10; })!;
      expect(word, 'a word of the suppliers\' names').toBeDefined();
      const both = inStatus.filter((e) => holds(e.supplier_name, word));
      const withWord = all.filter((e) => holds(e.supplier_name, word));
      expect(withWord.length).toBeGreaterThan(both.length);
      await openTable('expenses');
      await tickChoices('review_status', statuses);
      await expect.poll(total).toBe(inStatus.length);
      const inIds = new Set(idsOf(inStatus));
      for (const id of await rowIds(h.page)) if (id) expect(inIds.has(id), id).toBe(true);
      expect(await h.page.getAttribute('[data-testid="filter-review_status"]', 'data-active')).toBe('true');
      // Text contains, besides: both filters hold.
      await h.page.click('[data-testid="filter-supplier_name"]');
      await h.page.fill('[data-testid="filter-text-supplier_name"]', word);
      await h.page.keyboard.press('Escape');
      await expect.poll(total).toBe(both.length);
      await expect.poll(shownSet).toEqual(idsOf(both).sort());
      await screenshot(h.page, lang, 'local-expenses-choices-text');
      // The statuses unticked: the words alone.
      await tickChoices('review_status', statuses);
      await expect.poll(total).toBe(withWord.length);
      const wordIds = new Set(idsOf(withWord));
      for (const id of await rowIds(h.page)) if (id) expect(wordIds.has(id), id).toBe(true);
      await h.page.click('[data-testid="local-clear"]');
      await expect.poll(total).toBe(all.length);
    });

    it('filters payments by a customer picked from the copy (a reference column): exactly that customer\'s payments', async () => {
      const [payments, customers] = await Promise.all([api('payments.list'), api('customers.list')]);
      const paid = new Map<string, number>();
      for (const p of payments) if (p.customer_id) paid.set(String(p.customer_id), (paid.get(String(p.customer_id)) ?? 0) + 1);
      const emails = customers.map((c) => String(c.email ?? ''));
      // A customer in this language's script with several payments, found in the picker by an email no one else holds.
      const target = customers
        .filter((c) => typeof c.email === 'string' && emails.filter((e) => e.includes(String(c.email))).length === 1 && ownScript.test(String(c.name)))
        .sort((a, b) => (paid.get(String(b.id)) ?? 0) - (paid.get(String(a.id)) ?? 0) || stored(a.id, b.id))[0]!;
      const expected = payments.filter((p) => p.customer_id === target.id);
      expect(expected.length).toBeGreaterThan(1);
      await openTable('payments');
      // The customer column is hidden by default: shown from the column chooser.
      await h.page.click('[data-testid="columns-button"]');
      await h.page.click('[data-testid="column-toggles"] [data-column="customer_id"] input[type="checkbox"]');
      await h.page.keyboard.press('Escape');
      await h.page.click('[data-testid="filter-customer_id"]');
      const editor = h.page.locator('[data-testid="filter-editor-customer_id"]');
      await editor.locator('input:not([type="checkbox"])').fill(String(target.email));
      await editor.getByRole('button', { name: String(target.name), exact: true }).click();
      await expect.poll(() => h.page.textContent('[data-testid="filter-ref-customer_id"]')).toBe(String(target.name));
      await h.page.keyboard.press('Escape');
      await expect.poll(total).toBe(expected.length);
      await expect.poll(shownSet).toEqual(idsOf(expected).sort());
      expect(await h.page.textContent('[data-testid="active-filters"] [data-column="customer_id"]')).toContain(String(target.name));
      await h.page.click('[data-testid="local-clear"]');
      await expect.poll(total).toBe(payments.length);
    });

    it('a saved view keeps a sort and a filter: saved, cleared, switched back to, the same rows and total', async () => {
      const all = await api('expenses.list');
      const kept = all.filter((e) => ['draft', 'voided'].includes(String(e.review_status)))
        .sort((a, b) => Number(a.total) - Number(b.total) || stored(a.id, b.id));
      const first = idsOf(kept).slice(0, 10);
      const name = lang === 'he' ? 'טיוטות ומבוטלות לפי סכום' : 'Drafts and voided by total';
      await openTable('expenses');
      await h.page.click('[data-testid="sort-total"]');
      await tickChoices('review_status', ['draft', 'voided']);
      await expect.poll(total).toBe(kept.length);
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 10)).toEqual(first);
      await openViews();
      await h.page.fill('[data-testid="view-name"]', name);
      await h.page.click('[data-testid="view-save"]');
      await h.page.waitForSelector(`[data-testid="view-entry"][data-view="${name}"]`);
      await h.page.keyboard.press('Escape');
      await h.page.waitForSelector('[data-testid="views-menu"]', { state: 'detached' });
      await h.page.click('[data-testid="local-clear"]');
      await expect.poll(total).toBe(all.length);
      expect(await sortMark('total')).toBe('none');
      await openViews();
      await h.page.click(`[data-testid="view-entry"][data-view="${name}"]`);
      await h.page.keyboard.press('Escape');
      await expect.poll(total).toBe(kept.length);
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 10)).toEqual(first);
      expect(await sortMark('total')).toBe('ascending');
      expect(await h.page.getAttribute('[data-testid="filter-review_status"]', 'data-active')).toBe('true');
      expect(await h.page.textContent('[data-testid="views-button"]')).toBe(m.views.activeButton.replace('{{name}}', name));
      await h.page.click('[data-testid="local-clear"]');
    });

    it('the palette finds a task by words of its title and an expense by words of its description, from the copy', async () => {
      const [tasks, expenses] = await Promise.all([api('tasks.list'), api('expenses.list')]);
      const task = tasks.find((t) => ownScript.test(String(t.title)) && String(t.title).includes(' '))!;
      const expense = expenses.find((e) => ownScript.test(String(e.description ?? '')) && String(e.description).includes(' '))!;
      const cases = [
        { area: 'tasks', rows: tasks, words: String(task.title).split(' ').slice(-2).join(' ') },
        { area: 'expenses', rows: expenses, words: String(expense.description).split(' ').slice(-2).join(' ') },
      ];
      const found = (area: string) => h.page.$$eval(`[data-group="records-${area}"] [data-item]`, (els) => els.map((e) => e.getAttribute('data-item')));
      for (const c of cases) {
        const expected = paletteHits(c.area, c.rows, c.words);
        expect(expected.length, c.words).toBeGreaterThan(0);
        await h.page.keyboard.press('Control+k');
        // Typed once the palette has its focus (it clears what it held as it opens).
        await h.page.waitForSelector('[data-testid="palette-input"]:focus');
        await h.page.fill('[data-testid="palette-input"]', c.words);
        await expect.poll(() => found(c.area), { timeout: 15_000, message: `${c.area}: "${c.words}"` }).toEqual(expected.map((id) => `rec-${c.area}-${id}`));
        await h.page.keyboard.press('Escape');
        await h.page.waitForSelector('[data-testid="palette-input"]', { state: 'detached' });
      }
    });

    it('a customer made elsewhere shows up within a cycle; one deleted elsewhere goes with the deletion check', async () => {
      const name = `${lang === 'he' ? 'לקוח מרחוק' : 'Remote customer'} ${Date.now().toString(36)}`;
      const made = await fetch(`${h.sandbox.baseUrl}/customers`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
      const id = String(((await made.json()) as { data: Row }).data.id);
      await openTable('customers');
      await h.page.fill('[data-testid="list-search"]', name);
      await expect.poll(async () => rowIds(h.page), { timeout: 15_000 }).toEqual([id]);
      await fetch(`${h.sandbox.baseUrl}/customers/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
      await gotoArea(h.page, 'local-copy');
      // The first fill already set the check's time: wait for a check made after the click.
      const checked = (await areaStatus('customers')).last_deletion_check;
      expect(checked).not.toBeNull();
      await h.page.click('[data-testid="local-check-deletions"]');
      await expect.poll(async () => Date.parse((await areaStatus('customers')).last_deletion_check ?? ''), { timeout: 60_000 }).toBeGreaterThan(Date.parse(checked!));
      await screenshot(h.page, lang, 'local-copy-panel', true);
      expect(blocking(await axeViolations(h.page))).toEqual([]);
      await gotoArea(h.page, 'customers');
      await h.page.fill('[data-testid="list-search"]', name);
      await h.page.waitForSelector('[data-testid="list-empty"]', { timeout: 30_000 });
      await h.page.fill('[data-testid="list-search"]', '');
      // The next test restarts the app: the cleared search is kept by main first.
      await expect.poll(savedSearch).toBe('');
    });

    it('"Sync now" brings the copy up to date at once: an area\'s last sync is newer, and the panel shows it', async () => {
      await gotoArea(h.page, 'local-copy');
      await h.page.waitForSelector('[data-testid="local-areas"] tr[data-area="customers"]');
      // The window is away (as Electron tells the core on blur): no cycle runs by the clock, only the button's.
      h.core.local.focus(false);
      try {
        await h.core.local.idle();
        const before = (await areaStatus('customers')).last_sync;
        expect(before).not.toBeNull();
        await h.page.click('[data-testid="local-sync-now"]');
        await expect.poll(async () => Date.parse((await areaStatus('customers')).last_sync ?? ''), { timeout: 15_000 }).toBeGreaterThan(Date.parse(before!));
        const after = (await areaStatus('customers')).last_sync!;
        // Its column in the panel (the fourth), as the app writes a time in the language's locale.
        await expect.poll(() => h.page.textContent('[data-testid="local-areas"] tr[data-area="customers"] td:nth-child(4)')).toBe(formatTimestamp(after, lang === 'he' ? 'he-IL' : 'en-US'));
      } finally {
        h.core.local.focus(true);
      }
    });

    it('starts with the network pulled: lists, records and the palette from the copy, writes kept for later', async () => {
      const first = (await api('customers.list'))[0]!;
      h.network.offline = true;
      try {
        h = await h.restart();
        await openTable('customers');
        // Offline once the copy's first cycle after the start has found no service: its requests yield to the
        // window's own (each retried over 7.5 s), then retry 3.5 s themselves; a busy machine stretches both.
        await expect.poll(() => h.page.textContent('[data-testid="list-source"]'), { timeout: 45_000 }).toContain(m.localList.fromCopyOffline.split('{{')[0]!);
        await expect.poll(total).toBeGreaterThan(0);
        // Writes the key is known to make are kept in the outbox while offline: New stays open, nothing says it is locked.
        expect(await h.page.isDisabled('[data-testid="action-new"]')).toBe(false);
        expect(await h.page.locator('[data-testid="write-locked-reason"]').count()).toBe(0);
        await h.page.keyboard.press('Control+k');
        await h.page.fill('[data-testid="palette-input"]', String(first.name));
        await h.page.waitForSelector(`[data-group="records-customers"] [data-item="rec-customers-${String(first.id)}"]`, { timeout: 15_000 });
        await h.page.keyboard.press('Escape');
        await gotoArea(h.page, 'customers', String(first.id));
        await h.page.waitForSelector('[data-testid="record-from-copy"]', { timeout: 30_000 });
        expect(await waitForDetail(h.page)).toBe('detail');
        await screenshot(h.page, lang, 'local-record-offline', true);
      } finally {
        h.network.offline = false;
      }
    }, 90_000);

    it('turned off, a list says it shows the API (and shows the API\'s rows); turned on again, it fills and says the copy', async () => {
      // A small area, the second the copy fills.
      const agents = await api('salesAgents.list');
      await copyOn();
      await gotoArea(h.page, 'local-copy');
      await h.page.waitForSelector('[data-testid="local-sync-now"]:enabled');
      await h.page.click('[data-testid="local-toggle"]');
      await expect.poll(async () => (await status()).enabled).toBe(false);
      await gotoArea(h.page, 'sales-agents');
      await h.page.waitForSelector('[data-testid="list-source"][data-source="api"]', { timeout: 15_000 });
      expect(await h.page.textContent('[data-testid="list-source"]')).toBe(m.localList.fromApiOff);
      expect(await waitForRows(h.page, idsOf(agents))).toEqual(idsOf(agents));
      await gotoArea(h.page, 'local-copy');
      // The panel knows the copy is off before its button is pressed again.
      await h.page.waitForSelector('[data-testid="local-sync-now"]:disabled');
      expect((await areaStatus('sales-agents')).state).toBe('off');
      const onAt = Date.now();
      await h.page.click('[data-testid="local-toggle"]');
      await expect.poll(async () => (await status()).enabled).toBe(true);
      await gotoArea(h.page, 'sales-agents');
      await fromCopy();
      await expect.poll(total).toBe(agents.length);
      // Filled again from nothing (turning it off removed it): a fill is also the area's first deletion check.
      const again = await areaStatus('sales-agents');
      expect(again.records).toBe(agents.length);
      expect(Date.parse(again.last_deletion_check ?? '')).toBeGreaterThanOrEqual(onAt);
    }, 60_000);

    it('"Forget the local copy" asks first; cancelled nothing goes, confirmed the copy starts again from nothing and fills', async () => {
      const agents = await api('salesAgents.list');
      await copyOn();
      await gotoArea(h.page, 'local-copy');
      await h.page.waitForSelector('[data-testid="local-forget"]:enabled');
      const before = await areaStatus('sales-agents');
      await h.page.click('[data-testid="local-forget"]');
      await h.page.click('[data-testid="confirm-cancel"]');
      await h.page.waitForSelector('[data-testid="confirm-dialog"]', { state: 'detached' });
      expect((await areaStatus('sales-agents')).last_deletion_check).toBe(before.last_deletion_check);
      const forgotAt = Date.now();
      await h.page.click('[data-testid="local-forget"]');
      await h.page.click('[data-testid="confirm-ok"]');
      // Filled again from nothing: its first fill is newer than the click, with every record of the API.
      await expect.poll(async () => {
        const a = await areaStatus('sales-agents');
        return a.ready && Date.parse(a.last_deletion_check ?? '') >= forgotAt ? a.records : -1;
      }, { timeout: 45_000 }).toBe(agents.length);
      await gotoArea(h.page, 'sales-agents');
      await fromCopy();
      await expect.poll(total).toBe(agents.length);
    }, 60_000);
  });
}
