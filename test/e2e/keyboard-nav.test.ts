import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { SHORTCUTS } from '../../renderer/keys/shortcuts';
import { apiGet, currentHash, gotoArea, screenshot, waitForDetail, waitForRows, type Row } from './support';
import { textsIn } from '../texts';
import { expectHash, fill } from './forms';

/** The page globals read here (the Node project has no DOM types). */
interface El { getAttribute(n: string): string | null; tagName: string; dispatchEvent(e: unknown): boolean }
interface Win { document: { activeElement: El | null; body: El; dispatchEvent(e: unknown): boolean }; KeyboardEvent: new (t: string, i: object) => unknown }

const focusedRow = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).document.activeElement?.getAttribute('data-id') ?? null);
const drawerTitle = (page: Page) => page.textContent('[data-testid="drawer-title"]');

/** A key as a Hebrew keyboard layout sends it: the Hebrew letter, on the key that is `code` on a US layout. */
const hebrewKey = (page: Page, key: string, code: string) => page.evaluate(([k, c]) => {
  const w = globalThis as unknown as Win;
  const target = w.document.activeElement ?? w.document.body;
  target.dispatchEvent(new w.KeyboardEvent('keydown', { key: k, code: c, bubbles: true, cancelable: true }));
}, [key, code] as const);

