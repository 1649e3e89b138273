import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchHarness, type Harness } from '../harness/launch';
import { en } from '../../renderer/i18n/en';
import type { TableViews } from '../../shared';
import { apiGet, gotoArea, screenshot, stopAtFirstFailure, waitForRows, type Row } from './support';

const headers = (page: Page) => page.$$eval('[data-testid="list-table"] thead th', (ths) => ths.map((th) => th.getAttribute('data-col')));
const columnWidth = (page: Page, col: string) => page.$eval(`[data-testid="list-table"] thead th[data-col="${col}"]`, (th) => Math.round((th as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width));

async function openColumns(page: Page): Promise<void> {
  await page.click('[data-testid="columns-button"]');
  await page.waitForSelector('[data-testid="column-toggles"]');
}

async function openViews(page: Page): Promise<void> {
  await page.click('[data-testid="views-button"]');
  await page.waitForSelector('[data-testid="views-menu"]');
}

async function saveViewAs(page: Page, name: string): Promise<void> {
  await openViews(page);
  await page.fill('[data-testid="view-name"]', name);
  await page.click('[data-testid="view-save"]');
  await expect.poll(() => page.$$eval('[data-testid="view-entry"]', (els) => els.map((e) => e.getAttribute('data-view')))).toContain(name);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="views-menu"]', { state: 'detached' });
}

