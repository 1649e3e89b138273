import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { fill, submitToRecord } from './forms';
import { gotoArea, screenshot } from './support';

/**
 * A notice (a write's "Saved", with its request id) stays on screen for seconds while the user goes
 * on: it must never lie over the form they fill next, nor over a dropdown they open (a suite run once
 * failed on a select option under a notice, and a user would have met the same). Checked by geometry
 * and by what a click at each option's centre would hit, with the notice held open by the pointer
 * resting on it, in a wide window (the navigation's lane) and a narrow one (no lane: the notice keeps
 * to the half of the window the user is not typing in), in English and Hebrew (the lane is on the right).
 */

interface Box { left: number; right: number; top: number; bottom: number }
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const boxOf = async (l: Locator): Promise<Box> => {
  const b = (await l.boundingBox())!;
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
};

/** The notice's own box (the Mantine notification around the message). */
const theNotice = (page: Page) => page.locator('.mantine-Notification-root', { has: page.locator('[data-testid="notice-success"]') }).last();

/**
 * Of the options shown (inside the list's scrolled box and the window), how many a click at their centre
 * would reach (and not a notice over them). Read in one go: the list re-renders as search results come.
 */
const optionsReachable = (page: Page) => page.evaluate(() => {
  type El = { getBoundingClientRect(): Box; closest(s: string): El | null };
  const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<El>; elementFromPoint(x: number, y: number): El | null } }).document;
  let shown = 0;
  let reachable = 0;
  for (const e of doc.querySelectorAll('[role="listbox"] [role="option"]')) {
    const r = e.getBoundingClientRect();
    const list = e.closest('[role="listbox"]')!.getBoundingClientRect();
    const y = (r.top + r.bottom) / 2;
    if (r.bottom <= r.top || y < list.top || y > list.bottom || y > (globalThis as unknown as { innerHeight: number }).innerHeight) continue;
    shown += 1;
    if (doc.elementFromPoint((r.left + r.right) / 2, y)?.closest('[role="option"]') === e) reachable += 1;
  }
  return { shown, reachable };
});

/** Every option shown can be clicked (polled: the list may still be filling with search results). */
const expectOptionsReachable = (page: Page) => expect.poll(async () => {
  const { shown, reachable } = await optionsReachable(page);
  return shown > 0 && reachable === shown ? 'all reachable' : `${reachable} of ${shown} reachable`;
}).toBe('all reachable');

/** Rests the pointer on the notice: a notice under the pointer does not close by itself (Mantine pauses it). */
async function holdNotice(page: Page): Promise<Box> {
  const notice = await boxOf(theNotice(page));
  await page.mouse.move((notice.left + notice.right) / 2, (notice.top + notice.bottom) / 2);
  return notice;
}

/** A tag saved through its form (its notice stays, held by the pointer), then a new customer's form opened. */
async function savedTagThenNewCustomer(page: Page, tag: string): Promise<void> {
  await gotoArea(page, 'tags');
  await page.click('[data-testid="action-new"]');
  await fill(page, 'name', tag);
  await submitToRecord(page, 'tags');
  await holdNotice(page);
  await gotoArea(page, 'customers/new');
  await page.waitForSelector('[data-testid="write-form"]');
}

/** Opens the tag picker from the keyboard (the pointer stays on the notice), scrolled to where the window ends. */
async function openTagPicker(page: Page, search: string): Promise<void> {
  const input = page.locator('input[data-field="tag_ids"]');
  await input.evaluate((el) => (el as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'end' }));
  await input.focus();
  await input.fill(search);
  await page.getByRole('option', { name: search }).first().waitFor();
}

for (const lang of ['en', 'he'] as const) {
  describe(`notices keep out of the way (${lang})`, () => {
    let h: Harness;
    beforeAll(async () => { h = await launchHarness({ lang, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => h?.close());

    it('a wide window: the notice stays in the navigation\'s lane, off the form and off the open dropdown', async () => {
      const tag = `Notice ${lang} ${Date.now().toString(36)}`;
      await savedTagThenNewCustomer(h.page, tag);
      await openTagPicker(h.page, tag);
      const notice = await boxOf(theNotice(h.page));
      const nav = await boxOf(h.page.locator('.frame-nav'));
      expect(lang === 'he' ? notice.left >= nav.left : notice.right <= nav.right, `${JSON.stringify(notice)} in ${JSON.stringify(nav)}`).toBe(true);
      expect(overlaps(notice, await boxOf(h.page.locator('[data-testid="write-form"]')))).toBe(false);
      expect(overlaps(notice, await boxOf(h.page.locator('[role="listbox"]')))).toBe(false);
      await expectOptionsReachable(h.page);
      await screenshot(h.page, lang, 'notice-beside-open-picker');
      await h.page.keyboard.press('Escape');
    });

    it('a narrow window (no navigation lane): the notice moves to the half the user is not typing in, and an open dropdown is above it', async () => {
      const tag = `Narrow ${lang} ${Date.now().toString(36)}`;
      await h.page.setViewportSize({ width: 700, height: 720 });
      try {
        await savedTagThenNewCustomer(h.page, tag);
        const header = await boxOf(h.page.locator('.frame-header'));
        // A field low in the window: the notice goes to the top, below the header, and is held there.
        await openTagPicker(h.page, tag);
        const field = await boxOf(h.page.locator('input[data-field="tag_ids"]'));
        expect(field.top).toBeGreaterThan(360);
        await expect.poll(async () => (await boxOf(theNotice(h.page))).top).toBeLessThan(360);
        const high = await holdNotice(h.page);
        expect(high.top).toBeGreaterThanOrEqual(header.bottom);
        expect(overlaps(high, field)).toBe(false);
        await expectOptionsReachable(h.page);
        await screenshot(h.page, lang, 'notice-narrow-top');
        await h.page.keyboard.press('Escape');
        // A field high in the window: the notice goes back to the bottom, off that field.
        const name = h.page.locator('input[data-field="name"]');
        await name.evaluate((el) => (el as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'center' }));
        await h.page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
        await name.focus();
        await expect.poll(async () => (await boxOf(theNotice(h.page))).top).toBeGreaterThan(360);
        expect(overlaps(await holdNotice(h.page), await boxOf(name))).toBe(false);
        await screenshot(h.page, lang, 'notice-narrow-bottom');
      } finally {
        await h.page.setViewportSize({ width: 1280, height: 720 });
      }
    });
  });
}
