import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { apiGet, apiWrite, gotoArea, waitForDetail, type Row } from './support';
import { choose, expectHash, fill } from './forms';

/**
 * Back on a record's screen after a save, its first paint shows what was saved, never the copy the app
 * held from before. The record's re-read after each save is held on the network until the app has
 * either shown the record's screen (from what it held) or shown that it waits for the re-read: every
 * text the screen shows from the click on Save on is recorded, and none may be the old one.
 */
const stamp = Date.now().toString(36);
let h: Harness;
const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
const write = (route: Parameters<typeof apiWrite>[2], opts: Parameters<typeof apiWrite>[3] = {}) => apiWrite(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);

/** The record screen's part a step watches: a field's value by its label, or an embedded table. */
type Watched = { field: string } | { table: string };

interface WatchGlobals {
  __shown?: string[];
  location: { hash: string };
  document: { body: { dataset: Record<string, string | undefined> }; querySelector(s: string): { textContent: string | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null; querySelector(s: string): { textContent: string | null } | null }> } | null };
  MutationObserver: new (cb: () => void) => { observe(target: unknown, o: Record<string, boolean>): void };
}

/**
 * From now on, each text the record screen shows in `what`, as every change of the page leaves it (a
 * mutation observer's callback runs before the page paints that change). Nothing while no record is shown.
 */
async function watch(page: Page, what: Watched): Promise<void> {
  await page.evaluate((w) => {
    const g = globalThis as unknown as WatchGlobals;
    const shown: string[] = [];
    g.__shown = shown;
    const read = () => {
      const view = g.document.querySelector('[data-testid="detail-view"]');
      if (!view) return;
      let text: string | null = null;
      if ('table' in w) text = g.document.querySelector(`[data-testid="subtable-${w.table}"]`)?.textContent ?? '';
      else {
        const field = Array.from(view.querySelectorAll('dl.fields .field')).find((f) => f.querySelector('dt')?.textContent === w.field);
        text = field?.querySelector('dd')?.textContent ?? '';
      }
      if (shown.at(-1) !== text) shown.push(text);
    };
    new g.MutationObserver(read).observe(g.document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, what);
}

const shownTexts = (page: Page): Promise<string[]> => page.evaluate(() => (globalThis as unknown as WatchGlobals).__shown ?? []);

/** The watched table was shown, and every time with `text` in it. */
function everyShownHas(shown: readonly string[], text: string): void {
  expect(shown.length).toBeGreaterThan(0);
  for (const t of shown) expect(t).toContain(text);
}

/**
 * Clicks Save with the record's re-read (`readPath`) held. Once it is on the network, the app has either
 * gone to the record's screen (let it show, from what it held, before the read goes on) or stays on the
 * form until the read is in; then the read goes, and the record's screen (`screen`) is waited for.
 */
async function saveWithReadHeld(page: Page, readPath: string, screen: string): Promise<void> {
  const held = h.network.hold((url) => url.pathname.endsWith(readPath));
  try {
    await page.click('[data-testid="form-submit"]');
    await expect.poll(() => held.waiting()).toBeGreaterThan(0);
    const left = await page.evaluate((s) => (globalThis as unknown as WatchGlobals).location.hash === `#${s}`, screen);
    if (left) await page.waitForFunction((s) => (globalThis as unknown as WatchGlobals).document.body.dataset.screen === s, screen);
  } finally {
    held.release();
  }
  await expectHash(page, new RegExp(`^#${screen}$`));
  expect(await waitForDetail(page)).toBe('detail');
}

let lead: Row;
let customer: Row;

beforeAll(async () => {
  h = await launchHarness({ lang: 'en', localCopy: true, sandbox: { rateLimit: 0 } });
  lead = ((await api('leads.list', { query: { limit: 50, status: 'new' } })).data as Row[]).find((l) => l.converted_customer_id === null && typeof l.phone === 'string')!;
  customer = await write('customers.create', { body: { name: `Saved Record ${stamp}`, email: `before.${stamp}@example.com` } });
}, 120_000);
afterAll(async () => h?.close());

/** The lead's form on screen: filled in, saved with the lead's re-read held; what the watched part showed since. */
async function saveOnLead(what: Watched, fillIn: () => Promise<void>): Promise<string[]> {
  const id = String(lead.id);
  await fillIn();
  await watch(h.page, what);
  await saveWithReadHeld(h.page, `/leads/${id}/details`, `/leads/${id}`);
  return shownTexts(h.page);
}

describe('the record screen after a save shows what was saved from its first paint', () => {
  it('an edit (its answer is the plain record; the screen shows the detailed one)', async () => {
    const id = String(lead.id);
    const phone = `04-${stamp.slice(-7)}`;
    await gotoArea(h.page, 'leads', id);
    expect(await waitForDetail(h.page)).toBe('detail');
    await h.page.click('[data-testid="action-edit"]');
    await expectHash(h.page, new RegExp(`^#/leads/${id}/edit$`));
    const shown = await saveOnLead({ field: en.fields.phone }, () => fill(h.page, 'phone', phone));
    expect((await api('leads.details', { params: { id } })).data).toMatchObject({ phone });
    expect(shown).toEqual([phone]);
    expect(shown).not.toContain(lead.phone);
  });

  it('an action (a lead\'s status)', async () => {
    const id = String(lead.id);
    await h.page.click('[data-testid="action-status"]');
    await expectHash(h.page, new RegExp(`^#/leads/${id}/status$`));
    const shown = await saveOnLead({ field: en.fields.status }, () => choose(h.page, 'status', en.status.proposal));
    expect(((await api('leads.details', { params: { id } })).data as Row).status).toBe('proposal');
    expect(shown).toEqual([en.status.proposal]);
  });

  it('an action that adds a row (an activity): the record\'s table lists it', async () => {
    const note = `Called back ${stamp}`;
    await h.page.click('[data-testid="action-addActivity"]');
    everyShownHas(await saveOnLead({ table: 'activities' }, () => fill(h.page, 'note', note)), note);
  });

  it('a new record started from this one: back on it, its table lists the new one', async () => {
    const title = `Send the quote ${stamp}`;
    await h.page.click('[data-testid="start-tasks"]');
    await expectHash(h.page, new RegExp(`^#/tasks/new\\?from=leads&fromId=${String(lead.id)}`));
    await expect.poll(() => h.page.inputValue('input[data-field="lead_id"]')).not.toBe('');
    everyShownHas(await saveOnLead({ table: 'tasks' }, () => fill(h.page, 'title', title)), title);
  });

  it('another area\'s edit (a customer)', async () => {
    const id = String(customer.id);
    const email = `after.${stamp}@example.com`;
    await gotoArea(h.page, `customers/${id}/edit`);
    await h.page.waitForSelector('[data-testid="write-form"]');
    await fill(h.page, 'email', email);
    await watch(h.page, { field: en.fields.email });
    await saveWithReadHeld(h.page, `/customers/${id}/details`, `/customers/${id}`);
    expect(await shownTexts(h.page)).toEqual([email]);
  });
});
