import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import type { LocalStatus } from '../../shared';
import { allRows } from './export-support';
import { gotoArea, rowIds, screenshot } from './support';

/** The page globals these checks read (the Node project has no DOM types). */
interface Box { left: number; right: number; top: number; bottom: number; width: number; height: number }
interface El {
  getBoundingClientRect(): Box; querySelector(s: string): El | null; querySelectorAll(s: string): El[]; closest(s: string): El | null;
  getAttribute(n: string): string | null; textContent: string | null; clientWidth: number; scrollWidth: number; dataset: Record<string, string | undefined>;
}
interface Doc { querySelector(s: string): El | null; querySelectorAll(s: string): El[]; activeElement: El | null }

/**
 * Each money cell of the list on screen: whether its amount is whole inside its cell (nothing cut
 * off) and inside the table's box (nothing beyond the window's edge), and where the amount ends.
 */
const moneyCells = (page: Page) => page.evaluate(() => {
  const d = (globalThis as unknown as { document: Doc }).document;
  const box = d.querySelector('[data-testid="list-virtual"]')!.getBoundingClientRect();
  return [...d.querySelectorAll('[data-testid="list-table"] tbody tr.clickable-row td')].flatMap((td) => {
    const span = td.querySelector('.money');
    if (!span) return [];
    const cell = td.getBoundingClientRect();
    const amount = span.getBoundingClientRect();
    const col = [...(td.closest('tr')!.querySelectorAll('td'))].indexOf(td);
    // Where its decimal point stands: the right edge of the last "." of the number's text.
    const num = (span.querySelector('.money-number') ?? span) as unknown as { firstChild: unknown; textContent: string | null };
    const at = (num.textContent ?? '').lastIndexOf('.');
    let dot: number | null = null;
    if (at >= 0 && num.firstChild) {
      const range = (d as unknown as { createRange(): { setStart(n: unknown, o: number): void; setEnd(n: unknown, o: number): void; getBoundingClientRect(): { right: number } } }).createRange();
      range.setStart(num.firstChild, at);
      range.setEnd(num.firstChild, at + 1);
      dot = Math.round(range.getBoundingClientRect().right);
    }
    return [{
      col, text: span.textContent ?? '', right: Math.round(amount.right), dot,
      inCell: amount.left >= cell.left - 0.5 && amount.right <= cell.right + 0.5 && span.scrollWidth <= Math.ceil(amount.width) + 1,
      inBox: amount.left >= box.left - 0.5 && amount.right <= box.right + 0.5,
    }];
  });
});

/** How far a box's content sticks out of it sideways (0: it fits). */
const overflowOf = (page: Page, selector: string) => page.$eval(selector, (el) => {
  const e = el as unknown as El;
  return e.scrollWidth - e.clientWidth;
});

/**
 * The craft of the lists and the header, in one language at 1280 x 800 on the local copy: amounts
 * whole and lined up at their decimal points, lists and the lead board fitting the window, a click
 * anywhere on a header cell sorting, End and Home keeping the focus on a row of a long list, the
 * palette finding a document by its number and an expense by its supplier's document number, and the
 * header standing still through a sync.
 */
