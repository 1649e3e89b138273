import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { apiGet, gotoArea, SCREENSHOTS, screenshot, waitForDetail, type Row } from './support';
import { axeViolations, blocking, type AxeViolation } from './axe';

const scheme = (page: Page) => page.getAttribute('html', 'data-mantine-color-scheme');

/** Every screen and overlay of the daily-use tools, as the user reaches them, in one theme. */
const SCREENS: readonly { name: string; open: (page: Page, h: Harness) => Promise<void>; close?: (page: Page) => Promise<void> }[] = [
  { name: 'list', open: async (page) => { await gotoArea(page, 'customers'); await page.waitForSelector('[data-testid="list-table"] tbody tr'); } },
  {
    name: 'columns',
    open: async (page) => { await page.click('[data-testid="columns-button"]'); await page.waitForSelector('[data-testid="column-toggles"]'); },
    close: async (page) => { await page.keyboard.press('Escape'); await page.waitForSelector('[data-testid="column-toggles"]', { state: 'detached' }); },
  },
  {
    name: 'views',
    open: async (page) => {
      await page.click('[data-testid="views-button"]');
      await page.waitForSelector('[data-testid="views-menu"]');
      // A name already taken shows its error next to the field.
      await page.fill('[data-testid="view-name"]', 'Mine');
      if (await page.isEnabled('[data-testid="view-save"]')) await page.click('[data-testid="view-save"]');
      await page.fill('[data-testid="view-name"]', 'mine');
    },
    close: async (page) => { await page.fill('[data-testid="view-name"]', ''); await page.keyboard.press('Escape'); await page.waitForSelector('[data-testid="views-menu"]', { state: 'detached' }); },
  },
  {
    name: 'drawer',
    open: async (page) => {
      await page.click('[data-testid="list-table"] tbody tr[data-index="0"]');
      expect(await waitForDetail(page)).toBe('detail');
    },
    close: async (page) => { await page.keyboard.press('Escape'); await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' }); },
  },
  {
    name: 'palette',
    open: async (page, h) => {
      const c = ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 1 } })).data as Row[])[0]!;
      await page.keyboard.press('Control+k');
      await page.waitForSelector('[data-testid="palette-input"]');
      await page.keyboard.type(String(c.name).slice(0, 4));
      await page.waitForSelector('[data-group="records-customers"]', { timeout: 15_000 });
    },
    close: async (page) => { await page.keyboard.press('Escape'); await page.waitForSelector('[data-testid="palette-input"]', { state: 'detached' }); },
  },
  {
    name: 'shortcuts',
    open: async (page) => { await page.locator('#main').focus(); await page.keyboard.press('Shift+?'); await page.waitForSelector('[data-testid="shortcut-help"]'); },
    close: async (page) => { await page.keyboard.press('Escape'); await page.waitForSelector('[data-testid="shortcut-help"]', { state: 'detached' }); },
  },
  {
    name: 'load-all',
    open: async (page) => {
      await page.click('[data-testid="load-all"]');
      await page.waitForSelector('[data-testid="load-all-status"][data-status="done"]', { timeout: 30_000 });
      await page.waitForSelector('[data-testid="list-virtual"]');
    },
    close: async (page) => { await page.click('[data-testid="load-all"]'); await page.waitForSelector('[data-testid="page-next"]'); },
  },
  { name: 'form', open: async (page) => { await gotoArea(page, 'customers/new'); await page.waitForSelector('[data-testid="write-form"]'); } },
  {
    name: 'record',
    open: async (page, h) => {
      const d = ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'documents.list', { query: { limit: 1 } })).data as Row[])[0]!;
      await gotoArea(page, 'documents', String(d.id));
      expect(await waitForDetail(page)).toBe('detail');
    },
  },
];

/** Light, dark and the system theme, each through the accessibility gate, in one language (a file per language, so the two run side by side). */
export function themeGate(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  describe(`themes (${lang}): light, dark and the system's, each through the accessibility gate`, () => {
    let h: Harness;
    const seen: Record<string, AxeViolation[]> = {};
    beforeAll(async () => { h = await launchHarness({ lang, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => {
      const dir = join(SCREENSHOTS, 'a11y');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `themes-${lang}.json`), `${JSON.stringify(seen, null, 2)}\n`);
      await h?.close();
    });

    for (const theme of ['light', 'dark'] as const) {
      it(`${theme}: every tool passes axe (no serious or critical violation)`, async () => {
        const { page } = h;
        // A fresh window: nothing a step before left open (a dialog, a menu) lies over the switch.
        await page.reload();
        await page.waitForSelector('[data-testid="theme-switch"]');
        await page.click(`[data-testid="theme-switch"] [data-theme="${theme}"]`);
        await expect.poll(() => scheme(page)).toBe(theme);
        expect(await page.getAttribute(`[data-theme="${theme}"]`, 'aria-pressed')).toBe('true');
        expect(await page.getAttribute(`[data-theme="${theme}"]`, 'aria-label')).toBe(m.ui[theme]);
        for (const s of SCREENS) {
          await s.open(page, h);
          // A transition the opening starts has begun by then; axeViolations waits for it to end.
          await page.waitForTimeout(100);
          const found = await axeViolations(page);
          seen[`${theme}/${s.name}`] = found;
          expect(blocking(found), `${theme} ${s.name}`).toEqual([]);
          await screenshot(page, lang, `ux-${s.name}-${theme}`);
          await s.close?.(page);
        }
      }, 180_000);
    }

    it('"same as the system" follows the system\'s setting as it changes, and main keeps the choice', async () => {
      const { page } = h;
      await gotoArea(page, 'customers');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.click('[data-testid="theme-switch"] [data-theme="system"]');
      await expect.poll(() => scheme(page)).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => scheme(page)).toBe('light');
      // The choice reaches main on its own way (the screen follows the system at once, the save a moment after).
      await expect.poll(async () => {
        const kept = await h.core.router.handle(`${h.origin}/`, `theme-${lang}`, 'ui.getTheme', {});
        return kept.ok && kept.data;
      }).toEqual({ theme: 'system' });
      // A dark pick survives a reload of the window.
      await page.click('[data-testid="theme-switch"] [data-theme="dark"]');
      await page.reload();
      await page.waitForSelector('[data-testid="theme-switch"]');
      await expect.poll(() => scheme(page)).toBe('dark');
      await page.click('[data-testid="theme-switch"] [data-theme="light"]');
      await expect.poll(() => scheme(page)).toBe('light');
    });
  });
}
