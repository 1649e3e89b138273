import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { apiGet, currentHash, waitForDetail, waitForRows, type Row } from './support';

/** What the keyboard is on: enough to find it and to see whether its focus ring shows. */
interface Focused {
  tag: string;
  testid: string | null;
  text: string;
  href: string | null;
  rowId: string | null;
  ring: boolean;
  onScreen: boolean;
}

/** The few page globals read here (the Node project has no DOM types). */
interface El {
  tagName: string;
  textContent: string | null;
  getAttribute(n: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number; width: number; height: number };
}
interface Win {
  document: { activeElement: El | null; body: El };
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(el: El): { outlineStyle: string; outlineWidth: string; boxShadow: string };
}

const focused = (page: Page): Promise<Focused | null> => page.evaluate(() => {
  const w = globalThis as unknown as Win;
  const el = w.document.activeElement;
  if (!el || el === w.document.body) return null;
  const cs = w.getComputedStyle(el);
  const r = el.getBoundingClientRect();
  return {
    tag: el.tagName.toLowerCase(),
    testid: el.getAttribute('data-testid'),
    text: (el.textContent ?? '').trim().slice(0, 60),
    href: el.getAttribute('href'),
    rowId: el.getAttribute('data-id'),
    // A ring is an outline (Mantine's focus ring, the browser's `auto` ring) or a box shadow.
    ring: (cs.outlineStyle !== 'none' && cs.outlineWidth !== '0px') || cs.boxShadow !== 'none',
    onScreen: r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < w.innerHeight && r.left < w.innerWidth,
  };
});

/** Presses `key` until the focused element matches, checking that every element it passes shows its focus. */
async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', match: (f: Focused) => boolean, what: string, max = 90): Promise<Focused> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (!f) throw new Error(`${key} left the focus on <body> looking for ${what}; passed ${passed.join(' | ')}`);
    expect(f.ring, `focus ring on ${f.tag} "${f.text}"`).toBe(true);
    expect(f.onScreen, `${f.tag} "${f.text}" scrolled into view`).toBe(true);
    if (match(f)) return f;
    passed.push(`${f.tag}:${f.testid ?? f.text}`);
  }
  throw new Error(`${what} not reached with ${max} × ${key}; passed ${passed.join(' | ')}`);
}

const focusOn = async (page: Page) => (await focused(page)) ?? { tag: 'body', testid: null, text: '', href: null, rowId: null, ring: false, onScreen: false };

describe('keyboard only: from the first screen to a PDF and back, then 100 rows per page', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: 'en', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('works with Tab, Shift+Tab, Enter, arrow keys and Escape alone', async () => {
    const { page } = h;
    const api = (query: Record<string, string | number>) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'documents.list', { query });
    const SEARCH = 'a';
    const first = await api({ limit: 25, search: SEARCH });
    const firstIds = (first.data as Row[]).map((r) => String(r.id));
    const withPdf = (first.data as Row[]).find((r) => r.pdf_available === true);
    expect(withPdf, 'a document with a PDF on the first page of the search').toBeDefined();
    expect(first.page?.has_more, 'more than one page, so 100 rows differ from 25').toBe(true);

    // The skip link is the first stop and puts focus on the main region without changing the route.
    await page.getByRole('heading', { level: 1, name: en.app.home }).waitFor();
    const skip = await pressUntil(page, 'Tab', () => true, 'the skip link', 1);
    expect(skip.text).toBe(en.app.skipToContent);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Win).document.activeElement?.getAttribute('id'))).toBe('main');
    expect(await currentHash(page)).toBe('');

    // Back into the navigation, to Documents.
    await pressUntil(page, 'Shift+Tab', (f) => f.href?.endsWith('#/documents') === true, 'the Documents link');
    await page.keyboard.press('Enter');
    await expect.poll(() => currentHash(page)).toBe('#/documents');
    await page.waitForSelector('[data-testid="list-table"]');

    // On to the search box; type.
    await pressUntil(page, 'Tab', (f) => f.testid === 'list-search', 'the search box');
    await page.keyboard.type(SEARCH);
    expect(await waitForRows(page, firstIds)).toEqual(firstIds);

    // Escape closes a popover and gives the focus back to its button.
    await pressUntil(page, 'Tab', (f) => f.text === en.list.columns, 'the Columns button');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: en.list.columns }).waitFor();
    expect((await focusOn(page)).tag).toBe('input');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focusOn(page)).text).toBe(en.list.columns);

    // Into the table, to the row of a document with a PDF, and open it: in the drawer over the table.
    await pressUntil(page, 'Tab', (f) => f.tag === 'tr' && f.rowId === String(withPdf!.id), 'the row of a document with a PDF');
    await page.keyboard.press('Enter');
    expect(await waitForDetail(page)).toBe('detail');
    expect(await currentHash(page)).toBe(`#/documents?open=${String(withPdf!.id)}`);

    // The drawer has the focus, so Open PDF is a few Tabs away.
    const opened = h.host.opened.length;
    await pressUntil(page, 'Tab', (f) => f.testid === 'pdf-open', 'Open PDF', 8);
    await page.keyboard.press('Enter');
    await page.getByText(en.pdf.opened).waitFor();
    expect(h.host.opened.length).toBe(opened + 1);
    expect(h.host.opened.at(-1)!.target).toBe('window');
    expect(readFileSync(h.host.opened.at(-1)!.filePath).subarray(0, 5).toString()).toBe('%PDF-');

    // Escape closes the drawer: the table is where it was, the search kept, the focus back on the row.
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
    await expect.poll(() => currentHash(page)).toBe('#/documents');
    expect(await waitForRows(page, firstIds)).toEqual(firstIds);
    expect(await page.inputValue('[data-testid="list-search"]')).toBe(SEARCH);
    await expect.poll(async () => (await focusOn(page)).rowId).toBe(String(withPdf!.id));

    // Rows per page: the system's select, whose arrow keys change it directly.
    await pressUntil(page, 'Tab', (f) => f.testid === 'page-size', 'the page size select');
    const selected = () => page.inputValue('[data-testid="page-size"]');
    for (let i = 0; i < 4 && (await selected()) !== '100'; i++) await page.keyboard.press('ArrowDown');
    expect(await selected()).toBe('100');
    const hundred = ((await api({ limit: 100, search: SEARCH })).data as Row[]).map((r) => String(r.id));
    expect(hundred.length).toBeGreaterThan(25);
    expect(await waitForRows(page, hundred)).toEqual(hundred);
    expect(await page.inputValue('[data-testid="page-size"]')).toBe('100');
    expect((await focusOn(page)).testid).toBe('page-size');

  });
});