describe('saved views: per table and per profile, kept by main across a restart of the harness', () => {
  // The second step switches profiles from the views the first one saved.
  stopAtFirstFailure();
  const stateDir = mkdtempSync(join(tmpdir(), 'bizops-views-'));
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });
  const ids = (rows: unknown) => (rows as Row[]).map((r) => String(r.id));

  it('columns (visibility, order, width), page size and filters, and named views come back after a restart', async () => {
    h = await launchHarness({ lang: 'en', stateDir, sandbox: { rateLimit: 0 } });
    const { page } = h;
    const profileId = h.profile!.id;
    const api = (query: Record<string, string | number>) => apiGet(h!.sandbox.baseUrl, h!.sandbox.keys.owner, 'customers.list', { query });

    await gotoArea(page, 'customers');
    expect(await waitForRows(page, ids((await api({ limit: 25 })).data))).toHaveLength(25);
    expect(await headers(page)).toEqual(['name', 'contact_person', 'email', 'phone', 'status']);

    // Columns: email off, business number on, phone up three places in the chooser's list (hidden columns count), the name 300 px wide.
    await openColumns(page);
    await page.getByRole('checkbox', { name: en.fields.email, exact: true }).click();
    await page.getByRole('checkbox', { name: en.fields.business_number, exact: true }).click();
    for (let i = 0; i < 3; i++) await page.click('[data-testid="move-up-phone"]');
    expect(await page.$$eval('[data-testid="column-toggles"] [data-column]', (els) => els.map((e) => e.getAttribute('data-column')).slice(0, 5))).toEqual(['name', 'phone', 'business_number', 'contact_person', 'email']);
    await page.fill('[data-testid="width-name"]', '300');
    await page.keyboard.press('Escape');
    const layout = ['name', 'phone', 'business_number', 'contact_person', 'status'];
    await expect.poll(() => headers(page)).toEqual(layout);
    expect(await columnWidth(page, 'name')).toBe(300);

    // Filters and page size.
    await page.selectOption('[data-testid="list-status"]', 'active');
    await page.selectOption('[data-testid="page-size"]', '50');
    const active50 = ids((await api({ limit: 50, status: 'active' })).data);
    expect(await waitForRows(page, active50)).toEqual(active50);
    await saveViewAs(page, 'Active, wide names');

    // A second view: inactive customers, 25 a page, under a Hebrew name.
    await page.selectOption('[data-testid="list-status"]', 'inactive');
    await page.selectOption('[data-testid="page-size"]', '25');
    const inactive = ids((await api({ limit: 25, status: 'inactive' })).data);
    expect(await waitForRows(page, inactive)).toEqual(inactive);
    await saveViewAs(page, 'לקוחות לא פעילים');

    // Back to the first view: everything it holds comes back.
    await openViews(page);
    await page.click('[data-testid="view-entry"][data-view="Active, wide names"]');
    await page.keyboard.press('Escape');
    expect(await waitForRows(page, active50)).toEqual(active50);
    expect(await page.inputValue('[data-testid="page-size"]')).toBe('50');
    expect(await headers(page)).toEqual(layout);
    await screenshot(page, 'en', 'ux-views-applied-light');

    // Main holds it for this profile (written a moment after the change).
    // Both named views and the applied one: right after the first save, main already held that one as applied.
    await expect.poll(() => {
      const v = (h!.store.data.get('table_views') as Record<string, Record<string, TableViews>> | undefined)?.[profileId]?.customers;
      return v ? { active: v.active, named: v.named.map((x) => x.name), pageSize: v.current.pageSize } : null;
    }).toEqual({ active: 'Active, wide names', named: ['Active, wide names', 'לקוחות לא פעילים'], pageSize: 50 });
    const kept = (h.store.data.get('table_views') as Record<string, Record<string, TableViews>>)[profileId]!.customers!;
    expect(kept.named.map((v) => v.name)).toEqual(['Active, wide names', 'לקוחות לא פעילים']);
    expect(kept.current).toMatchObject({ pageSize: 50, columnSizing: { name: 300 }, filters: { status: 'active' } });
    // Another table keeps its own view.
    await gotoArea(page, 'tasks');
    await page.waitForSelector('[data-testid="list-table"]');
    await page.selectOption('[data-testid="page-size"]', '100');
    await expect.poll(() => (h!.store.data.get('table_views') as Record<string, Record<string, TableViews>>)[profileId]?.tasks?.current.pageSize).toBe(100);
    await h.close();
    h = undefined;

    // A restart on the same state folder: same profile, a new sandbox, a new browser.
    h = await launchHarness({ lang: 'en', stateDir, sandbox: { rateLimit: 0 } });
    const again = h.page;
    expect(h.profile!.id).toBe(profileId);
    await gotoArea(again, 'customers');
    const restored = ids((await api({ limit: 50, status: 'active' })).data);
    expect(await waitForRows(again, restored)).toEqual(restored);
    expect(await headers(again)).toEqual(layout);
    expect(await columnWidth(again, 'name')).toBe(300);
    expect(await again.inputValue('[data-testid="page-size"]')).toBe('50');
    expect(await again.inputValue('[data-testid="list-status"]')).toBe('active');
    expect(await again.textContent('[data-testid="views-button"]')).toBe(en.views.activeButton.replace('{{name}}', 'Active, wide names'));

    // The named views came back too: switch to the Hebrew one.
    await openViews(again);
    expect(await again.$$eval('[data-testid="view-entry"]', (els) => els.map((e) => e.getAttribute('data-view')))).toEqual(['Active, wide names', 'לקוחות לא פעילים']);
    await again.click('[data-testid="view-entry"][data-view="לקוחות לא פעילים"]');
    await again.keyboard.press('Escape');
    const inactiveAgain = ids((await api({ limit: 25, status: 'inactive' })).data);
    expect(await waitForRows(again, inactiveAgain)).toEqual(inactiveAgain);
    expect(await again.inputValue('[data-testid="page-size"]')).toBe('25');

    await gotoArea(again, 'tasks');
    await again.waitForSelector('[data-testid="list-table"]');
    expect(await again.inputValue('[data-testid="page-size"]')).toBe('100');

    // The default view puts the declaration's columns back.
    await gotoArea(again, 'customers');
    await again.waitForSelector('[data-testid="list-table"]');
    await openViews(again);
    await again.click('[data-testid="view-default"]');
    await again.keyboard.press('Escape');
    await expect.poll(() => headers(again)).toEqual(['name', 'contact_person', 'email', 'phone', 'status']);
    expect(await again.textContent('[data-testid="views-button"]')).toBe(en.views.button);
  }, 240_000);

  it('views belong to a profile: another profile of the same business starts from the defaults', async () => {
    const { page } = h!;
    const sender = `${h!.origin}/`;
    await openViews(page);
    await page.click('[data-testid="view-entry"][data-view="Active, wide names"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).toEqual(['name', 'phone', 'business_number', 'contact_person', 'status']);
    const added = await h!.core.router.handle(sender, 'views-add', 'profiles.add', { name: 'Second desk', environment: 'test', base_url: h!.sandbox.baseUrl, key: { source: 'typed', key: h!.sandbox.keys.owner }, session_only: false });
    if (!added.ok) throw new Error(added.error.message);
    await h!.core.router.handle(sender, 'views-activate', 'profiles.activate', { id: (added.data as { id: string }).id });
    // Switched by main (another window): the open table takes the new profile's views at once, and keeps
    // nothing of the last profile's for it (a write of the table's state lands a moment after a change).
    await expect.poll(() => headers(page)).toEqual(['name', 'contact_person', 'email', 'phone', 'status']);
    await page.waitForTimeout(500);
    await page.reload();
    await gotoArea(page, 'customers');
    await page.waitForSelector('[data-testid="list-table"]');
    expect(await headers(page)).toEqual(['name', 'contact_person', 'email', 'phone', 'status']);
    expect(await page.inputValue('[data-testid="page-size"]')).toBe('25');
    expect(await page.textContent('[data-testid="views-button"]')).toBe(en.views.button);
  }, 60_000);
});
