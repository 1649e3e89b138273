import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { IMPORTED_DOCUMENT_TYPES } from '../../shared';
import { apiGet, gotoArea, screenshot, waitForDetail, type Row } from './support';
import { textsIn } from '../texts';

/**
 * What a user reads, in both languages: counts in their plural forms, a shortcut's keys in reading
 * order, countries and document types in words, a search box whose typed text stays clear of its icon.
 */
for (const lang of ['he', 'en'] as const) {
  describe(`words on screen (${lang})`, () => {
    const T = textsIn(lang);
    let h: Harness;
    beforeAll(async () => { h = await launchHarness({ lang, localCopy: true, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => h?.close());

    it('a list counts its records in their plural form ("לקוח אחד", not "1 לקוחות")', async () => {
      const all = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 100 } })).data as Row[];
      const one = all.find((c) => typeof c.email === 'string' && all.filter((x) => x.email === c.email).length === 1)!;
      await gotoArea(h.page, 'customers');
      // The table on the local copy (until it is filled the list pages the API and counts nothing).
      await h.page.waitForSelector('[data-testid="list-source"][data-source="local"]', { timeout: 45_000 });
      await h.page.fill('[data-testid="list-search"]', String(one.email));
      await expect.poll(() => h.page.getAttribute('[data-testid="local-total"]', 'data-count'), { timeout: 15_000 }).toBe('1');
      const total = await h.page.textContent('[data-testid="local-total"]');
      expect(total).toBe(T.countOf('customers', 1));
      expect(total).toBe(lang === 'he' ? 'לקוח אחד' : '1 customer');
      await screenshot(h.page, lang, 'words-one-customer');
    });

    it('text typed into a search box stays clear of its magnifier, in either direction', async () => {
      // Latin in the Hebrew UI: the box keeps the UI's direction, so the icon's room stays on the side the icon is on.
      await gotoArea(h.page, 'customers');
      await h.page.fill('[data-testid="list-search"]', 'Emma Golan, Tel Aviv');
      const box = await h.page.$eval('[data-testid="list-search"]', (el) => {
        const input = el as unknown as { getBoundingClientRect(): { left: number; right: number }; parentElement: { querySelector(s: string): { getBoundingClientRect(): { left: number; right: number } } | null } };
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): { direction: string; paddingLeft: string; paddingRight: string } }).getComputedStyle(el);
        const icon = input.parentElement.querySelector('[data-position="left"]')!.getBoundingClientRect();
        const r = input.getBoundingClientRect();
        return { direction: style.direction, left: r.left + parseFloat(style.paddingLeft), right: r.right - parseFloat(style.paddingRight), icon };
      });
      expect(box.direction).toBe(lang === 'he' ? 'rtl' : 'ltr');
      // The text area (inside the padding) does not reach over the icon.
      if (lang === 'he') expect(box.right).toBeLessThanOrEqual(box.icon.left + 1);
      else expect(box.left).toBeGreaterThanOrEqual(box.icon.right - 1);
    });

    it('shortcut help writes a chord modifier first in the reading direction ("Ctrl + K")', async () => {
      await h.page.fill('[data-testid="list-search"]', '');
      await h.page.locator('h1').click();
      await h.page.keyboard.press('Shift+?');
      const chord = h.page.locator('[data-testid="shortcut-help"] [data-shortcut="palette"] .chord').first();
      await chord.waitFor();
      expect(await chord.textContent()).toMatch(/^(Ctrl|⌘) \+ K$/);
      const [mod, key] = await chord.locator('kbd').evaluateAll((ks) => ks.map((k) => (k as unknown as { getBoundingClientRect(): { x: number } }).getBoundingClientRect().x));
      // Read first: on the right in Hebrew, on the left in English.
      if (lang === 'he') expect(mod!).toBeGreaterThan(key!);
      else expect(mod!).toBeLessThan(key!);
      await screenshot(h.page, lang, 'words-shortcut-help');
      await h.page.keyboard.press('Escape');
    });

    it('a country by its name, and imported document types in words, never their codes', async () => {
      await gotoArea(h.page, 'business');
      expect(await waitForDetail(h.page)).toBe('detail');
      const country = h.page.locator('[data-testid="detail-view"] [data-code="IL"]');
      expect(await country.textContent()).toBe(lang === 'he' ? 'ישראל' : 'Israel');
      await screenshot(h.page, lang, 'words-business-country');

      const rows = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'importedDocumentsA.list', { query: { limit: 100 } })).data as Row[];
      await gotoArea(h.page, 'imported-documents-a');
      await h.page.waitForSelector('[data-testid="list-table"] tbody tr[data-id]');
      const shown = await h.page.$$eval('[data-testid="list-table"] tbody tr[data-id]', (trs) => trs.map((tr) => ({ id: tr.getAttribute('data-id'), cells: [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()) })));
      expect(shown.length).toBeGreaterThan(3);
      const codes: readonly string[] = IMPORTED_DOCUMENT_TYPES.icount;
      for (const r of shown) {
        const code = String(rows.find((x) => x.id === r.id)!.document_type);
        // The type's cell holds its words; no cell holds a provider's code.
        expect(r.cells, code).toContain(T.dyn('enums', code));
        expect(r.cells.filter((c) => codes.includes(c))).toEqual([]);
      }
      await screenshot(h.page, lang, 'words-imported-types');
    });
  });
}
