import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { apiGet, gotoArea, screenshot, stopAtFirstFailure, type Row } from './support';
import { fill, submitToRecord } from './forms';

/**
 * The activity log and the notices' request ids: writes made from the app appear with what, when,
 * request id and result, and are still there after the app restarts on the same settings store.
 */
let h: Harness;
const stamp = Date.now().toString(36);
const name = `Activity Café ${stamp}`;
let customerId = '';
let createdRequestId = '';

beforeAll(async () => { h = await launchHarness({ lang: 'en', sandbox: { rateLimit: 0 } }); }, 120_000);
afterAll(async () => h?.close());

async function faultNextWrites(writes: string[]): Promise<void> {
  const origin = new URL(h.sandbox.baseUrl).origin;
  const r = await fetch(`${origin}/_sandbox/faults`, { method: 'POST', headers: { Authorization: `Bearer ${h.sandbox.keys.owner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }) });
  expect(r.status).toBe(201);
}

interface Shown { route: string; outcome: string; recordId: string; requestId: string; text: string }
const activityRows = (): Promise<Shown[]> => h.page.$$eval('[data-testid="activity-table"] tbody tr', (trs) => trs.map((tr) => ({
  route: tr.getAttribute('data-route') ?? '', outcome: tr.getAttribute('data-outcome') ?? '', recordId: tr.getAttribute('data-record-id') ?? '',
  requestId: tr.querySelector('[data-testid="activity-request-id"]')?.textContent ?? '', text: (tr.textContent ?? '').replace(/\s+/g, ' '),
})));

describe('notices and the activity log', () => {
  // One customer's writes, then the log of them and its life across a restart: each step reads what the ones before it wrote.
  stopAtFirstFailure();

  it('a success notice keeps the request id behind "Details", and "Copy request id" copies it', async () => {
    await gotoArea(h.page, 'customers');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', name);
    customerId = await submitToRecord(h.page, 'customers');
    const notice = h.page.locator('[data-testid="notice-success"]').first();
    expect(await notice.textContent()).not.toContain('req_');
    await notice.locator('[data-testid="notice-details"]').click();
    const shown = notice.locator('[data-testid="notice-request-id"]');
    createdRequestId = (await shown.locator('code').textContent()) ?? '';
    expect(createdRequestId).toMatch(/^req_[0-9a-f]+$/);
    await screenshot(h.page, 'en', 'notice-request-id');
    await shown.getByRole('button', { name: 'Copy request id' }).click();
    await expect.poll(() => h.host.clipboard).toBe(createdRequestId);
  });

  it('edits, and an edit whose answer is lost (500) is looked up and logged as not saved', async () => {
    await h.page.click('[data-testid="action-edit"]');
    await fill(h.page, 'name', `${name} (edited)`);
    await submitToRecord(h.page, 'customers');
    await h.page.click('[data-testid="action-edit"]');
    await fill(h.page, 'name', `${name} (never)`);
    await faultNextWrites(['internal']);
    await h.page.click('[data-testid="form-submit"]');
    await h.page.waitForSelector('[data-testid="write-uncertain"][data-status="not_saved"]', { timeout: 15_000 });
    const record = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.get', { params: { id: customerId } })).data as Row;
    expect(record.name).toBe(`${name} (edited)`);
  });

  it('the Activity screen lists each write: what, when, result and request id, newest first', async () => {
    await h.page.click(`[data-area="activity"]`);
    // The form still holds what was typed: the app asks before leaving it.
    await h.page.click('[data-testid="confirm-ok"]');
    await h.page.waitForSelector('[data-testid="activity-table"]');
    const rows = (await activityRows()).filter((r) => r.recordId === customerId);
    expect(rows.map((r) => [r.route, r.outcome])).toEqual([['customers.update', 'not_saved'], ['customers.update', 'ok'], ['customers.create', 'ok']]);
    expect(rows[2]!.requestId).toBe(createdRequestId);
    for (const r of rows) expect(r.requestId).toMatch(/^req_[0-9a-f]+$/);
    expect(rows[0]!.text).toContain('Not saved');
    expect(rows[0]!.text).toContain('500');
    expect(rows[1]!.text).toContain(`Edited · Customers · ${name} (edited)`);
    expect(rows[2]!.text).toContain(`Created · Customers · ${name}`);
    await screenshot(h.page, 'en', 'activity');
  });

  it('is still there after the app restarts on the same store, in Hebrew too', async () => {
    const before = await activityRows();
    h = await h.restart();
    await gotoArea(h.page, 'activity');
    await h.page.waitForSelector('[data-testid="activity-table"]');
    expect(await activityRows()).toEqual(before);
    await h.page.click('[data-testid="language-switch"] button:has-text("עב")');
    await h.page.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { dir: string } } }).document.documentElement.dir === 'rtl');
    await expect.poll(() => h.page.textContent('#screen-title')).toBe('פעילות');
    const he = (await activityRows()).filter((r) => r.recordId === customerId);
    expect(he[0]!.text).toContain('לא נשמר');
    expect(he[1]!.text).toContain('נערך · לקוחות');
    await screenshot(h.page, 'he', 'activity');
    // A write in Hebrew: its notice says the request id in Hebrew and copies it.
    await gotoArea(h.page, 'customers', customerId);
    await h.page.click('[data-testid="action-edit"]');
    await fill(h.page, 'name', `${name} (he)`);
    await submitToRecord(h.page, 'customers');
    const notice = h.page.locator('[data-testid="notice-success"]').first();
    expect(await notice.textContent()).not.toContain('req_');
    await notice.getByRole('button', { name: 'פרטים' }).click();
    const shown = notice.locator('[data-testid="notice-request-id"]');
    expect(await shown.textContent()).toMatch(/^מזהה בקשה: req_[0-9a-f]+$/);
    await screenshot(h.page, 'he', 'notice-request-id');
    await shown.getByRole('button', { name: 'העתקת מזהה הבקשה' }).click();
    await expect.poll(() => h.host.clipboard).toMatch(/^req_[0-9a-f]+$/);
  });
});