export function craftJourney(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  let h: Harness;
  const status = async (): Promise<LocalStatus> => {
    const r = await h.core.router.handle(`${h.origin}/`, `st-${Date.now()}`, 'local.status', {});
    if (!r.ok) throw new Error(r.error.message);
    return r.data as LocalStatus;
  };
  const fromCopy = () => h.page.waitForSelector('[data-testid="list-source"][data-source="local"]', { timeout: 30_000 });

  beforeAll(async () => {
    h = await launchHarness({ lang, localCopy: true, sandbox: { rateLimit: 0 } });
    await h.page.setViewportSize({ width: 1280, height: 800 });
    // vi.waitFor, not expect.poll: this runs in beforeAll, outside any test.
    await vi.waitFor(async () => {
      const s = await status();
      const waiting = ['documents', 'expenses', 'leads', 'products'].filter((a) => !s.areas.find((x) => x.area === a)?.ready);
      if (waiting.length > 0) throw new Error(`the copy of ${waiting.join(', ')} is not ready`);
    }, { timeout: 180_000, interval: 500 });
  }, 240_000);
  afterAll(async () => h?.close());

  describe(`numbers and lists at 1280 px (${lang})`, () => {
    for (const area of ['documents', 'expenses'] as const) {
      it(`${area}: the list fits the window, every amount is whole, and amounts line up at their decimal points`, async () => {
        await gotoArea(h.page, area);
        await fromCopy();
        await h.page.waitForSelector('[data-testid="list-table"] tbody tr.clickable-row .money');
        expect(await overflowOf(h.page, '[data-testid="list-virtual"]'), 'the table is no wider than its box').toBeLessThanOrEqual(0);
        const cells = await moneyCells(h.page);
        expect(cells.length).toBeGreaterThan(10);
        for (const c of cells) {
          expect(c.inCell, `"${c.text}" is whole in its cell`).toBe(true);
          expect(c.inBox, `"${c.text}" is inside the window`).toBe(true);
        }
        // Every amount of one column ends at one place, and its decimal point stands under the others', whatever its
        // currency (a sign of one width on one side): digits of equal width, decimals and signs one under another.
        for (const col of new Set(cells.map((c) => c.col))) {
          const ends = new Set(cells.filter((c) => c.col === col).map((c) => c.right));
          expect([...ends], `column ${col}: where its amounts end`).toHaveLength(1);
          const dots = new Set(cells.filter((c) => c.col === col && c.dot !== null).map((c) => c.dot));
          expect([...dots], `column ${col}: where its decimal points stand (${cells.filter((c) => c.col === col).map((c) => c.text).join(' | ')})`).toHaveLength(1);
        }
        await screenshot(h.page, lang, `craft-${area}`);
      });
    }

    it('the lead board shows all its columns, headers in view, and each card its last change', async () => {
      await gotoArea(h.page, 'lead-board');
      await h.page.waitForSelector('[data-testid="board-column-lost"] .board-card');
      expect(await overflowOf(h.page, '.board'), 'the board is no wider than the window').toBeLessThanOrEqual(0);
      const columns = await h.page.$$eval('.board-column', (els) => els.map((el) => {
        const r = (el as unknown as El).getBoundingClientRect();
        return { left: r.left, right: r.right, bottom: r.bottom };
      }));
      expect(columns).toHaveLength(7);
      // The board ends at the window's bottom (its columns' cards scroll under their headings).
      for (const c of columns) {
        expect(c.left).toBeGreaterThanOrEqual(0);
        expect(c.right).toBeLessThanOrEqual(1280);
        expect(c.bottom).toBeLessThanOrEqual(800);
      }
      await screenshot(h.page, lang, 'craft-lead-board');
    });
  });

  describe(`tables on the keyboard and the mouse (${lang})`, () => {
    it('a click anywhere on a header cell sorts by its column; its filter button does not', async () => {
      const all = await allRows(h, 'documents.list');
      const byTotal = [...all].sort((a, b) => Number(a.total_minor) - Number(b.total_minor) || (String(a.id) < String(b.id) ? -1 : 1)).map((r) => String(r.id));
      await gotoArea(h.page, 'documents');
      await fromCopy();
      const th = '[data-testid="list-table"] th[data-col="total_minor"]';
      await h.page.waitForSelector(th);
      // Its filter: the column stays unsorted.
      await h.page.click(`${th} [data-testid="filter-total_minor"]`);
      await h.page.waitForSelector('[data-testid="filter-editor-total_minor"]');
      await h.page.keyboard.press('Escape');
      await h.page.waitForSelector('[data-testid="filter-editor-total_minor"]', { state: 'detached' });
      expect(await h.page.getAttribute(th, 'aria-sort')).toBe('none');
      // The cell's bottom edge, under its name and away from its buttons and resize handle.
      const size = await h.page.$eval(th, (el) => { const r = (el as unknown as El).getBoundingClientRect(); return { w: r.width, h: r.height }; });
      await h.page.click(th, { position: { x: Math.round(size.w / 2), y: Math.round(size.h - 3) } });
      await expect.poll(() => h.page.getAttribute(th, 'aria-sort')).toBe('ascending');
      await expect.poll(async () => (await rowIds(h.page)).slice(0, 5)).toEqual(byTotal.slice(0, 5));
      await h.page.click('[data-testid="local-clear"]');
      await expect.poll(() => h.page.getAttribute(th, 'aria-sort')).toBe('none');
    });

    it('End goes to the last of hundreds of rows and keeps the focus on it; the arrows and Home go on from there', async () => {
      await gotoArea(h.page, 'documents');
      await fromCopy();
      const count = Number(await h.page.getAttribute('[data-testid="local-total"]', 'data-count'));
      expect(count).toBeGreaterThan(200);
      const focused = () => h.page.evaluate(() => {
        const a = (globalThis as unknown as { document: Doc }).document.activeElement;
        return a?.getAttribute('data-index') ?? a?.getAttribute('data-testid') ?? null;
      });
      await h.page.focus('[data-testid="list-table"] tbody tr[data-index="0"]');
      await h.page.keyboard.press('End');
      await expect.poll(focused).toBe(String(count - 1));
      await h.page.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe(String(count - 2));
      await h.page.keyboard.press('Home');
      await expect.poll(focused).toBe('0');
      await h.page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('1');
    });

    it('the palette finds a document by its number and an expense by its supplier\'s document number', async () => {
      const [documents, expenses] = await Promise.all([allRows(h, 'documents.list'), allRows(h, 'expenses.list')]);
      // A number no other document's number or text holds, and one expense's own document number.
      const doc = documents.find((d) => !documents.some((o) => o !== d && `${String(o.document_number)} ${String(o.title ?? '')}`.includes(String(d.document_number))))!;
      const expense = expenses.find((e) => typeof e.supplier_document_number === 'string' && e.supplier_document_number.length >= 5
        && expenses.filter((o) => String(o.supplier_document_number ?? '').includes(String(e.supplier_document_number))).length === 1)!;
      const found = (area: string) => h.page.$$eval(`[data-group="records-${area}"] [data-item]`, (els) => els.map((e) => e.getAttribute('data-item')));
      for (const c of [{ area: 'documents', text: String(doc.document_number), id: String(doc.id) }, { area: 'expenses', text: String(expense.supplier_document_number), id: String(expense.id) }]) {
        await h.page.keyboard.press('Control+k');
        await h.page.waitForSelector('[data-testid="palette-input"]:focus');
        await h.page.fill('[data-testid="palette-input"]', c.text);
        await expect.poll(() => found(c.area), { message: `${c.area}: "${c.text}"` }).toEqual([`rec-${c.area}-${c.id}`]);
        if (c.area === 'documents') await screenshot(h.page, lang, 'craft-palette-number');
        await h.page.keyboard.press('Escape');
        await h.page.waitForSelector('[data-testid="palette-input"]', { state: 'detached' });
      }
    });
  });

  describe(`the header through a sync (${lang})`, () => {
    it('the sync status keeps its place, its width and its words through a routine pass; the profile beside it does not move', async () => {
      await gotoArea(h.page, 'documents');
      await fromCopy();
      // A routine pass: every area filled first (on a busy machine the first fill of the small areas may still run).
      await expect.poll(async () => (await status()).areas.filter((a) => !a.ready && a.state !== 'denied').map((a) => a.area), { timeout: 180_000 }).toEqual([]);
      await expect.poll(() => h.page.textContent('[data-testid="sync-status"]'), { timeout: 30_000 }).toBe(m.sync.upToDate);
      // Everything the header shows is written down at each change while the pass runs.
      await h.page.evaluate(() => {
        const d = (globalThis as unknown as { document: Doc }).document;
        const seen: { text: string; status: Box; profile: Box; busy: string | null }[] = [];
        const g = globalThis as unknown as { headerSeen: typeof seen; headerWatch: { disconnect(): void } };
        const note = () => {
          const s = d.querySelector('[data-testid="sync-status"]');
          const p = d.querySelector('[data-testid="profile-switcher"]');
          if (!s || !p) return;
          const box = (e: El) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
          seen.push({ text: s.textContent ?? '', status: box(s), profile: box(p), busy: s.getAttribute('data-busy') });
        };
        g.headerSeen = seen;
        const Watch = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(t: unknown, o: object): void; disconnect(): void } }).MutationObserver;
        const watch = new Watch(note);
        watch.observe(d.querySelector('header'), { subtree: true, childList: true, attributes: true, characterData: true });
        g.headerWatch = watch;
        note();
      });
      const before = (await status()).areas.map((a) => a.last_sync).filter(Boolean).sort().at(-1);
      // The pass is held on the network at its customers' cycle until the header shows it running (a pass of a few
      // quick requests may otherwise start and end within one render).
      const held = h.network.hold((u) => u.pathname.endsWith('/customers') && u.searchParams.has('updated_after'));
      try {
        const synced = await h.core.router.handle(`${h.origin}/`, `sync-${Date.now()}`, 'local.syncNow', {});
        expect(synced.ok).toBe(true);
        await expect.poll(() => held.waiting(), { timeout: 60_000 }).toBeGreaterThan(0);
        await expect.poll(() => h.page.getAttribute('[data-testid="sync-status"]', 'data-busy')).not.toBeNull();
      } finally {
        held.release();
      }
      // The pass has run through (a newer last sync) and the page has heard the end of it.
      await expect.poll(async () => (await status()).areas.map((a) => a.last_sync).filter(Boolean).sort().at(-1) !== before).toBe(true);
      await expect.poll(() => h.page.getAttribute('[data-testid="sync-status"]', 'data-busy')).toBeNull();
      const seen = await h.page.evaluate(() => {
        const g = globalThis as unknown as { headerSeen: { text: string; status: Box; profile: Box; busy: string | null }[]; headerWatch: { disconnect(): void } };
        g.headerWatch.disconnect();
        return g.headerSeen;
      });
      expect(seen.some((s) => s.busy !== null), 'the header saw the pass run').toBe(true);
      const first = seen[0]!;
      for (const s of seen) {
        expect(s.text).toBe(m.sync.upToDate);
        expect(s.status).toEqual(first.status);
        expect(s.profile).toEqual(first.profile);
      }
    }, 240_000);
  });
}
