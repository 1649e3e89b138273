import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { labelOf } from '../../renderer/resources/lookup';
import { SEARCH_AREAS } from '../../renderer/resources/groups';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { apiGet, currentHash, screenshot, waitForDetail, type Row } from './support';
import { expectHash } from './forms';

const LIST_ROUTE = Object.fromEntries(Object.values(DECLS_BY_GROUP).flat().filter((d) => d.list).map((d) => [d.area, d.list!.route]));

const closed = (page: Page) => page.waitForSelector('[data-testid="palette-input"]', { state: 'detached' });

/** Opens the palette afresh, whatever a step before left open. */
async function openPalette(page: Page): Promise<void> {
  if (await page.$('[data-testid="palette-input"]')) {
    await page.keyboard.press('Escape');
    await closed(page);
  }
  await page.keyboard.press('Control+k');
  await page.waitForSelector('[data-testid="palette-input"]');
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid'))).toBe('palette-input');
}

/** The labels the palette shows for one group, in order. */
const groupLabels = (page: Page, group: string) =>
  page.$$eval(`[data-group="${group}"] [data-item] .mantine-Spotlight-actionLabel`, (els) => els.map((e) => (e.textContent ?? '').trim()));

for (const lang of ['en', 'he'] as const) {
  const m = lang === 'en' ? en : he;
  describe(`command palette (${lang})`, () => {
    let h: Harness;
    const api = (route: Parameters<typeof apiGet>[2], query: Record<string, string | number>) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { query });
    beforeAll(async () => { h = await launchHarness({ lang, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => h?.close());

    it('Ctrl+K, part of an area name, Enter: that area', async () => {
      const { page } = h;
      await page.waitForSelector('nav [data-area="customers"]');
      await openPalette(page);
      const name = m.areas['expense-categories'];
      await page.keyboard.type(name.slice(0, 9));
      await expect.poll(() => groupLabels(page, 'goto').then((l) => l[0])).toBe(name);
      await page.keyboard.press('Enter');
      await closed(page);
      await expectHash(page, /^#\/expense-categories$/);
    });

    it('finds records in customers, suppliers, leads, products and documents through the API search, and opens one in the drawer', async () => {
      const { page } = h;
      // A name from the data in this language: the palette must find what the API's search finds.
      const customers = (await api('customers.list', { limit: 100 })).data as Row[];
      const hebrew = (s: unknown) => typeof s === 'string' && /[\u0590-\u05FF]/.test(s);
      const target = customers.find((c) => (lang === 'he' ? hebrew(c.name) : !hebrew(c.name)) && String(c.name).includes(' '))!;
      const query = String(target.name).split(' ')[1]!.slice(0, 4);
      const expected: Record<string, string[]> = {};
      for (const area of SEARCH_AREAS) {
        const rows = (await api(LIST_ROUTE[area]!, { search: query, limit: 5 })).data as Row[];
        expected[area] = rows.map((r) => labelOf(area, r));
      }
      expect(expected.customers, 'the search finds the customer').toContain(String(target.name));

      await openPalette(page);
      await page.keyboard.type(query);
      for (const area of SEARCH_AREAS) {
        await expect.poll(() => groupLabels(page, `records-${area}`), { timeout: 15_000, message: `${area} for "${query}"` }).toEqual(expected[area]);
      }
      await screenshot(page, lang, 'ux-palette-light');

      await page.click(`[data-item="rec-customers-${String(target.id)}"]`);
      await closed(page);
      expect(await waitForDetail(page)).toBe('detail');
      expect(await currentHash(page)).toBe(`#/customers?open=${String(target.id)}`);
      await expect.poll(() => page.textContent('[data-testid="drawer-title"]')).toBe(String(target.name));
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
    });

    it('nothing found is said in words; one letter asks for more', async () => {
      const { page } = h;
      await openPalette(page);
      await page.keyboard.type('q');
      await expect.poll(() => page.textContent('[data-testid="palette-status"]')).toBe(m.palette.typeMore);
      await page.keyboard.type('zqzqzq');
      await expect.poll(() => page.textContent('[data-testid="palette-status"]'), { timeout: 15_000 }).toBe(m.palette.nothing.replace('{{query}}', 'qzqzqzq'));
      await page.keyboard.press('Escape');
      await closed(page);
    });

    it('runs commands: a new customer, the dark theme and back', async () => {
      const { page } = h;
      await openPalette(page);
      await page.keyboard.type(m.newRecord.customers);
      await expect.poll(() => groupLabels(page, 'commands').then((l) => l[0])).toBe(m.newRecord.customers);
      await page.keyboard.press('Enter');
      await closed(page);
      await expectHash(page, /^#\/customers\/new$/);
      await page.waitForSelector('[data-testid="write-form"]');

      const scheme = () => page.getAttribute('html', 'data-mantine-color-scheme');
      await openPalette(page);
      await page.keyboard.type(m.palette.useTheme.replace('{{theme}}', m.ui.dark));
      await page.keyboard.press('Enter');
      await closed(page);
      await expect.poll(scheme).toBe('dark');
      await openPalette(page);
      await page.keyboard.type(m.palette.useTheme.replace('{{theme}}', m.ui.light));
      await page.keyboard.press('Enter');
      await closed(page);
      await expect.poll(scheme).toBe('light');
      // Main keeps the choice (ui.setTheme).
      await expect.poll(async () => { const r = await h.core.router.handle(`${h.origin}/`, `theme-${Date.now()}`, 'ui.getTheme', {}); return r.ok ? (r.data as { theme: string }).theme : null; }).toBe('light');
    });

    if (lang === 'en') {
      it('typing on cancels the search on its way (the bridge abandons it in main) and shows only the last letters\' records', async () => {
        const { page } = h;
        const english = ((await api('customers.list', { limit: 100 })).data as Row[]).find((c) => /^[A-Za-z]+ [A-Za-z]{3,}$/.test(String(c.name)))!;
        const word = String(english.name).split(' ')[1]!.slice(0, 3).toLowerCase();
        const cancelled = () => h.log.lines.filter((l) => l.msg === 'bridge call failed' && l.fields?.operation === 'api.call' && l.fields?.kind === 'cancelled').length;
        const before = cancelled();
        // The searches wait on the network until let go: still on their way when the user types on, however busy the machine.
        const searches = h.network.hold((url) => url.searchParams.has('search'));
        try {
          await openPalette(page);
          await page.keyboard.type(word.slice(0, 2));
          // Past the pause before searching: one search per area is on its way.
          await expect.poll(searches.waiting).toBe(SEARCH_AREAS.length);
          await page.keyboard.type(word.slice(2));
          await expect.poll(cancelled).toBe(before + SEARCH_AREAS.length);
        } finally {
          searches.release();
        }
        const expected = ((await api('customers.list', { limit: 5, search: word })).data as Row[]).map((r) => labelOf('customers', r));
        expect(expected).toContain(String(english.name));
        await expect.poll(() => groupLabels(page, 'records-customers'), { timeout: 15_000 }).toEqual(expected);
        // Nothing of the cancelled two-letter search landed later.
        await page.waitForTimeout(600);
        expect(await groupLabels(page, 'records-customers')).toEqual(expected);
        await page.keyboard.press('Escape');
        await closed(page);
      });
    }
  });
}