for (const lang of ['en', 'he'] as const) {
  const m = lang === 'en' ? en : he;
  const rtl = lang === 'he';
  // The next page is in the reading direction: right in English, left in Hebrew.
  const NEXT_PAGE = rtl ? 'ArrowLeft' : 'ArrowRight';
  const PREVIOUS_PAGE = rtl ? 'ArrowRight' : 'ArrowLeft';

  describe(`keyboard through tables, the drawer and forms (${lang}, ${rtl ? 'right-to-left' : 'left-to-right'})`, () => {
    let h: Harness;
    const api = (route: Parameters<typeof apiGet>[2], query?: Record<string, string | number>, params?: Record<string, string>) =>
      apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { ...(query ? { query } : {}), ...(params ? { params } : {}) });
    beforeAll(async () => { h = await launchHarness({ lang, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => h?.close());

    it('arrows and j / k move through rows, left and right turn pages the reading way, Enter opens the drawer, j / k step in it, Escape closes it', async () => {
      const { page } = h;
      const p1 = await api('customers.list', { limit: 25 });
      const p2 = await api('customers.list', { limit: 25, cursor: p1.page!.next_cursor! });
      const ids1 = (p1.data as Row[]).map((r) => String(r.id));
      const ids2 = (p2.data as Row[]).map((r) => String(r.id));
      const names = new Map((p1.data as Row[]).map((r) => [String(r.id), String(r.name)]));
      await gotoArea(page, 'customers');
      expect(await waitForRows(page, ids1)).toEqual(ids1);
      await page.focus('[data-testid="list-table"] tbody tr[data-index="0"]');

      for (const [key, at] of [['ArrowDown', 1], ['j', 2], ['j', 3], ['k', 2], ['ArrowUp', 1], ['End', 24], ['Home', 0], ['ArrowUp', 0]] as const) {
        await page.keyboard.press(key);
        expect(await focusedRow(page), `${key} -> row ${at}`).toBe(ids1[at]);
      }

      // Pages turn with the arrow that points forward in this language; the focus goes to the first row.
      await page.keyboard.press(NEXT_PAGE);
      expect(await waitForRows(page, ids2)).toEqual(ids2);
      await expect.poll(() => page.textContent('[data-testid="page-number"]')).toBe(m.list.page.replace('{{n}}', '2'));
      await expect.poll(() => focusedRow(page)).toBe(ids2[0]);
      await page.keyboard.press(PREVIOUS_PAGE);
      expect(await waitForRows(page, ids1)).toEqual(ids1);
      await expect.poll(() => focusedRow(page)).toBe(ids1[0]);
      // Backwards from the first page goes nowhere.
      await page.keyboard.press(PREVIOUS_PAGE);
      expect(await page.textContent('[data-testid="page-number"]')).toBe(m.list.page.replace('{{n}}', '1'));

      // Enter opens the focused row in the drawer over the table.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await waitForDetail(page)).toBe('detail');
      expect(await currentHash(page)).toBe(`#/customers?open=${ids1[1]}`);
      await expect.poll(() => drawerTitle(page)).toBe(names.get(ids1[1]!));
      expect(await page.textContent('[data-testid="drawer-position"]')).toBe(textsIn(lang).t('drawer.position', { n: 2, total: 25 }));
      const side = await page.locator('[data-testid="record-drawer"]').boundingBox();
      // The drawer comes from the end side: the right in English, the left in Hebrew.
      if (rtl) expect(side!.x).toBe(0);
      else expect(Math.round(side!.x + side!.width)).toBe(1280);
      await screenshot(page, lang, 'ux-drawer-light');

      for (const [key, at] of [['j', 2], ['j', 3], ['k', 2]] as const) {
        await page.keyboard.press(key);
        await expect.poll(() => currentHash(page), { message: `${key} in the drawer` }).toBe(`#/customers?open=${ids1[at]}`);
        await expect.poll(() => drawerTitle(page)).toBe(names.get(ids1[at]!));
      }

      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
      await expectHash(page, /^#\/customers$/);
      // The table kept its place and the focus is on the row last shown.
      expect(await waitForRows(page, ids1)).toEqual(ids1);
      await expect.poll(() => focusedRow(page)).toBe(ids1[2]);
    });

    it('e edits the focused row, Ctrl+S saves the form, n creates in the current area', async () => {
      const { page } = h;
      const tags = (await api('tags.list', { limit: 25 })).data as Row[];
      const tag = tags[0]!;
      await gotoArea(page, 'tags');
      await waitForRows(page, tags.map((r) => String(r.id)));
      await page.focus(`[data-testid="list-table"] tbody tr[data-id="${String(tag.id)}"]`);
      if (rtl) await hebrewKey(page, 'ק', 'KeyE'); // e on a Hebrew layout
      else await page.keyboard.press('e');
      await expectHash(page, new RegExp(`^#/tags/${String(tag.id)}/edit$`));
      await page.waitForSelector('[data-testid="write-form"]');

      const renamed = `${String(tag.name)} ${lang}`;
      await fill(page, 'name', renamed);
      // From inside the field: Ctrl+S saves without leaving the keyboard.
      await page.focus('input[data-field="name"]');
      await page.keyboard.press('Control+s');
      await expectHash(page, new RegExp(`^#/tags/${String(tag.id)}$`));
      await expect.poll(async () => ((await api('tags.get', undefined, { id: String(tag.id) })).data as Row).name).toBe(renamed);

      // n on a record's page creates in its area: once the page shows (before, the form's shortcuts are still the screen's).
      await page.waitForSelector('[data-testid="detail-view"]');
      await page.locator('#main').focus();
      if (rtl) await hebrewKey(page, 'מ', 'KeyN'); // n on a Hebrew layout
      else await page.keyboard.press('n');
      await expectHash(page, /^#\/tags\/new$/);
      await page.waitForSelector('[data-testid="write-form"]');
      // Typing an n into a field is just a letter.
      await page.focus('input[data-field="name"]');
      await page.keyboard.type('new');
      expect(await page.inputValue('input[data-field="name"]')).toBe('new');
      await expectHash(page, /^#\/tags\/new$/);
      await fill(page, 'name', '');
    });

    it('? lists every shortcut, left and right as they act in this language', async () => {
      const { page } = h;
      await gotoArea(page, 'customers');
      await page.waitForSelector('[data-testid="list-table"]');
      await page.locator('#main').focus();
      await page.keyboard.press('Shift+?');
      await page.waitForSelector('[data-testid="shortcut-help"]');
      const listed = await page.$$eval('[data-testid="shortcut-help"] [data-shortcut]', (rows) => rows.map((r) => r.getAttribute('data-shortcut')));
      expect(listed.sort()).toEqual(SHORTCUTS.map((s) => s.id).sort());
      expect(await page.textContent('[data-shortcut="nextPage"] kbd')).toBe(rtl ? '←' : '→');
      expect(await page.textContent('[data-shortcut="palette"] .chord')).toBe('Ctrl + K');
      expect(await page.textContent('[data-shortcut="nextPage"]')).toContain(m.shortcuts.nextPage);
      await screenshot(page, lang, 'ux-shortcuts-light');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="shortcut-help"]', { state: 'detached' });
    });
  });
}
