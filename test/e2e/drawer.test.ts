import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import { apiGet, currentHash, gotoArea, waitForDetail, waitForRows, type Row } from './support';
import { textsIn } from '../texts';
import { confirm, expectHash } from './forms';

describe('the record drawer over its table', () => {
  let h: Harness;
  const api = (route: Parameters<typeof apiGet>[2], query?: Record<string, string | number>, params?: Record<string, string>) =>
    apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { ...(query ? { query } : {}), ...(params ? { params } : {}) });
  beforeAll(async () => { h = await launchHarness({ lang: 'en', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('keeps the table\'s page under it, steps with its buttons, and Back closes it', async () => {
    const { page } = h;
    const p1 = await api('documents.list', { limit: 25 });
    const p2 = ((await api('documents.list', { limit: 25, cursor: p1.page!.next_cursor! })).data as Row[]);
    const ids2 = p2.map((r) => String(r.id));
    await gotoArea(page, 'documents');
    await page.waitForSelector('[data-testid="list-table"]');
    await page.click('[data-testid="page-next"]');
    expect(await waitForRows(page, ids2)).toEqual(ids2);

    await page.click(`[data-testid="list-table"] tbody tr[data-id="${ids2[3]}"]`);
    expect(await waitForDetail(page)).toBe('detail');
    await expect.poll(() => page.textContent('[data-testid="drawer-title"]')).toBe(String(p2[3]!.title));
    // The record's own actions and PDF buttons are in the drawer, and the table is still on page 2 behind it.
    expect(await page.isVisible('[data-testid="record-drawer"] [data-testid="pdf-open"]')).toBe(true);
    expect(await page.textContent('[data-testid="page-number"]')).toBe('Page 2');
    expect(await page.getAttribute('[data-testid="record-drawer"]', 'aria-labelledby')).toBeTruthy();

    await page.click('[data-testid="drawer-next"]');
    await expect.poll(() => currentHash(page)).toBe(`#/documents?open=${ids2[4]}`);
    await page.click('[data-testid="drawer-previous"]');
    await page.click('[data-testid="drawer-previous"]');
    await expect.poll(() => currentHash(page)).toBe(`#/documents?open=${ids2[2]}`);
    await expect.poll(() => page.textContent('[data-testid="drawer-title"]')).toBe(String(p2[2]!.title));

    // Opening took one history entry, stepping took none: Back closes the drawer onto the same page.
    await page.goBack();
    await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
    await expectHash(page, /^#\/documents$/);
    expect(await waitForRows(page, ids2)).toEqual(ids2);
  });

  it('names every button in the drawer by what it does: closing the drawer and closing the document are told apart', async () => {
    const { page } = h;
    const doc = ((await api('documents.list', { limit: 25, status: 'open' })).data as Row[])[0]!;
    await gotoArea(page, `documents?open=${String(doc.id)}`);
    expect(await waitForDetail(page)).toBe('detail');
    const drawer = page.locator('[data-testid="record-drawer"]');
    await drawer.locator('[data-testid="action-close"]').waitFor();
    expect(await drawer.getByRole('button', { name: en.app.close, exact: true }).count()).toBe(1);
    expect(await drawer.getByRole('button', { name: en.actions.close, exact: true }).count()).toBe(1);
    // No two buttons of the drawer share a name.
    const names = await drawer.getByRole('button').evaluateAll((els) => els.map((e) => ((e as unknown as { getAttribute(n: string): string | null }).getAttribute('aria-label') ?? (e as unknown as { textContent: string | null }).textContent ?? '').trim()));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
  });

  it('"Open full page" goes to the record\'s own screen; a drawer address opens the drawer over the first page', async () => {
    const { page } = h;
    const c = ((await api('customers.list', { limit: 3 })).data as Row[])[2]!;
    await gotoArea(page, `customers?open=${String(c.id)}`);
    expect(await waitForDetail(page)).toBe('detail');
    await expect.poll(() => page.textContent('[data-testid="drawer-title"]')).toBe(String(c.name));
    expect(await page.textContent('[data-testid="drawer-position"]')).toBe(textsIn('en').t('drawer.position', { n: 3, total: 25 }));
    await page.click('[data-testid="drawer-full-page"]');
    await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
    await expectHash(page, new RegExp(`^#/customers/${String(c.id)}$`));
    await page.getByRole('heading', { level: 1, name: String(c.name) }).waitFor();
  });

  it('writes from the drawer: edit goes to the form, delete closes the drawer and the row is gone', async () => {
    const { page } = h;
    const tags = (await api('tags.list', { limit: 25 })).data as Row[];
    const victim = tags[1]!;
    await gotoArea(page, 'tags');
    await waitForRows(page, tags.map((t) => String(t.id)));
    await page.click(`[data-testid="list-table"] tbody tr[data-id="${String(victim.id)}"]`);
    expect(await waitForDetail(page)).toBe('detail');
    await page.click('[data-testid="record-drawer"] [data-testid="action-edit"]');
    await expectHash(page, new RegExp(`^#/tags/${String(victim.id)}/edit$`));
    await page.goBack();
    expect(await waitForDetail(page)).toBe('detail');

    await page.click('[data-testid="record-drawer"] [data-testid="action-delete"]');
    await confirm(page);
    await page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
    await expectHash(page, /^#\/tags$/);
    const left = ((await api('tags.list', { limit: 25 })).data as Row[]).map((t) => String(t.id));
    expect(left).not.toContain(String(victim.id));
    expect(await waitForRows(page, left)).toEqual(left);
  });
});
