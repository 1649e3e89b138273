import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import type { LocalStatus } from '../../shared';
import { allRows } from './export-support';
import { gotoArea, rowIds, screenshot, waitForDetail, type Row } from './support';
import { axeViolations, blocking } from './axe';

/**
 * Issue 21's journeys in one language, on a harness whose core keeps a local copy: sorting by a
 * header in the language's own order, filtering by amount and date ranges and searching Hebrew,
 * each checked against the API's own records; a record made elsewhere arriving within a cycle, one
 * deleted elsewhere going with the deletion check, and a start with the network pulled.
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
  const total = async () => Number(await h.page.getAttribute('[data-testid="local-total"]', 'data-count'));
  const savedSearch = async () => {
    const r = await h.core.router.handle(`${h.origin}/`, `views-${Date.now()}`, 'views.get', { profile_id: h.profile!.id });
    if (!r.ok) throw new Error(r.error.message);
    return (r.data as { tables: Record<string, { current: { filters: { search: string } } }> }).tables.customers?.current.filters.search ?? '';
  };
  const api = (route: Parameters<typeof allRows>[1], query = {}) => allRows(h, route, query);

  beforeAll(async () => {
    h = await launchHarness({ lang, localCopy: true, syncIntervalMs: 1_000, sandbox: { rateLimit: 0 } });
    await ready(['customers', 'expenses']);
  }, 240_000);
  afterAll(async () => h?.close());

  describe(`lists on the local copy (${lang})`, () => {
    it('sorts customers by name the way a reader of the language expects; a second click reverses', async () => {
      const all = await api('customers.list');
      const asc = [...all].sort((a, b) => collator.compare(String(a.name), String(b.name)) || (String(a.id) < String(b.id) ? -1 : 1)).map((r) => String(r.id));
      await gotoArea(h.page, 'customers');
      await fromCopy();
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
      await gotoArea(h.page, 'expenses');
      await fromCopy();
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
      await gotoArea(h.page, 'customers');
      await fromCopy();
      await h.page.fill('[data-testid="list-search"]', word);
      // The whole list's total until the search's answer is in: wait for that answer, not for any total.
      await expect.poll(total).toBeLessThan(all.length);
      expect(await total()).toBeGreaterThanOrEqual(expected.length);
      const shown = await rowIds(h.page);
      for (const c of expected.slice(0, 5)) expect(shown, String(c.name)).toContain(String(c.id));
      await h.page.fill('[data-testid="list-search"]', '');
    });

    it('a customer made elsewhere shows up within a cycle; one deleted elsewhere goes with the deletion check', async () => {
      const name = `${lang === 'he' ? 'לקוח מרחוק' : 'Remote customer'} ${Date.now().toString(36)}`;
      const made = await fetch(`${h.sandbox.baseUrl}/customers`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
      const id = String(((await made.json()) as { data: Row }).data.id);
      await gotoArea(h.page, 'customers');
      await fromCopy();
      await h.page.fill('[data-testid="list-search"]', name);
      await expect.poll(async () => rowIds(h.page), { timeout: 15_000 }).toEqual([id]);
      await fetch(`${h.sandbox.baseUrl}/customers/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } });
      await gotoArea(h.page, 'local-copy');
      await h.page.click('[data-testid="local-check-deletions"]');
      await expect.poll(async () => (await status()).areas.find((a) => a.area === 'customers')?.last_deletion_check ?? null, { timeout: 60_000 }).not.toBeNull();
      await screenshot(h.page, lang, 'local-copy-panel', true);
      expect(blocking(await axeViolations(h.page))).toEqual([]);
      await gotoArea(h.page, 'customers');
      await h.page.fill('[data-testid="list-search"]', name);
      await h.page.waitForSelector('[data-testid="list-empty"]', { timeout: 30_000 });
      await h.page.fill('[data-testid="list-search"]', '');
      // The next test restarts the app: the cleared search is kept by main first.
      await expect.poll(savedSearch).toBe('');
    });

    it('starts with the network pulled: lists, records and the palette from the copy, writes waiting for the connection', async () => {
      const first = (await api('customers.list'))[0]!;
      h.network.offline = true;
      h = await h.restart();
      await gotoArea(h.page, 'customers');
      await fromCopy();
      // Offline once the copy's first cycle after the start has found no service: its requests yield to the
      // window's own (each retried over 7.5 s), then retry 3.5 s themselves; a busy machine stretches both.
      await expect.poll(() => h.page.textContent('[data-testid="list-source"]'), { timeout: 45_000 }).toContain(m.localList.fromCopyOffline.split('{{')[0]!);
      await expect.poll(total).toBeGreaterThan(0);
      expect(await h.page.isDisabled('[data-testid="action-new"]')).toBe(true);
      expect(await h.page.textContent('[data-testid="write-locked-reason"]')).toBe(m.write.needsConnection);
      await h.page.keyboard.press('Control+k');
      await h.page.fill('[data-testid="palette-input"]', String(first.name));
      await h.page.waitForSelector(`[data-group="records-customers"] [data-item="rec-customers-${String(first.id)}"]`, { timeout: 15_000 });
      await h.page.keyboard.press('Escape');
      await gotoArea(h.page, 'customers', String(first.id));
      await h.page.waitForSelector('[data-testid="record-from-copy"]', { timeout: 30_000 });
      expect(await waitForDetail(h.page)).toBe('detail');
      await screenshot(h.page, lang, 'local-record-offline', true);
      h.network.offline = false;
    }, 90_000);
  });
}
